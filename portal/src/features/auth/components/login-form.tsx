import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
// The text field's own module, not the form-fields barrel: the sign-in route loads no select,
// radio or switch code (its bytes are a target of issue 8).
import { FormTextField } from '../../../components/form-fields/form-text-field';
import { takeTypedInput, useHydrated } from '../../../lib/served-page';
import type { AutoLoginCredentials } from '../../../lib/session/auto-login';
import { useSettings } from '../../../lib/settings/settings-context';

export interface LoginFormValues {
  username: string;
  password: string;
}

/**
 * Spec 000 section 5, sign-in: both fields required (the user name trimmed). Two rules, so a
 * small resolver instead of a schema library's: the sign-in route is the first page every
 * borrower loads.
 */
function loginFormResolver(settings: SettingsAccessor): Resolver<LoginFormValues> {
  return (values: LoginFormValues): ResolverResult<LoginFormValues> => {
    const username = values.username.trim();
    const errors: FieldErrors<LoginFormValues> = {};
    if (username === '') {
      errors.username = {
        type: 'required',
        message: settings.get('loginTexts.usernameRequiredText'),
      };
    }
    if (values.password === '') {
      errors.password = {
        type: 'required',
        message: settings.get('loginTexts.passwordRequiredText'),
      };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { username, password: values.password }, errors: {} };
  };
}

interface LoginFormProps {
  submitting: boolean;
  onSubmit(values: LoginFormValues): void | Promise<void>;
  /** Credentials handed over by registration or activation: filled in and submitted at once. */
  autoLogin?: AutoLoginCredentials | null;
}

export function LoginForm({ submitting, onSubmit, autoLogin }: LoginFormProps) {
  const settings = useSettings();
  const resolver = useMemo(() => loginFormResolver(settings), [settings]);
  const { control, handleSubmit, setValue } = useForm<LoginFormValues>({
    resolver,
    defaultValues: { username: autoLogin?.username ?? '', password: autoLogin?.password ?? '' },
  });
  const autoSubmitted = useRef(false);
  const hydrated = useHydrated();

  // Typed into the server's page before it came alive: kept (served-page.ts).
  useEffect(() => {
    for (const name of ['username', 'password'] as const) {
      const typed = takeTypedInput(name);
      if (typed !== undefined) setValue(name, typed);
    }
  }, [setValue]);

  useEffect(() => {
    if (!autoLogin || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void handleSubmit(onSubmit)();
  }, [autoLogin, handleSubmit, onSubmit]);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <FormTextField
        control={control}
        name="username"
        label={settings.get('loginTexts.usernameLabel')}
        autoComplete="username"
        required
      />
      {/* A plain password input, as the sign-in form always had: no Show button here. */}
      <FormTextField
        control={control}
        name="password"
        label={settings.get('loginTexts.passwordLabel')}
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting || !hydrated}>
        {settings.get('loginTexts.signInButtonText')}
      </Button>
    </Stack>
  );
}
