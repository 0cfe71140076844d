import { BUILT_IN_THEMES, createPortalTheme } from '@portal/themes';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';

const theme = createPortalTheme(BUILT_IN_THEMES.harbor.tokens);

/**
 * The staff app. The settings editor, preview, publish, history, audit and onboarding screens
 * arrive with the admin issue; until then this page says so rather than pretending.
 */
export function AdminApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Container component="main" maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Portal admin
        </Typography>
        <Typography>
          This screen is being built: institution staff and implementers will tune every setting,
          text and brand colour here, preview the portal live and publish.
        </Typography>
      </Container>
    </ThemeProvider>
  );
}
