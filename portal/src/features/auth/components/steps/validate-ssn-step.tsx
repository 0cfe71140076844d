import { zodResolver } from '@hookform/resolvers/zod';
import { normaliseSsn } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormPasswordField } from '../../../../components/form-fields';
import { useSettings } from '../../../../lib/settings/settings-context';
import { useVerifyNewUser } from '../../api/verify-new-user';
import { biometricsGrantOf } from '../../utils/biometrics-grant';
import { StepPanel } from './step-panel';
import type { StepProps } from './step-props';

const SSN_DIGITS = 9;

/** Spec 000 section 5, post-login steps: required, then exactly 9 digits once non-digits go. */
function ssnSchema(settings: SettingsAccessor) {
  return z.object({
    ssn: z
      .string()
      .trim()
      .min(1, settings.get('postLoginTexts.ssnRequiredText'))
      .refine(
        (value) => normaliseSsn(value).length === SSN_DIGITS,
        settings.get('postLoginTexts.ssnInvalidText'),
      ),
  });
}
type SsnValues = z.infer<ReturnType<typeof ssnSchema>>;

/** validateSSN: the SSN of an account created for the user, checked with the sign-in credentials. */
export function ValidateSsnStep({ response, password, advancing, onDone, onCancel }: StepProps) {
  const settings = useSettings();
  const schema = useMemo(() => ssnSchema(settings), [settings]);
  const { control, handleSubmit } = useForm<SsnValues>({
    resolver: zodResolver(schema),
    defaultValues: { ssn: '' },
  });
  const verify = useVerifyNewUser();
  const [error, setError] = useState<string | undefined>(undefined);

  async function submit(values: SsnValues) {
    setError(undefined);
    try {
      const answer = await verify.mutateAsync({
        Credentials: { UserName: response.UserName, Password: password ?? '' },
        SocialSecurityNumber: normaliseSsn(values.ssn),
      });
      onDone(biometricsGrantOf(answer));
    } catch {
      setError(settings.get('postLoginTexts.ssnValidationErrorText'));
    }
  }

  return (
    <StepPanel
      heading={settings.get('postLoginTexts.ssnHeadingText')}
      intro={settings.get('postLoginTexts.ssnInstructionsText')}
      error={error}
      busy={verify.isPending || advancing}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
    >
      <FormPasswordField
        control={control}
        name="ssn"
        label={settings.get('postLoginTexts.ssnLabel')}
        autoComplete="off"
        digitsOnly
        maxDigits={SSN_DIGITS}
        required
      />
    </StepPanel>
  );
}
