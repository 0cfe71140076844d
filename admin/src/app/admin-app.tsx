import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BUILT_IN_THEMES, createPortalTheme } from '@portal/themes';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { createAdminRouter } from './router';

const theme = createPortalTheme({ ...BUILT_IN_THEMES.harbor.tokens, colorScheme: 'light' });

interface AdminAppProps {
  queryClient?: QueryClient;
  /** The first route (tests); the browser's hash otherwise. */
  initialPath?: string;
}

/** The staff app: providers around the hash router. */
export function AdminApp({ queryClient, initialPath }: AdminAppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(() => createAdminRouter(initialPath));
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
