import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Agreement } from '@portal/settings-schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { registrationAccountNumberMask } from '../../../components/masked-input/masks';
import { usePasswordRequirements } from '../../../components/password-requirements/use-password-requirements';
import { useRevalidateOnPasswordCheck } from '../../../components/password-requirements/use-revalidate-on-password-check';
import { setAutoLogin } from '../../../lib/session/auto-login';
import { isMaintenanceModeOn } from '../../../lib/session/get-maintenance-mode';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { useCreateAccount } from '../api/create-account';
import { registrationConfig } from '../utils/registration-config';
import { registrationFailure } from '../utils/registration-errors';
import {
  agreementIssue,
  emptyRegistrationValues,
  registrationSchema,
  SECTION_FIELDS,
  sectionIsValid,
  UNREAD_AGREEMENT,
  validateRegistration,
  type AgreementState,
  type RegistrationCheckContext,
  type RegistrationValues,
  type SectionName,
} from '../utils/registration-form';
import { registrationPayload } from '../utils/registration-payload';
import { EmailVerificationSection } from './email-verification-section';
import { LogonInfoFields, type AgreementRow } from './logon-info-fields';
import { PersonalInfoFields } from './personal-info-fields';
import { RegistrationBreadcrumb, type BreadcrumbStep } from './registration-breadcrumb';
import { SectionFrame } from './section-frame';
import { askRichTextAgreement } from '../../../components/agreements/rich-text-agreement-dialog';
import { SecurityFields } from './security-fields';

/** How long the success message shows before the login screen signs the user in. */
export const SUCCESS_REDIRECT_DELAY_MS = 1500;

const LOGIN_PATH = '/home/login';

/**
 * home/register (spec 000 sections 2.9, 2.10, 4, 5 and 8): personal data, the e-mail security code
 * (when multi-factor registration is on and the address is not verified), security and logon
 * sections with a breadcrumb. Every section change checks maintenance mode first. Success shows
 * the message and signs the user in through the login screen.
 */
