import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportClientError } from '../../lib/client-error-reporter';
import { useSettings } from '../../lib/settings/settings-context';

/**
 * The error view of a failed navigation (a lazy page that would not load, a loader or render
 * error), shown inside the layout: 'An error occurred while trying to load that page.'
 */
export function PageLoadError() {
  const error = useRouteError();
  const settings = useSettings();
  useEffect(() => {
    reportClientError(error);
  }, [error]);
  return (
    <Alert severity="error" sx={{ my: 3 }}>
      <Typography component="h1" variant="body1">
        {settings.get('errorTexts.pageLoadErrorText')}
      </Typography>
    </Alert>
  );
}
