import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginResponse, PostLoginStep } from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  Navigate,
  Link as RouterLink,
  useLoaderData,
  useLocation,
  useNavigate,
} from 'react-router';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { InstitutionLogo } from '../../../components/institution-logo';
import { NavigationProgress } from '../../../components/navigation-progress';
import { resolveCdnPath } from '../../../lib/cdn';
import { currentPreviewToken } from '../../../lib/preview/preview-token';
import { safeExternalUrl } from '../../../lib/external-link';
import { safeLinkUrl } from '../../../lib/external-link';
import { isMobileApp } from '../../../lib/mobile/mobile-app';
import { maintenanceModeQuery } from '../../../lib/session/get-maintenance-mode';
import type { LoginHandOff } from '../../../lib/session/login-hand-off';
import { readLoginRouteState } from '../../../lib/session/login-route-state';
import { postLogout } from '../../../lib/session/logout';
import { useSession } from '../../../lib/session/session-context';
import { trustedDeviceTokensFor } from '../../../lib/session/trusted-devices';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { isSingleSignOnInUse } from '../../../lib/single-sign-on';
import { useTokenLogin } from '../api/token-login';
import { useUserLogin } from '../api/user-login';
import { isAnnouncementWanted } from '../utils/announcement';
import { loginErrorNotice, type LoginErrorNotice } from '../utils/login-error-message';
import { postLoginSteps } from '../utils/post-login-steps';
import { hasSingleSignOnLoginUrl, leaveForSingleSignOn } from '../utils/single-sign-on-login';
import { LoginForm, type LoginFormValues } from './login-form';
import { FocusHeading } from '../../../components/step-frame/focus-heading';

// Only what the form needs loads with the route; the steps, dialogs and app code load on use.
const PostLoginSteps = lazy(() =>
  import('./post-login-steps').then((module) => ({ default: module.PostLoginSteps })),
);
const loadMobileLogin = () => import('./mobile-login');

/** A sign-in the server accepted, waiting for its post-login steps. */
interface PendingSignIn {
  response: LoginResponse;
  /** The typed password, in memory while the steps run (the SSN step sends it again). */
  password?: string;
  steps: PostLoginStep[];
}

type Phase = { kind: 'form' } | { kind: 'busy' } | ({ kind: 'steps' } & PendingSignIn);

const NO_HAND_OFF: LoginHandOff = { autoLogin: null, ssoLoginResponse: null };

/**
 * The quick sign-in of non-production builds (spec 000 section 2.4): the demo borrower of the
 * seed. `import.meta.env.DEV` is false in `vite build`, which drops the button and these values.
 */
const QUICK_SIGN_IN: LoginFormValues = { username: 'jordan.rivers', password: 'Demo-Pass-2024' };
const QUICK_SIGN_IN_LABEL = 'Quick Sign In';
const FORM_HEADING_ID = 'login-form-heading';

