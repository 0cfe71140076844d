import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import { isDepositOrInvestment, paymentMenuShown } from '@portal/domain';
import { Outlet, useNavigation } from 'react-router';
import { NavigationProgress } from '../../components/navigation-progress';
import { useAccountList } from '../../lib/accounts/get-account-list';
import { useSettings } from '../../lib/settings/settings-context';
import { useSmallScreen } from '../../lib/served-page';
import { useViewError } from '../../lib/view-error';
import { IdleTimeoutWatcher } from '../idle-timeout-watcher';
import { LayoutFooter } from './layout-footer';
import { LoggedInHeader } from './logged-in-header';
import { buildHeaderLinks, buildMenuItems } from './menu-items';
import { useMenuActions } from './use-menu-actions';

const MAIN_ID = 'main-content';

/** The layout of every myaccount screen (spec 000 section 2.2). */
export function LoggedInLayout() {
  const settings = useSettings();
  const theme = useTheme();
  const compact = useSmallScreen(theme.breakpoints.down('md'));
  const navigation = useNavigation();
  const { viewError } = useViewError();
  const onAction = useMenuActions();
  // The list the dashboard reads (one request, cached): the menu's Make Payment and Deposits
  // items depend on it.
  const accounts = useAccountList();
  // Until the list is in the item shows (paymentMenuShown on 'loading'): the menu does not change
  // under the borrower's pointer when it arrives, except for the rare borrower without a loan. A
  // list that failed offers no Make Payment.
  const showPayment = paymentMenuShown(
    accounts.data?.Accounts ?? (accounts.isError ? 'failed' : 'loading'),
    settings,
  );
  const loading = navigation.state !== 'idle';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <IdleTimeoutWatcher />
      <LoggedInHeader
        mainId={MAIN_ID}
        compact={compact}
        menuItems={buildMenuItems(settings, {
          paymentMenuShown: showPayment,
          depositsMenuShown: (accounts.data?.Accounts ?? []).some(isDepositOrInvestment),
        })}
        headerLinks={buildHeaderLinks(settings)}
        onAction={onAction}
      />
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="lg"
        // At least a screen high: the footer starts below the fold, so a screen that paints in
        // steps (the served shell, then what is due, then the history) never pushes a footer
        // in view down (issue 23: the loan page's only layout shift, CLS 0.085 in Lighthouse).
        sx={{ flex: 1, minHeight: '100vh', py: 3, '&:focus': { outline: 'none' } }}
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
        copyrightText={settings.get('loggedInLayout.copyrightText')}
        richText={settings.get('loggedInLayout.footerRichText')}
        images={settings.get('loggedInLayout.footerImages')}
      />
    </Box>
  );
}
