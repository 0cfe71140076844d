import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

interface DashboardSkeletonProps {
  /** What is loading, announced once (dashboardTexts.loadingText, 'Loading accounts'). */
  label: string;
}

/** A table's outline while it loads: a heading, a header row and a few rows. */
function TableSkeleton({ rows }: { rows: number }) {
  return (
    <Box>
      <Skeleton variant="text" width="28%" sx={{ fontSize: '1.5rem', mb: 1 }} />
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
        <Skeleton variant="text" height={28} width="100%" />
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} variant="text" height={40} width="100%" />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The dashboard while its lists load: one placeholder per region in the place and about the size
 * of what will fill it (what is due, the actions, two account lists, the previous sign-in), not
 * one grey block, so the page's shape is there at once and little moves when it fills in. Its
 * name is announced once (a status); the shapes are hidden from assistive technology.
 */
export function DashboardSkeleton({ label }: DashboardSkeletonProps) {
  return (
    <Stack spacing={3} role="status" aria-label={label} sx={{ minHeight: '100vh' }}>
      <Stack spacing={3} aria-hidden>
        <Skeleton variant="rounded" height={112} />
        <Stack direction="row" spacing={2}>
          <Skeleton variant="rounded" width={148} height={36} />
          <Skeleton variant="rounded" width={148} height={36} />
        </Stack>
        <TableSkeleton rows={3} />
        <TableSkeleton rows={2} />
        <Skeleton variant="text" width="40%" />
      </Stack>
    </Stack>
  );
}
