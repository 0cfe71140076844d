import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../lib/settings/settings-context';

export interface PlaceholderScreen {
  heading: string;
  /** Completes "This screen is being built: …". */
  purpose: string;
  /** Logged-out help screens link back to the login (spec 002 section 2). */
  backToLogin?: boolean;
}

/** A screen a later issue builds: its heading and what it will do, nothing pretended. */
export function PlaceholderPage({ heading, purpose, backToLogin }: PlaceholderScreen) {
  const settings = useSettings();
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {heading}
      </Typography>
      <Typography>This screen is being built: {purpose}</Typography>
      {backToLogin ? (
        <Typography sx={{ mt: 3 }}>
          <Link component={RouterLink} to="/home/login">
            {settings.get('commonTexts.backToLoginText')}
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}
