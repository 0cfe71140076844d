import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { fillPlaceholders, type ProfileUserInfo } from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  FormNewPasswordField,
  FormPasswordField,
  FormSelectField,
  FormTextField,
} from '../../../components/form-fields';
import { usePasswordRequirements } from '../../../components/password-requirements/use-password-requirements';
import { useRevalidateOnPasswordCheck } from '../../../components/password-requirements/use-revalidate-on-password-check';
import {
  clearBiometricToken,
  getDeviceId,
  setBiometricOptIn,
  storeBiometricToken,
} from '../../../lib/mobile/mobile-bridge';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useProfileUpdates } from '../api/profile-updates';
import { useBiometricsOffered } from '../hooks/use-biometrics-toggle';
import { profileSaveErrors, type ProfileErrorField } from '../utils/profile-errors';
import {
  savedUserInfoValues,
  userInfoIssues,
  userInfoRequest,
  userInfoRules,
  USER_INFO_FIELDS,
  type UserInfoField,
  type UserInfoValues,
} from '../utils/user-info-form';
import { SaveControls, useSavedMark } from './save-controls';

const FIELD_OF_ERROR: Partial<Record<ProfileErrorField, UserInfoField>> = {
  logonName: 'logonName',
  emailAddress: 'emailAddress',
  oldPassword: 'oldPassword',
  newPassword: 'newPassword',
};

/**
 * User information (spec 002 "Profile page" and section 5): login name, e-mail (a new address is
 * sent a link and replaces the old one once it is opened), a new password with the current one
 * and the password rules, listed live under it while it is worked on (those only the server can
 * decide are checked there 500 ms after typing stops), the security question
 * (the institution's list filtered by the allowed characters, or a typed one) and, in the mobile
 * app on a capable device, biometric sign-in.
 */
