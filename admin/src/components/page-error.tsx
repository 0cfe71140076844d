import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { errorMessage } from '../lib/api-client';

/** A page that could not load, with a retry. */
export function PageError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          ) : undefined
        }
      >
        {errorMessage(error)}
      </Alert>
    </Box>
  );
}
