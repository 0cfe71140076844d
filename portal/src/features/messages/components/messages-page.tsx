import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { InstitutionLogo } from '../../../components/institution-logo';
import { useSession } from '../../../lib/session/session-context';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { ComposeMessageForm } from './compose-message-form';

interface MessagesPageProps {
  /** home/messages: the logo and a Back to Login link, and the visitor's name and e-mail. */
  publicView?: boolean;
}

/**
 * home/messages and myaccount/messages (spec 002 "Messages (contact) screen"): Compose Message,
 * feedback or a question to the institution. Signed in, the name and e-mail are the session's;
 * on the public page the visitor gives them.
 */
export function MessagesPage({ publicView = false }: MessagesPageProps) {
  const settings = useSettings();
  const { institutionName } = useInstitutionOptions();
  const { user } = useSession();
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      {publicView ? (
        <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, p: 2, mb: 3 }}>
          <InstitutionLogo alt={institutionName} height={48} />
        </Box>
      ) : null}
      <Typography variant="h4" component="h1" gutterBottom>
        {settings.get('messagesTexts.headingText')}
      </Typography>
      <ComposeMessageForm user={publicView ? null : user} />
      {publicView ? (
        <Typography sx={{ mt: 4 }}>
          <Link component={RouterLink} to="/home/login">
            {settings.get('commonTexts.backToLoginText')}
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}
