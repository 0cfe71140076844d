import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';

interface Error500PageProps {
  onRetry(): void;
  retrying: boolean;
}

/**
 * Shown when the start-up settings cannot be loaded (spec 000 section 4). It must not read any
 * setting, so its texts are fixed and it uses MUI's default theme.
 */
export function Error500Page({ onRetry, retrying }: Error500PageProps) {
  useEffect(() => {
    document.title = 'Payments - Error';
  }, []);
  return (
    <>
      <CssBaseline />
      <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Error 500: the portal could not start
        </Typography>
        <Typography sx={{ mb: 3 }}>
          We could not load this site&apos;s settings. Please try again in a moment.
        </Typography>
        <Button variant="contained" onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
        <Typography role="status" sx={{ mt: 2 }}>
          {retrying ? 'Trying again…' : ''}
        </Typography>
      </Container>
    </>
  );
}
