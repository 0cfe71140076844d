import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SecretInput } from '../../../components/masked-input/secret-input';
import type { NewPasswordTexts } from '../../../components/password-requirements/new-password-schema';
import { PasswordField } from '../../../components/password-requirements/password-field';
import type { PasswordMessages } from '../../../components/password-requirements/password-policy';
import { useNewPasswordForm } from '../../../components/password-requirements/use-new-password-form';
import type { PasswordServerCheck } from '../../../components/password-requirements/use-password-requirements';

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
  const { form, requirements } = useNewPasswordForm({
    serverCheck,
    messages,
    maximumLength,
    confirmTexts,
  });
  const { register, handleSubmit, formState } = form;
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
