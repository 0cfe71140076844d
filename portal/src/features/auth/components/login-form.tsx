import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
// The field itself, not a form library's binding: the sign-in route, the first page every
// borrower loads, carries no form library (its bytes are a target of issues 8 and 23).
import { InputField } from '../../../components/masked-input/input-field';
import { useHydrated } from '../../../lib/served-page';
import type { AutoLoginCredentials } from '../../../lib/session/auto-login';
import { useSettings } from '../../../lib/settings/settings-context';

export interface LoginFormValues {
  username: string;
  password: string;
}

type FieldName = keyof LoginFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * Spec 000 section 5, sign-in: both fields required (the user name trimmed). Two rules, so written
 * here rather than with a form and schema library: the sign-in route is the first page every
 * borrower loads, and those libraries were an eighth of its code.
 */
export function loginFormErrors(values: LoginFormValues, settings: SettingsAccessor): FieldErrors {
  const errors: FieldErrors = {};
  if (values.username.trim() === '') {
    errors.username = settings.get('loginTexts.usernameRequiredText');
  }
  if (values.password === '') errors.password = settings.get('loginTexts.passwordRequiredText');
  return errors;
}

interface LoginFormProps {
  submitting: boolean;
  onSubmit(values: LoginFormValues): void | Promise<void>;
  /** Credentials handed over by registration or activation: filled in and submitted at once. */
  autoLogin?: AutoLoginCredentials | null;
}

export function LoginForm({ submitting, onSubmit, autoLogin }: LoginFormProps) {
  const settings = useSettings();
  const [errors, setErrors] = useState<FieldErrors>({});
  // After a refused submit the messages follow the typing (a field fixed loses its message).
  const [checked, setChecked] = useState(false);
  // The fields keep their own values (uncontrolled): what a visitor typed into the served page
  // before it came alive stays in them through hydration, as the browser keeps it.
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const inputs = { username: usernameInput, password: passwordInput };
  const autoSubmitted = useRef(false);
  const hydrated = useHydrated();

  const typed = (): LoginFormValues => ({
    username: usernameInput.current?.value ?? '',
    password: passwordInput.current?.value ?? '',
  });

  /** Checks the fields: the first one refused gets the focus, else the sign-in is sent. */
  const submit = () => {
    const values = typed();
    const found = loginFormErrors(values, settings);
    setErrors(found);
    setChecked(true);
    const first = (['username', 'password'] as const).find((name) => found[name]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    void onSubmit({ username: values.username.trim(), password: values.password });
  };

  // Once, with the credentials handed over (they are the fields' first values).
  const submitHandedOver = useEffectEvent(submit);
  useEffect(() => {
    if (!autoLogin || autoSubmitted.current) return;
    autoSubmitted.current = true;
    submitHandedOver();
  }, [autoLogin]);

  const field = (name: FieldName) => ({
    name,
    defaultValue: autoLogin?.[name] ?? '',
    onChange: () => {
      if (checked) setErrors(loginFormErrors(typed(), settings));
    },
    inputRef: inputs[name],
    errorMessage: errors[name],
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <InputField
        {...field('username')}
        label={settings.get('loginTexts.usernameLabel')}
        autoComplete="username"
        required
      />
      {/* A plain password input, as the sign-in form always had: no Show button here. */}
      <InputField
        {...field('password')}
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
