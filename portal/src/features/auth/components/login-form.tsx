import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '../../../components/text-input';
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
}

export function LoginForm({ submitting, onSubmit }: LoginFormProps) {
  const settings = useSettings();
  const schema = useMemo(() => loginFormSchema(settings), [settings]);
  const { register, handleSubmit, formState } = useForm<LoginFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });
  const { ref: usernameRef, ...username } = register('username');
  const { ref: passwordRef, ...password } = register('password');
  const { errors } = formState;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <TextInput
        {...username}
        inputRef={usernameRef}
        label="Username"
        autoComplete="username"
        required
        errorMessage={errors.username?.message}
      />
      <TextInput
        {...password}
        inputRef={passwordRef}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        errorMessage={errors.password?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        Sign In
      </Button>
    </Stack>
  );
}