export function UserInfoSection(props: { info: ProfileUserInfo }) {
  const settings = useSettings();
  const institution = useInstitutionOptions();
  const rules = useMemo(() => userInfoRules(settings, institution), [settings, institution]);
  const saved = useMemo(() => savedUserInfoValues(props.info), [props.info]);
  const form = useForm<UserInfoValues>({
    mode: 'onTouched',
    defaultValues: saved,
    // The password rules follow the typed password (server checks): the latest render's resolver.
    resolver: (values, context, options) => latestResolver(values, context, options),
  });
  const { control, handleSubmit, reset, formState, setError, getFieldState, trigger } = form;
  const [logonName, emailAddress, newPassword] = useWatch({
    control,
    name: ['logonName', 'emailAddress', 'newPassword'],
  });
  const requirements = usePasswordRequirements({
    password: newPassword,
    context: { logon: logonName.trim(), email: emailAddress.trim() || undefined },
    serverCheck: { kind: 'loggedInUser' },
    messages: {
      sameAsLogon: settings.get('profileTexts.passwordSameAsUsernameText'),
      lettersAndNumbers: settings.get('profileTexts.passwordRequirementsNotMetText'),
    },
    // The rules as a live list while typing, as the sign-in's change-password step shows them:
    // the field's one message alone does not say which rule failed.
    alwaysShowList: true,
  });
  // The list shows while the borrower works on a new password (the field or its Show button has
  // the focus, or it holds text), not as a column of unmet rules under an optional empty field.
  const [newPasswordFocused, setNewPasswordFocused] = useState(false);
  const newPasswordRequirements = {
    ...requirements,
    showList: requirements.showList && (newPasswordFocused || newPassword !== ''),
  };
  const { validate } = requirements;
  const latestResolver: Resolver<UserInfoValues> = (values) => {
    const issues = userInfoIssues(values, saved, rules, settings, (password) =>
      validate(password, { logon: values.logonName.trim(), email: values.emailAddress.trim() }),
    );
    const errors: FieldErrors<UserInfoValues> = {};
    for (const field of USER_INFO_FIELDS) {
      const message = issues[field];
      if (message) errors[field] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
  useRevalidateOnPasswordCheck(requirements, form, 'newPassword');
  useEffect(() => {
    if (getFieldState('confirmNewPassword').isTouched) void trigger('confirmNewPassword');
  }, [newPassword, getFieldState, trigger]);

  // Valid as typed (Save is disabled while the form is invalid, spec 002 section 5).
  const typed = useWatch({ control });
  const valid =
    Object.keys(
      userInfoIssues({ ...saved, ...typed }, saved, rules, settings, (password) =>
        validate(password, { logon: logonName.trim(), email: emailAddress.trim() }),
      ),
    ).length === 0;

  const biometricsOffered = useBiometricsOffered();
  const [biometrics, setBiometrics] = useState(props.info.BiometricsEnabled);
  const biometricsChanged = biometricsOffered && biometrics !== props.info.BiometricsEnabled;
  const dirty = formState.isDirty || biometricsChanged;

  const { userInfo } = useProfileUpdates();
  const [savedMark, showSavedMark, hideSavedMark] = useSavedMark();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { setUnsavedChanges } = useUnsavedChanges();
  useEffect(() => setUnsavedChanges(dirty, 'userInfo'), [dirty, setUnsavedChanges]);
  useEffect(() => () => setUnsavedChanges(false, 'userInfo'), [setUnsavedChanges]);

  const questionOptions = useMemo(() => {
    const offered = rules.secret.questions;
    const listed =
      saved.secretQuestion !== '' && !offered.includes(saved.secretQuestion)
        ? [saved.secretQuestion, ...offered]
        : offered;
    return [{ value: '', label: '' }, ...listed.map((text) => ({ value: text, label: text }))];
  }, [rules.secret.questions, saved.secretQuestion]);

  /** The device first (spec 002 section 4, "User info save"); false when it could not. */
  async function biometricsOnDevice(): Promise<{ DeviceId: string } | null> {
    try {
      await setBiometricOptIn(biometrics);
      const deviceId = await getDeviceId();
      return deviceId ? { DeviceId: deviceId } : null;
    } catch {
      return null;
    }
  }

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    hideSavedMark();
    let mobileInfo: { BiometricsEnabled: boolean; DeviceId: string } | undefined;
    if (biometricsChanged) {
      const device = await biometricsOnDevice();
      if (!device) {
        setFormErrors([settings.get('profileErrorTexts.biometricsNotUpdatedText')]);
        return;
      }
      mobileInfo = { BiometricsEnabled: biometrics, DeviceId: device.DeviceId };
    }
    try {
      const answer = await userInfo.mutateAsync({
        UserInfo: userInfoRequest(values, saved, rules),
        MobileInfo: mobileInfo ?? null,
      });
      if (mobileInfo) {
        if (answer.BiometricsToken) {
          await storeBiometricToken(answer.BiometricsToken, answer.BiometricsTokenExpiration);
        } else if (!mobileInfo.BiometricsEnabled) {
          await clearBiometricToken();
        }
      }
      if (answer.UserInfo) {
        reset(savedUserInfoValues(answer.UserInfo));
        setBiometrics(answer.UserInfo.BiometricsEnabled);
      }
      showSavedMark();
    } catch (failure) {
      // Each message next to its field, focus on the first; what was typed stays.
      const others: string[] = [];
      let focused = false;
      for (const error of profileSaveErrors(failure, settings)) {
        const field = FIELD_OF_ERROR[error.field];
        if (field) {
          setError(field, { type: 'server', message: error.message }, { shouldFocus: !focused });
          focused = true;
        } else {
          others.push(error.message);
        }
      }
      setFormErrors(others);
    }
  });

  const pending = props.info.PendingEmailAddress;
  const busy = formState.isSubmitting;
  return (
    <Box component="section" aria-labelledby="profile-user-info-heading">
      <Typography variant="h5" component="h2" id="profile-user-info-heading" gutterBottom>
        {settings.get('profileTexts.userInfoHeadingText')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submit}
        aria-labelledby="profile-user-info-heading"
        sx={{ maxWidth: 480 }}
      >
        <FormTextField
          control={control}
          name="logonName"
          label={settings.get('profileTexts.loginNameLabel')}
          autoComplete="username"
          required
        />
        <FormTextField
          control={control}
          name="emailAddress"
          type="email"
          label={settings.get('profileTexts.emailLabel')}
          autoComplete="email"
          required
        />
        {pending ? (
          <Alert severity="info">
            {fillPlaceholders(settings.get('profileTexts.emailPendingText'), { email: pending })}
          </Alert>
        ) : null}
        <FormPasswordField
          control={control}
          name="oldPassword"
          label={settings.get('profileTexts.currentPasswordLabel')}
          autoComplete="current-password"
        />
        <Box
          onFocus={() => setNewPasswordFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setNewPasswordFocused(false);
          }}
        >
          <FormNewPasswordField
            control={control}
            name="newPassword"
            label={settings.get('profileTexts.newPasswordLabel')}
            requirements={newPasswordRequirements}
          />
        </Box>
        {rules.confirmPassword ? (
          <FormPasswordField
            control={control}
            name="confirmNewPassword"
            label={settings.get('profileTexts.confirmNewPasswordLabel')}
            autoComplete="new-password"
          />
        ) : null}
        {rules.secret.customQuestion ? (
          <FormTextField
            control={control}
            name="secretQuestion"
            label={settings.get('profileTexts.secretQuestionLabel')}
            autoComplete="off"
          />
        ) : (
          <FormSelectField
            control={control}
            name="secretQuestion"
            label={settings.get('profileTexts.secretQuestionLabel')}
            options={questionOptions}
          />
        )}
        <FormPasswordField
          control={control}
          name="secretAnswer"
          label={settings.get('profileTexts.secretAnswerLabel')}
          autoComplete="off"
        />
        {biometricsOffered ? (
          <FormControlLabel
            control={
              <Switch
                checked={biometrics}
                onChange={(event) => setBiometrics(event.target.checked)}
              />
            }
            label={settings.get('profileTexts.biometricsLabel')}
          />
        ) : null}
        {formErrors.map((message) => (
          <ErrorAlert key={message}>{message}</ErrorAlert>
        ))}
        <SaveControls
          dirty={dirty}
          busy={busy}
          savedMark={savedMark}
          canSave={valid && !requirements.checking}
          onCancel={() => {
            setFormErrors([]);
            reset(saved);
            setBiometrics(props.info.BiometricsEnabled);
          }}
        />
      </Stack>
    </Box>
  );
}
