import { useMemo, useState } from 'react';
import { FormNewPasswordField, FormPasswordField } from '../../../../components/form-fields';
import type { NewPasswordValues } from '../../../../components/password-requirements/new-password-schema';
import { resetPasswordErrorMessage } from '../../../../components/password-requirements/reset-password-message';
import { useNewPasswordForm } from '../../../../components/password-requirements/use-new-password-form';
import { useSettings } from '../../../../lib/settings/settings-context';
import { useResetPassword } from '../../../../lib/credentials/reset-password';
import { biometricsGrantOf } from '../../utils/biometrics-grant';
import { StepPanel } from './step-panel';
import type { StepProps } from './step-props';

/**
 * changePassword: a new password with its confirmation and the password rules (the list always,
 * whatever the list option, as spec 000 section 2.5 has it; show/hide,
 * server checks for the signed-in user), saved with `POST /api/Login/ResetPassword` and the
 * sign-in's ChangePasswordToken.
 */
export function ChangePasswordStep({ response, advancing, onDone, onCancel }: StepProps) {
  const settings = useSettings();
  const context = useMemo(
    () => ({ logon: response.UserName, email: response.EmailAddress || undefined }),
    [response.UserName, response.EmailAddress],
  );
  const confirmTexts = useMemo(
    () => ({
      confirmRequired: settings.get('resetPasswordTexts.passwordRequiredText'),
      mismatch: settings.get('resetPasswordTexts.passwordsDoNotMatchText'),
    }),
    [settings],
  );
  const { form, requirements } = useNewPasswordForm({
    context,
    serverCheck: { kind: 'loggedInUser' },
    confirmTexts,
    // Spec 000 section 2.5: "new password with confirmation and the rule list".
    alwaysShowList: true,
  });
  const { control, handleSubmit } = form;
  const reset = useResetPassword();
  const [error, setError] = useState<string | undefined>(undefined);

  async function submit(values: NewPasswordValues) {
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
      <FormNewPasswordField
        control={control}
        name="password"
        label={settings.get('postLoginTexts.newPasswordLabel')}
        requirements={requirements}
        required
      />
      <FormPasswordField
        control={control}
        name="confirmPassword"
        label={settings.get('postLoginTexts.confirmPasswordLabel')}
        autoComplete="new-password"
        required
      />
    </StepPanel>
  );
}
