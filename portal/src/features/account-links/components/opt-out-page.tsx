import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { InstitutionLogo } from '../../../components/institution-logo';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { useOptOut } from '../api/opt-out';

/**
 * opt-out?token= (spec 000 section 2.12): turns off e-mail notifications for the address the
 * link's token stands for. Without a token the failure message shows at once and the button
 * cannot succeed.
 */
export function OptOutPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // Another link opened in the same tab starts over.
  return <OptOutForm key={token} token={token} />;
}

function OptOutForm({ token }: { token: string }) {
  const settings = useSettings();
  const { institutionName } = useInstitutionOptions();
  const optOut = useOptOut();

  const failed = token === '' || optOut.isError;
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', py: 2, display: 'grid', gap: 3 }}>
      <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, p: 2 }}>
        <InstitutionLogo alt={institutionName} height={48} />
      </Box>
      <Typography variant="h4" component="h1">
        {settings.get('optOutTexts.headingText')}
      </Typography>
      {optOut.isSuccess ? (
        <Alert severity="success" role="status">
          {settings.get('optOutTexts.successText')}
        </Alert>
      ) : (
        <>
          <Typography>{settings.get('optOutTexts.instructionsText')}</Typography>
          {failed && !optOut.isPending ? (
            <Alert severity="error">{settings.get('optOutTexts.errorText')}</Alert>
          ) : null}
          <Box>
            <Button
              variant="contained"
              size="large"
              loading={optOut.isPending}
              onClick={() => {
                if (token !== '') optOut.mutate({ EmailAddress: token });
              }}
            >
              {settings.get('optOutTexts.optOutButtonText')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
