import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportClientError } from '../../lib/client-error-reporter';

/**
 * The last resort when a layout itself fails (its lazy chunk, or a broken setting it reads):
 * fixed texts, because the failure may be in the settings.
 */
export function RootErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    reportClientError(error);
  }, [error]);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 3 }}>An error occurred while trying to load that page.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
