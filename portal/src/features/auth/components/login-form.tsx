import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import type { AutoLoginCredentials } from '../../../lib/session/auto-login';
import { useSettings } from '../../../lib/settings/settings-context';

/** Spec 000 section 5, sign-in. */
function loginFormSchema(settings: SettingsAccessor) {
  return z.object({
    username: z.string().trim().min(1, settings.get('loginTexts.usernameRequiredText')),
    password: z.string().min(1, settings.get('loginTexts.passwordRequiredText')),
  });
}
export type LoginFormValues = z.infer<ReturnType<typeof loginFormSchema>>;

interface LoginFormProps {
  submitting: boolean;
  onSubmit(values: LoginFormValues): void | Promise<void>;
  /** Credentials handed over by registration or activation: filled in and submitted at once. */
  autoLogin?: AutoLoginCredentials | null;
}

export function LoginForm({ submitting, onSubmit, autoLogin }: LoginFormProps) {
  const settings = useSettings();
  const schema = useMemo(() => loginFormSchema(settings), [settings]);
  const { control, handleSubmit } = useForm<LoginFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: autoLogin?.username ?? '', password: autoLogin?.password ?? '' },
  });
  const autoSubmitted = useRef(false);

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
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {settings.get('loginTexts.signInButtonText')}
      </Button>
    </Stack>
  );
}