/** A settings background image: http(s) or a cdn path, never something that could break the CSS. */
function backgroundImageUrl(setting: string, cdnFolder: string): string | undefined {
  const path = setting.trim();
  if (!path || /["'()\\\s]/.test(path)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return safeExternalUrl(path);
  return resolveCdnPath(cdnFolder, path);
}

/**
 * The sign-in route. In the admin's preview, an institution that signs in only through single
 * sign-on shows its signed-in screens as the sample borrower (issue 20 item 22): forwarding to
 * its identity provider would leave the frame, and providers refuse to be framed. The preview
 * signs in as the sample whatever the sign-in method, so there is nothing to sign in here.
 */
export function LoginPage() {
  const settings = useSettings();
  if (currentPreviewToken() && isSingleSignOnInUse(settings)) {
    return <Navigate to="/myaccount/dashboard" replace />;
  }
  return <SignInScreen />;
}

/**
 * home/login (spec 000 section 2.4): the sign-in form with its banners, links and information,
 * then the post-login steps one at a time (section 2.5), then the dashboard. Handles the login
 * data other screens hand over in memory (auto-login, single sign-on answer), single sign-on
 * forwarding, the announcement and the mobile app's update and biometric sign-in.
 */
function SignInScreen() {
  const settings = useSettings();
  const { institutionName, cdnFolder } = useInstitutionOptions();
  const handOff = useLoaderData<LoginHandOff | undefined>() ?? NO_HAND_OFF;
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogStack();
  const { signIn } = useSession();
  const login = useUserLogin();
  const { mutateAsync: tokenLogin } = useTokenLogin();
  const maintenance = useQuery(maintenanceModeQuery());
  const { reason, confirmed } = readLoginRouteState(location.state);
  const singleSignOn = isSingleSignOnInUse(settings);
  const forwardToSingleSignOn =
    singleSignOn && !reason && !handOff.autoLogin && !handOff.ssoLoginResponse;

  // Decided without the page's address: the server's first paint decides the same (hydration).
  const [phase, setPhase] = useState<Phase>(() =>
    forwardToSingleSignOn && hasSingleSignOnLoginUrl(settings)
      ? { kind: 'busy' }
      : { kind: 'form' },
  );
  const [notice, setNotice] = useState<LoginErrorNotice | null>(() =>
    forwardToSingleSignOn && !hasSingleSignOnLoginUrl(settings)
      ? { text: settings.get('loginTexts.noSsoUrlText'), offline: false }
      : null,
  );
  const [formKey, setFormKey] = useState(0);
  /** The device id of an opted-in biometric user of the mobile app. */
  const biometricDeviceId = useRef<string | null>(null);
  /** Back on the form after the post-login steps: its heading takes the focus. */
  const [focusFormHeading, setFocusFormHeading] = useState(false);
  const mounted = useRef(false);
  const started = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const finish = useCallback(
    async (response: LoginResponse) => {
      if (biometricDeviceId.current) {
        await (await loadMobileLogin()).keepBiometricToken(response);
      }
      signIn(response);
      await navigate('/myaccount/dashboard');
    },
    [navigate, signIn],
  );

  /** After a sign-in the server accepted: the post-login steps, or the dashboard. */
  const continueSignIn = useCallback(
    (response: LoginResponse, password?: string) => {
      const steps = postLoginSteps(response, settings, new Date());
      if (steps.length > 0) {
        setPhase({ kind: 'steps', response, password, steps });
      } else if (response.IsLoggedIn) {
        void finish(response);
      } else {
        setNotice({ text: settings.get('loginTexts.notAuthorizedBannerText'), offline: false });
        setPhase({ kind: 'form' });
      }
    },
    [finish, settings],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    async function tokenSignIn(token: string, deviceId: string) {
      setPhase({ kind: 'busy' });
      try {
        continueSignIn(await tokenLogin({ Token: token, DeviceID: deviceId }));
      } catch (error) {
        await (await loadMobileLogin()).forgetRefusedBiometricToken(error);
        if (!mounted.current) return;
        setNotice({
          text: settings.get('mobileAppTexts.biometricSignInRequiredText'),
          offline: false,
        });
        setPhase({ kind: 'form' });
      }
    }

    /** Mobile app version check, announcement, then biometric sign-in. */
    async function opening() {
      const mobileApp = isMobileApp();
      const mobile = mobileApp ? await loadMobileLogin() : undefined;
      if (mobile && !(await mobile.ensureAppIsCurrent(dialogs, settings))) return;
      if (isAnnouncementWanted(settings, mobileApp) && mounted.current) {
        await (await import('./announcement-dialog')).showAnnouncement(dialogs, settings);
      }
      if (!mobile || !mounted.current) return;
      const biometrics = await mobile.prepareBiometricSignIn(dialogs, settings);
      if (!mounted.current) return;
      biometricDeviceId.current = biometrics.deviceId;
      if (biometrics.deviceId && biometrics.token) {
        await tokenSignIn(biometrics.token, biometrics.deviceId);
      }
    }

    if (handOff.ssoLoginResponse) {
      const response = handOff.ssoLoginResponse;
      queueMicrotask(() => continueSignIn(response));
    } else if (forwardToSingleSignOn) {
      leaveForSingleSignOn(settings);
    } else if (!handOff.autoLogin) {
      void opening();
    }
  }, [continueSignIn, dialogs, forwardToSingleSignOn, handOff, settings, tokenLogin]);

  async function submit(values: LoginFormValues) {
    setNotice(null);
    let response: LoginResponse;
    try {
      response = await login.mutateAsync({
        username: values.username,
        password: values.password,
        deviceId: biometricDeviceId.current ?? undefined,
        trustedDeviceTokens: trustedDeviceTokensFor(values.username),
      });
    } catch (error) {
      setNotice(loginErrorNotice(error, settings));
      return;
    }
    continueSignIn(response, values.password);
  }

  /** Cancel (by the user or the maintenance check) ends the half-made session. */
  async function endSteps(response: LoginResponse, cause: 'cancelled' | 'maintenance') {
    setPhase({ kind: 'busy' });
    try {
      await postLogout(response.UserToken || undefined);
    } catch {
      // Nothing more to do: the session was never handed to the portal.
    }
    if (cause === 'maintenance') {
      setNotice({ text: settings.get('loginTexts.offlineForMaintenanceText'), offline: true });
    } else if (singleSignOn && leaveForSingleSignOn(settings, 'userCancelled')) {
      return;
    } else {
      setNotice(null);
    }
    setFocusFormHeading(true);
    setFormKey((key) => key + 1);
    setPhase({ kind: 'form' });
  }

  const offline = maintenance.data === true || notice?.offline === true;
  const infoRichText = settings.get('loginTexts.infoRichText');
  const secondaryInfoRichText = settings.get('loginTexts.secondaryInfoRichText');
  // The accessor checks the declared shape (at most three lists); a bad value reads as none.
  const infoLists = settings.get('loginOptions.infoLists');
  const hasInfo = infoRichText.trim() !== '' || infoLists.length > 0;
  const background = backgroundImageUrl(settings.get('loginOptions.backgroundImage'), cdnFolder);
  const browserRequirementsUrl = safeLinkUrl(
    settings.get('loginOptions.browserRequirementsURLOption'),
  );
  const faqOn = settings.get('globalOptions.useFAQOption');

  return (
    <>
      {background ? (
        <Box
          aria-hidden
          sx={{
            position: 'fixed',
            inset: 0,
            zIndex: -1,
            backgroundImage: `url("${background}")`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          py: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: hasInfo ? '440px minmax(0, 1fr)' : '' },
          justifyContent: 'center',
          maxWidth: hasInfo ? undefined : 440,
          mx: 'auto',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {settings.get('loginOptions.showLogoOption') ? (
            <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, p: 2 }}>
              <InstitutionLogo alt={institutionName} height={48} />
            </Box>
          ) : null}
          <Typography variant="h4" component="h1">
            {settings.get('loginTexts.topHeadingText')}
          </Typography>
          {reason === 'sessionExpired' && phase.kind === 'form' ? (
            <Alert severity="warning">{settings.get('loginTexts.sessionExpiredBannerText')}</Alert>
          ) : null}
          {reason === 'unauthorized' && phase.kind === 'form' ? (
            <Alert severity="error">{settings.get('loginTexts.notAuthorizedBannerText')}</Alert>
          ) : null}
          {confirmed === 'emailVerified' && phase.kind === 'form' ? (
            <Alert severity="success">{settings.get('verifyEmailTexts.confirmedText')}</Alert>
          ) : null}
          {offline ? (
            <Alert severity="error">{settings.get('loginTexts.offlineForMaintenanceText')}</Alert>
          ) : null}
          {phase.kind === 'busy' ? (
            <NavigationProgress loading label={settings.get('errorTexts.loadingText')} />
          ) : null}
          {phase.kind === 'steps' ? (
            <Suspense
              fallback={
                <NavigationProgress loading label={settings.get('errorTexts.loadingText')} />
              }
            >
              <PostLoginSteps
                response={phase.response}
                password={phase.password}
                steps={phase.steps}
                onComplete={(response) => void finish(response)}
                onCancel={() => void endSteps(phase.response, 'cancelled')}
                onMaintenance={() => void endSteps(phase.response, 'maintenance')}
              />
            </Suspense>
          ) : null}
          {phase.kind === 'form' && !offline ? (
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby={FORM_HEADING_ID}
              sx={{ p: 3 }}
            >
              <FocusHeading id={FORM_HEADING_ID} focusOnMount={focusFormHeading} gutterBottom>
                {settings.get('loginTexts.formHeadingText')}
              </FocusHeading>
              {notice ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {notice.text}
                </Alert>
              ) : null}
              {login.checking ? (
                <Alert severity="info" role="status" sx={{ mb: 2 }}>
                  {settings.get('loginTexts.signInCheckText')}
                </Alert>
              ) : null}
              <LoginForm
                key={formKey}
                submitting={login.isPending}
                onSubmit={submit}
                autoLogin={formKey === 0 ? handOff.autoLogin : null}
              />
              {import.meta.env.DEV ? (
                <Button
                  variant="text"
                  sx={{ mt: 1 }}
                  disabled={login.isPending}
                  onClick={() => void submit(QUICK_SIGN_IN)}
                >
                  {QUICK_SIGN_IN_LABEL}
                </Button>
              ) : null}
            </Paper>
          ) : null}
          {phase.kind === 'form' ? (
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {singleSignOn ? null : (
                <>
                  <Link component={RouterLink} to="/home/register">
                    {settings.get('loginTexts.registerLinkText')}
                  </Link>
                  <Link component={RouterLink} to="/home/recovery">
                    {settings.get('loginTexts.forgotLoginLinkText')}
                  </Link>
                </>
              )}
              {browserRequirementsUrl ? (
                <Link href={browserRequirementsUrl} target="_blank" rel="noopener noreferrer">
                  {settings.get('loginTexts.browserRequirementsLinkText')}
                </Link>
              ) : null}
              {!browserRequirementsUrl && faqOn ? (
                <Link component={RouterLink} to="/home/faq">
                  {settings.get('loginTexts.browserRequirementsLinkText')}
                </Link>
              ) : null}
              {faqOn ? (
                <Link component={RouterLink} to="/home/faq">
                  {settings.get('loginTexts.faqLinkText')}
                </Link>
              ) : null}
            </Stack>
          ) : null}
          {secondaryInfoRichText.trim() ? <LazyRichText html={secondaryInfoRichText} /> : null}
        </Stack>
        {hasInfo ? (
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {infoRichText.trim() ? <LazyRichText html={infoRichText} /> : null}
            {infoLists.map((list, index) => (
              <Box key={index}>
                {list.title ? (
                  <Typography variant="h6" component="h2" gutterBottom>
                    {list.title}
                  </Typography>
                ) : null}
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {list.items.map((item, itemIndex) => (
                    <li key={itemIndex}>{item}</li>
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
        ) : null}
      </Box>
    </>
  );
}