export function RegistrationPage() {
  const settings = useSettings();
  const institution = useInstitutionOptions();
  const navigate = useNavigate();
  const dialogs = useDialogStack();
  const [today] = useState(() => new Date());
  const config = useMemo(
    () => registrationConfig(settings, institution, today),
    [settings, institution, today],
  );

  const [section, setSection] = useState<SectionName>('personalInfo');
  const [moved, setMoved] = useState(false);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: sendCreateAccount } = useCreateAccount();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | undefined>(undefined);
  const [verified, setVerified] = useState<{ email: string; mfaToken: string } | undefined>();
  const [agreementStates, setAgreementStates] = useState<Readonly<Record<number, AgreementState>>>(
    {},
  );
  const [agreementsAttempted, setAgreementsAttempted] = useState(false);
  const successHeading = useRef<HTMLDivElement>(null);

  const form = useForm<RegistrationValues>({
    mode: 'onTouched',
    defaultValues: emptyRegistrationValues(config),
    // The rules follow live state (account type mask, password rules), so validation uses the
    // resolver of the latest render; react-hook-form reads its options afresh on every render.
    resolver: (candidate, resolverContext, options) =>
      latestResolver(candidate, resolverContext, options),
  });
  const { control, trigger, getFieldState } = form;
  const watched = useWatch({ control });
  const values: RegistrationValues = { ...emptyRegistrationValues(config), ...watched };

  const accountNumberMask = registrationAccountNumberMask(institution, values.accountType, {
    removeCheckDigit: config.removeCheckDigit,
    required: config.accountNumberRequired,
  });
  const messages = useMemo(
    () => ({
      required: settings.get('registrationValidationTexts.passwordRequiredText'),
      tooShort: settings.get('registrationValidationTexts.passwordTooShortText'),
      tooLong: settings.get('registrationValidationTexts.passwordTooLongText'),
      sameAsLogon: settings.get('registrationValidationTexts.passwordSameAsUsernameText'),
      sameAsSsn: settings.get('registrationValidationTexts.passwordSameAsSsnText'),
      lettersAndNumbers: settings.get('registrationValidationTexts.passwordLetterAndNumberText'),
    }),
    [settings],
  );
  const requirements = usePasswordRequirements({
    password: values.password,
    context: { logon: values.loginName, ssn: values.ssn, email: values.email },
    serverCheck: { kind: 'none' },
    messages,
  });
  const { validate } = requirements;
  const context: RegistrationCheckContext = {
    settings,
    config,
    accountNumberMask,
    today,
    validatePassword: (candidate) =>
      validate(candidate.password, {
        logon: candidate.loginName,
        ssn: candidate.ssn,
        email: candidate.email,
      }),
  };
  const latestResolver: Resolver<RegistrationValues> = zodResolver(registrationSchema(context));
  const issues = validateRegistration(values, context);

  useRevalidateOnPasswordCheck(requirements, form, 'password');
  // Rules that compare fields: re-check a touched field when the other one changes.
  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
    if (getFieldState('password').isTouched) void trigger('password');
  }, [values.password, values.loginName, values.ssn, values.email, getFieldState, trigger]);

  const emailVerified =
    verified !== undefined && verified.email === values.email.trim().toLowerCase();
  const needsEmailCode = config.multiFactor && !emailVerified;

  const agreementRows: AgreementRow[] = config.agreements.map((agreement) => {
    const state = agreementStates[agreement.hostNum] ?? UNREAD_AGREEMENT;
    const mustOpenLink =
      config.forceClickToAgree && agreement.url.trim() !== '' && !state.linkClicked;
    return {
      agreement,
      state,
      mustOpenLink,
      message: agreementsAttempted
        ? agreementIssue(agreement, state, settings, mustOpenLink)
        : undefined,
    };
  });
  const agreementsValid = agreementRows.every((row) => row.state.checked);

  const personalValid = sectionIsValid('personalInfo', issues);
  const securityValid = sectionIsValid('security', issues);
  const beforeLogonValid =
    personalValid && !needsEmailCode && (!config.hasSecuritySection || securityValid);

  const updateAgreement = (agreement: Agreement, change: Partial<AgreementState>) =>
    setAgreementStates((current) => ({
      ...current,
      [agreement.hostNum]: { ...(current[agreement.hostNum] ?? UNREAD_AGREEMENT), ...change },
    }));

  async function toggleAgreement(agreement: Agreement, checked: boolean) {
    if (!checked) {
      updateAgreement(
        agreement,
        config.forceClickToAgree ? { checked: false, linkClicked: false } : { checked: false },
      );
      return;
    }
    if (config.forceRichText) {
      const agreed = await askRichTextAgreement(dialogs, settings, agreement);
      updateAgreement(agreement, { checked: agreed });
      return;
    }
    updateAgreement(agreement, { checked: true });
  }

  /** Every section change checks maintenance first; on means the login page. */
  async function goTo(next: SectionName) {
    setBusy(true);
    setServerErrors([]);
    let maintenance = false;
    try {
      maintenance = await isMaintenanceModeOn();
    } catch {
      // Unknown is not on: the next call to the server will say so if it is.
    }
    setBusy(false);
    if (maintenance) {
      await navigate(LOGIN_PATH, { replace: true });
      return;
    }
    setMoved(true);
    setSection(next);
  }

  const afterPersonal = (): SectionName =>
    needsEmailCode ? 'emailVerification' : config.hasSecuritySection ? 'security' : 'logonInfo';

  async function continueFrom(current: SectionName) {
    if (current === 'personalInfo' || current === 'security') {
      const ok = await trigger([...SECTION_FIELDS[current]], { shouldFocus: true });
      if (!ok) return;
      await goTo(current === 'personalInfo' ? afterPersonal() : 'logonInfo');
      return;
    }
    if (current === 'logonInfo') await createAccount();
  }

  function goBack(current: SectionName) {
    if (current === 'personalInfo') return;
    if (current === 'logonInfo' && config.hasSecuritySection) void goTo('security');
    else void goTo('personalInfo');
  }

  function cancel() {
    void navigate(LOGIN_PATH);
  }

  async function createAccount() {
    setAgreementsAttempted(true);
    const ok = await trigger([...SECTION_FIELDS.logonInfo], { shouldFocus: true });
    if (!ok || !agreementsValid) return;
    if (!beforeLogonValid) {
      await goTo('personalInfo');
      return;
    }
    setBusy(true);
    setServerErrors([]);
    const payload = registrationPayload(
      values,
      config,
      accountNumberMask,
      agreementStates,
      verified?.mfaToken,
    );
    try {
      const answer = await sendCreateAccount(payload);
      setSuccess(settings.get('registrationTexts.successText'));
      setAutoLogin({ username: answer.UserName || payload.UserName, password: payload.Password });
    } catch (error) {
      const failure = registrationFailure(error, settings);
      if (failure.kind === 'maintenance') {
        await navigate(LOGIN_PATH, { replace: true });
        return;
      }
      setServerErrors(failure.messages);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (success === undefined) return undefined;
    successHeading.current?.focus();
    const timer = setTimeout(() => void navigate(LOGIN_PATH), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const breadcrumb: BreadcrumbStep[] = [
    {
      id: 'personalInfo',
      label: settings.get('registrationTexts.personalDataStepText'),
      current: section === 'personalInfo' || section === 'emailVerification',
      disabled: busy,
      onSelect: () => void goTo('personalInfo'),
    },
    ...(config.hasSecuritySection
      ? [
          {
            id: 'security',
            label: settings.get('registrationTexts.securityStepText'),
            current: section === 'security',
            disabled: busy || !personalValid || needsEmailCode,
            onSelect: () => void goTo('security'),
          },
        ]
      : []),
    {
      id: 'logonInfo',
      label: settings.get('registrationTexts.registrationStepText'),
      current: section === 'logonInfo',
      disabled: busy || !beforeLogonValid,
      onSelect: () => void goTo('logonInfo'),
    },
  ];

  let body;
  if (success !== undefined) {
    body = (
      <Alert severity="success" role="status" ref={successHeading} tabIndex={-1}>
        {success}
      </Alert>
    );
  } else if (section === 'emailVerification') {
    body = (
      <EmailVerificationSection
        email={values.email.trim()}
        firstName={values.firstName.trim()}
        focusOnMount={moved}
        onVerified={(mfaToken) => {
          setVerified({ email: values.email.trim().toLowerCase(), mfaToken });
          void goTo(config.hasSecuritySection ? 'security' : 'logonInfo');
        }}
        onGoBack={() => void goTo('personalInfo')}
        onCancel={cancel}
      />
    );
  } else {
    const headings: Record<Exclude<SectionName, 'emailVerification'>, string> = {
      personalInfo: settings.get('registrationTexts.personalDataStepText'),
      security: settings.get('registrationTexts.securityStepText'),
      logonInfo: settings.get('registrationTexts.registrationStepText'),
    };
    const valid =
      section === 'logonInfo'
        ? sectionIsValid('logonInfo', issues) && agreementsValid
        : sectionIsValid(section, issues);
    body = (
      <SectionFrame
        key={section}
        heading={headings[section]}
        focusOnMount={moved}
        valid={valid}
        busy={busy}
        errors={serverErrors}
        submitText={
          section === 'logonInfo'
            ? settings.get('registrationTexts.createAccountButtonText')
            : undefined
        }
        onSubmit={() => void continueFrom(section)}
        onGoBack={() => goBack(section)}
        onCancel={cancel}
      >
        {section === 'personalInfo' ? (
          <PersonalInfoFields
            form={form}
            config={config}
            accountNumberMask={accountNumberMask}
            accountType={values.accountType}
          />
        ) : null}
        {section === 'security' ? <SecurityFields form={form} config={config} /> : null}
        {section === 'logonInfo' ? (
          <LogonInfoFields
            form={form}
            config={config}
            requirements={requirements}
            passwordDisabled={values.loginName.trim() === ''}
            agreements={agreementRows}
            onAgreementChange={(agreement, checked) => void toggleAgreement(agreement, checked)}
            onAgreementLinkOpened={(agreement) => updateAgreement(agreement, { linkClicked: true })}
          />
        ) : null}
      </SectionFrame>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto', py: 2 }}>
      <Typography variant="h4" component="h1">
        {settings.get('registrationTexts.titleText')}
      </Typography>
      {success === undefined ? <RegistrationBreadcrumb steps={breadcrumb} /> : null}
      {body}
      <Link component={RouterLink} to={LOGIN_PATH}>
        {settings.get('registrationTexts.returnToLoginText')}
      </Link>
    </Stack>
  );
}
