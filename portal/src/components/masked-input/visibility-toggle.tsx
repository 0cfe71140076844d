import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';

interface VisibilityToggleProps {
  /** What the button shows, e.g. "Show Password"; the pressed state says whether it is shown. */
  label: string;
  revealed: boolean;
  onToggle(): void;
  disabled?: boolean;
}

/** The show/hide button of a secret field: a real toggle button with aria-pressed and a label. */
export function VisibilityToggle({ label, revealed, onToggle, disabled }: VisibilityToggleProps) {
  return (
    <IconButton
      aria-label={label}
      aria-pressed={revealed}
      onClick={onToggle}
      // Keeps the caret in the field when the button is clicked with the mouse.
      onMouseDown={(event) => event.preventDefault()}
      edge="end"
      disabled={disabled}
    >
      {revealed ? <VisibilityOff /> : <Visibility />}
    </IconButton>
  );
}
