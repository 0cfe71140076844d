import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormCheckbox, FormTextField } from '../../../../components/form-fields';
import { ApiError } from '../../../../lib/api-client';
import { rememberTrustedDevice } from '../../../../lib/session/trusted-devices';
import { useSettings } from '../../../../lib/settings/settings-context';
import { useResendCode } from '../../api/resend-code';
import { useValidateCode } from '../../api/validate-code';
import { biometricsGrantOf } from '../../utils/biometrics-grant';
import { StepPanel } from './step-panel';
import type { StepProps } from './step-props';

function securityCodeSchema(settings: SettingsAccessor) {
  return z.object({
    code: z.string().trim().min(1, settings.get('securityCodeTexts.codeRequiredText')),
    trustDevice: z.boolean(),
  });
}
type SecurityCodeValues = z.infer<ReturnType<typeof securityCodeSchema>>;

const EMPTY: SecurityCodeValues = { code: '', trustDevice: false };

/** Spec 000 section 8, security code. */
function securityCodeError(error: unknown, settings: SettingsAccessor): string {
  if (!(error instanceof ApiError) || error.status !== 403) {
    return settings.get('securityCodeTexts.validationErrorText');
  }
  if (error.code === 'CodeExpired') return settings.get('securityCodeTexts.codeExpiredText');
  if (error.code === 'MaxAttemptsReached') return settings.get('securityCodeTexts.maxAttemptsText');
  return settings.get('securityCodeTexts.invalidCodeText');
}

/**
 * securityCode: the code sent by e-mail, Resend Code, and the option to trust this device, whose
 * token is kept for the next sign-in (spec 000 sections 2.5 and 4).
 */
export function SecurityCodeStep({ response, advancing, onDone, onCancel }: StepProps) {
  const settings = useSettings();
  const schema = useMemo(() => securityCodeSchema(settings), [settings]);
  const { control, handleSubmit, reset } = useForm<SecurityCodeValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const validate = useValidateCode();
  const resend = useResendCode();
  const [error, setError] = useState<string | undefined>(undefined);
  const busy = validate.isPending || resend.isPending || advancing;

  async function submit(values: SecurityCodeValues) {
    setError(undefined);
    try {
      const answer = await validate.mutateAsync({
        UserId: response.UserId,
        Code: values.code,
        CreateTrustedDevice: values.trustDevice,
      });
      if (values.trustDevice && answer.TrustedDeviceToken) {
        rememberTrustedDevice(response.UserName, answer.TrustedDeviceToken);
      }
      onDone({
        IsLoggedIn: true,
        UserToken: answer.UserToken || response.UserToken,
        EmailAddress: answer.EmailAddress || response.EmailAddress,
        ...biometricsGrantOf(answer),
      });
    } catch (failure) {
      setError(securityCodeError(failure, settings));
    }
  }

  async function resendCode() {
    setError(undefined);
    reset(EMPTY);
    try {
      await resend.mutateAsync(response.UserId);
    } catch {
      setError(settings.get('securityCodeTexts.validationErrorText'));
    }
  }

  return (
    <StepPanel
      heading={settings.get('securityCodeTexts.headingText')}
      intro={settings.get('securityCodeTexts.instructionsText')}
      error={error}
      busy={busy}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
      extraActions={
        <Button variant="outlined" onClick={() => void resendCode()} disabled={busy}>
          {settings.get('securityCodeTexts.resendCodeButtonText')}
        </Button>
      }
    >
      <FormTextField
        control={control}
        name="code"
        label={settings.get('securityCodeTexts.codeLabel')}
        autoComplete="one-time-code"
        slotProps={{ input: { inputMode: 'numeric' } }}
        required
      />
      {settings.get('securityCodeOptions.allowTrustedDevicesOption') ? (
        <FormCheckbox
          control={control}
          name="trustDevice"
          label={settings.get('securityCodeTexts.trustDeviceLabel')}
        />
      ) : null}
    </StepPanel>
  );
}
