import Link from '@mui/material/Link';

interface SkipLinkProps {
  targetId: string;
  children: string;
}

/**
 * The first focusable element: hidden until focused, it moves focus to the main content. The
 * hash holds the route, so it focuses the target itself instead of following `#id`.
 */
export function SkipLink({ targetId, children }: SkipLinkProps) {
  return (
    <Link
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        '&:focus': { top: 8, outline: '3px solid', outlineColor: 'secondary.main' },
      }}
    >
      {children}
    </Link>
  );
}
