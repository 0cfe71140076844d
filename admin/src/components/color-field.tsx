import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import {
  AA_TEXT_CONTRAST,
  LOGO_CONTRAST,
  checkBrandContrast,
  parseHexColor,
  type BrandColorToken,
  type ContrastCheck,
} from '@portal/themes';

const NativeColorInput = styled('input')(({ theme }) => ({
  width: 56,
  height: 40,
  padding: 2,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  cursor: 'pointer',
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '&:disabled': { cursor: 'default' },
}));

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value.trim());
}

/** The native colour input takes #rrggbb only. */
function toSixDigits(value: string): string {
  if (!isHexColor(value)) return '#000000';
  const { r, g, b } = parseHexColor(value);
  return `#${[r, g, b].map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

export type BrandColors = Record<BrandColorToken, string>;

/** The contrast check of one brand colour, or undefined while any of them is not a colour yet. */
export function contrastOf(token: BrandColorToken, colors: BrandColors): ContrastCheck | undefined {
  if (!Object.values(colors).every(isHexColor)) return undefined;
  return checkBrandContrast(colors).find((check) => check.token === token);
}

function ratio(value: number): string {
  return `${value.toFixed(1)}:1`;
}

function textColourName(color: string): string {
  return color.toLowerCase() === '#ffffff' ? 'White' : 'Dark';
}

interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  readOnly?: boolean;
  disabled?: boolean;
  /** The label is shown outside (a settings form's field template names the input). */
  hideLabel?: boolean;
  /** Marks the hex field invalid. */
  invalid?: boolean;
  /** A problem to show under the hex field (instead of the format hint). */
  errorText?: string;
  /** Ids of descriptions outside the field. */
  describedBy?: string;
  contrast?: ContrastCheck;
}

/**
 * A brand colour: the native colour picker plus the hex text, with the WCAG AA check of how the
 * portal uses it (text on the colour, and the colour as text on the page).
 */
export function ColorField({
  id,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  readOnly = false,
  disabled = false,
  hideLabel = false,
  invalid = false,
  errorText,
  describedBy,
  contrast,
}: ColorFieldProps) {
  const contrastId = `${id}-contrast`;
  // MUI points aria-describedby at the helper text; the contrast verdict and outer notes join it.
  const describedByIds = [`${id}-helper-text`, describedBy, contrast ? contrastId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <NativeColorInput
          type="color"
          aria-label={`${label} picker`}
          value={toSixDigits(value)}
          disabled={disabled || readOnly}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onFocus={onFocus}
        />
        <TextField
          id={id}
          label={hideLabel ? undefined : label}
          value={value}
          size="small"
          onChange={(event) => onChange(event.target.value.trim())}
          onBlur={onBlur}
          onFocus={onFocus}
          disabled={disabled}
          error={invalid || errorText !== undefined}
          helperText={errorText ?? 'A colour like #1a2b3c'}
          slotProps={{
            htmlInput: {
              readOnly,
              spellCheck: false,
              'aria-describedby': describedByIds,
            },
          }}
          sx={{ width: 200 }}
        />
      </Box>
      {contrast && (
        <Box id={contrastId} sx={{ mt: 1 }}>
          {contrast.passes ? (
            <Typography variant="body2" color="text.secondary">
              Contrast passes WCAG AA: {textColourName(contrast.textColor).toLowerCase()} text on it{' '}
              {ratio(contrast.ratio)}, on the page {ratio(contrast.ratioOnPage)}
              {contrast.logoRatio !== undefined &&
                `, the white logo on it ${ratio(contrast.logoRatio)}`}
              .
            </Typography>
          ) : (
            <Alert severity="warning" role="status">
              Poor contrast: {textColourName(contrast.textColor).toLowerCase()} text on this colour
              is {ratio(contrast.ratio)} and the colour as text on the page is{' '}
              {ratio(contrast.ratioOnPage)}. WCAG AA needs {AA_TEXT_CONTRAST}:1 for both.
              {contrast.logoRatio !== undefined &&
                contrast.logoRatio < LOGO_CONTRAST &&
                ` The white logo on it is ${ratio(contrast.logoRatio)}: a logo needs ${LOGO_CONTRAST}:1.`}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
