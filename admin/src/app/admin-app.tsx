import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BUILT_IN_THEMES, createPortalTheme } from '@portal/themes';
import { createQueryClient } from '@portal/web-kit';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAdminRouter } from './router';

// The staff tool's own look, the same for every institution it edits: the product's navy with
// the system's sans-serif font (an institution's brand shows in the preview, not around it).
const theme = createPortalTheme({
  ...BUILT_IN_THEMES.harbor.tokens,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  borderRadius: 6,
  colorScheme: 'light',
});

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
