import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SecretInput } from '../../../components/masked-input/secret-input';
import { PasswordField } from '../../../components/password-requirements/password-field';
import type { PasswordMessages } from '../../../components/password-requirements/password-policy';
import {
  usePasswordRequirements,
  type PasswordServerCheck,
} from '../../../components/password-requirements/use-password-requirements';
import { useRevalidateOnPasswordCheck } from '../../../components/password-requirements/use-revalidate-on-password-check';
import {
  newPasswordSchema,
  type NewPasswordTexts,
  type NewPasswordValues,
} from '../utils/new-password-form';

interface NewPasswordFormProps {
  passwordLabel: string;
  confirmLabel: string;
  submitText: string;
  serverCheck: PasswordServerCheck;
  messages?: Partial<PasswordMessages>;
  maximumLength?: number;
  confirmTexts: NewPasswordTexts;
  submitting: boolean;
  onSubmit(password: string): void | Promise<void>;
}

/** New password, its repetition and the requirements list: activation and the reset link. */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const { serverCheck, messages, maximumLength, confirmTexts, submitting, onSubmit } = props;
  const form = useForm<NewPasswordValues>({
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
    // The rules follow the typed password (server checks), so validation uses the resolver of
    // the latest render; react-hook-form reads its options afresh on every render.
    resolver: (values, context, options) => resolver(values, context, options),
  });
  const { control, register, handleSubmit, formState, getFieldState, trigger } = form;
  const password = useWatch({ control, name: 'password' });
  const requirements = usePasswordRequirements({
    password,
    serverCheck,
    messages,
    maximumLength,
  });
  const { validate } = requirements;
  const schema = useMemo(
    () => newPasswordSchema((value) => validate(value), confirmTexts),
    [validate, confirmTexts],
  );
  const resolver = zodResolver(schema);
  useRevalidateOnPasswordCheck(requirements, form, 'password');
  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);

  const { ref: passwordRef, ...passwordField } = register('password');
  const { ref: confirmRef, ...confirmField } = register('confirmPassword');
  const { errors } = formState;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((values) => onSubmit(values.password))}
    >
      <PasswordField
        {...passwordField}
        inputRef={passwordRef}
        label={props.passwordLabel}
        required
        requirements={requirements}
        errorMessage={errors.password?.message}
      />
      <SecretInput
        {...confirmField}
        inputRef={confirmRef}
        label={props.confirmLabel}
        autoComplete="new-password"
        required
        errorMessage={errors.confirmPassword?.message}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={submitting}
        disabled={requirements.status === 'loading' || requirements.checking}
      >
        {props.submitText}
      </Button>
    </Stack>
  );
}
