import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface LinkPageProps {
  heading: string;
  /** Shown above the heading (the opt-out page's logo). */
  banner?: ReactNode;
  children: ReactNode;
}

/** The frame of the screens reached from a link in an e-mail. */
export function LinkPage({ heading, banner, children }: LinkPageProps) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto', py: 2 }}>
      {banner}
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
      {children}
    </Stack>
  );
}
