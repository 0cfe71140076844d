import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SecretInput } from '../../../../components/masked-input/secret-input';
import { PasswordField } from '../../../../components/password-requirements/password-field';
import { resetPasswordErrorMessage } from '../../../../components/password-requirements/reset-password-message';
import { usePasswordRequirements } from '../../../../components/password-requirements/use-password-requirements';
import { useRevalidateOnPasswordCheck } from '../../../../components/password-requirements/use-revalidate-on-password-check';
import { useSettings } from '../../../../lib/settings/settings-context';
import { useResetPassword } from '../../../../lib/credentials/reset-password';
import { biometricsGrantOf } from '../../utils/biometrics-grant';
import { StepPanel } from './step-panel';
import type { StepProps } from './step-props';

interface ChangePasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * changePassword: a new password with its confirmation and the password rules (list, show/hide,
 * server checks for the signed-in user), saved with `POST /api/Login/ResetPassword` and the
 * sign-in's ChangePasswordToken.
 */
export function ChangePasswordStep({ response, advancing, onDone, onCancel }: StepProps) {
  const settings = useSettings();
  const form = useForm<ChangePasswordValues>({
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { control, register, handleSubmit, formState } = form;
  const password = useWatch({ control, name: 'password' });
  const context = useMemo(
    () => ({ logon: response.UserName, email: response.EmailAddress || undefined }),
    [response.UserName, response.EmailAddress],
  );
  const requirements = usePasswordRequirements({
    password,
    context,
    serverCheck: { kind: 'loggedInUser' },
  });
  useRevalidateOnPasswordCheck(requirements, form, 'password');
  // Registered on every render, so the checks use the latest rules and server answers.
  const { ref: passwordRef, ...passwordField } = register('password', {
    validate: (value) => requirements.validate(value, context) ?? true,
  });
  const { ref: confirmRef, ...confirmField } = register('confirmPassword', {
    validate: (value, values) => {
      if (value === '') return settings.get('resetPasswordTexts.passwordRequiredText');
      if (value !== values.password) {
        return settings.get('resetPasswordTexts.passwordsDoNotMatchText');
      }
      return true;
    },
  });
  const reset = useResetPassword();
  const [error, setError] = useState<string | undefined>(undefined);

  async function submit(values: ChangePasswordValues) {
    setError(undefined);
    try {
      const answer = await reset.mutateAsync({
        Enc: response.ChangePasswordToken,
        Password: values.password,
      });
      onDone({
        MustChangePassword: false,
        UserToken: answer.UserToken || response.UserToken,
        ...biometricsGrantOf(answer),
      });
    } catch (failure) {
      setError(resetPasswordErrorMessage(failure, settings));
    }
  }

  return (
    <StepPanel
      heading={settings.get('postLoginTexts.changePasswordHeadingText')}
      intro={settings.get('postLoginTexts.changePasswordInstructionsText')}
      error={error}
      busy={reset.isPending || advancing || requirements.checking}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
    >
      <PasswordField
        {...passwordField}
        inputRef={passwordRef}
        label={settings.get('postLoginTexts.newPasswordLabel')}
        requirements={requirements}
        required
        slotProps={{ input: { maxLength: requirements.maximumLength } }}
        errorMessage={formState.errors.password?.message}
      />
      <SecretInput
        {...confirmField}
        inputRef={confirmRef}
        label={settings.get('postLoginTexts.confirmPasswordLabel')}
        autoComplete="new-password"
        required
        slotProps={{ input: { maxLength: requirements.maximumLength } }}
        errorMessage={formState.errors.confirmPassword?.message}
      />
    </StepPanel>
  );
}
