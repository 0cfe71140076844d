import Box from '@mui/material/Box';
import { keyframes, type SxProps, type Theme } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * A placeholder while a block loads: a skeleton announced by name (a status, since a plain span
 * may not carry a label). Drawn with a Box, as MUI's Skeleton (rounded, pulsing) draws it: the
 * routes that only wait on a block (the profile, the history) need no Skeleton code for it.
 */
export function LoadingBlock(props: { label: string; height: number; sx?: SxProps<Theme> }) {
  return (
    <Box
      role="status"
      aria-label={props.label}
      sx={[
        {
          height: props.height,
          borderRadius: 1,
          bgcolor: 'action.hover',
          animation: `${pulse} 2s ease-in-out 0.5s infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    />
  );
}
