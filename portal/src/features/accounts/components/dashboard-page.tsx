import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSignedInUser } from '../../../lib/session/session-context';

/** myaccount/dashboard: a placeholder that greets the user; the account lists come later. */
export function DashboardPage() {
  const user = useSignedInUser();
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Welcome, {user.personalName}
      </Typography>
      <Typography>
        This screen is being built: your loans, deposits, lines of credit and investments, Make
        Payment, the closed-accounts toggle, your application statuses and your previous login will
        show here.
      </Typography>
    </Box>
  );
}
