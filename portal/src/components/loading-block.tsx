import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A placeholder while a block loads: a skeleton announced by name (a status, since a plain span
 * may not carry a label).
 */
export function LoadingBlock(props: { label: string; height: number; sx?: SxProps<Theme> }) {
  return (
    <Skeleton
      variant="rounded"
      height={props.height}
      role="status"
      aria-label={props.label}
      sx={props.sx}
    />
  );
}
