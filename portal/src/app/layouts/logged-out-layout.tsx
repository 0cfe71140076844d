import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { LazyRichText } from '@portal/web-kit';
import { useId, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { NavigationProgress } from '../../components/navigation-progress';
import { useSettings } from '../../lib/settings/settings-context';
import { useViewError } from '../../lib/view-error';
import { LayoutFooter } from './layout-footer';

/** The layout of the sign-in and help screens (spec 000 section 2.3). */
export function LoggedOutLayout() {
  const settings = useSettings();
  const navigation = useNavigation();
  const { viewError } = useViewError();
  const [disclosuresOpen, setDisclosuresOpen] = useState(false);
  const disclosuresId = useId();
  const loading = navigation.state !== 'idle';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="md"
        sx={{ flex: 1, py: 3, '&:focus': { outline: 'none' } }}
      >
        <NavigationProgress loading={loading} label={settings.get('errorTexts.loadingText')} />
        {viewError && !loading ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {viewError}
          </Alert>
        ) : null}
        <Outlet />
      </Container>
      <LayoutFooter
        copyrightText={settings.get('loggedOutLayout.copyrightText')}
        images={settings.get('loggedOutLayout.footerImages')}
      >
        <Box sx={{ mt: 1 }}>
          <Button
            variant="text"
            size="small"
            // Its label lines up with the copyright above (a text button's padding is inside).
            sx={{ ml: -0.625 }}
            aria-expanded={disclosuresOpen}
            aria-controls={disclosuresId}
            onClick={() => setDisclosuresOpen((open) => !open)}
          >
            {disclosuresOpen
              ? settings.get('loggedOutLayout.hideDisclosuresText')
              : settings.get('loggedOutLayout.showDisclosuresText')}
          </Button>
          <Box id={disclosuresId} hidden={!disclosuresOpen} sx={{ mt: 1, typography: 'body2' }}>
            {disclosuresOpen ? (
              <LazyRichText html={settings.get('loggedOutLayout.disclosuresRichText')} />
            ) : null}
          </Box>
        </Box>
      </LayoutFooter>
    </Box>
  );
}
