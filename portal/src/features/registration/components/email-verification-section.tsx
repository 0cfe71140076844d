import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fillPlaceholders } from '@portal/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormMaskedField } from '../../../components/form-fields';
import { useSettings } from '../../../lib/settings/settings-context';
import { useGenerateMfaCode } from '../api/generate-mfa-code';
import { useValidateRegistrationCode } from '../api/validate-registration-code';
import { registrationAnonymousId } from '../utils/anonymous-id';
import {
  emailCodeFailure,
  emailCodeFailureMessage,
  type EmailCodeFailure,
} from '../utils/registration-errors';
import { SectionFrame } from './section-frame';

interface EmailVerificationSectionProps {
  email: string;
  firstName: string;
  focusOnMount: boolean;
  onVerified(mfaToken: string): void;
  onGoBack(): void;
  onCancel(): void;
}

type Status = 'idle' | 'loading' | { failure: EmailCodeFailure };

/** The e-mailed code: six digits at most, digits only (a mask of six optional digits). */
const CODE_MASK = '999999';
const EMPTY = { securityCode: '' };

/**
 * The e-mail security code step of registration (spec 000 sections 2.10, 4 and 8): entering it
 * e-mails a code; Continue checks the code against the MFA token; Resend Code gets a new token and
 * clears the code. States: idle, loading, network error, and expired, max attempts or invalid.
 */
export function EmailVerificationSection(props: EmailVerificationSectionProps) {
  const { email, firstName } = props;
  const settings = useSettings();
  const [mfaToken, setMfaToken] = useState<string | undefined>(undefined);
  const schema = useMemo(
    () =>
      z.object({
        securityCode: z
          .string()
          .trim()
          .min(1, settings.get('registrationValidationTexts.securityCodeRequiredText')),
      }),
    [settings],
  );
  // The message shows once the field was left empty (onTouched) or Continue was pressed.
  const { control, handleSubmit, reset } = useForm({
    mode: 'onTouched',
    defaultValues: EMPTY,
    resolver: zodResolver(schema),
  });
  const code = useWatch({ control, name: 'securityCode' });
  const [status, setStatus] = useState<Status>('idle');
  const { mutateAsync: generateMfaCode } = useGenerateMfaCode();
  const { mutateAsync: validateRegistrationCode } = useValidateRegistrationCode();
  const sentFor = useRef<string | null>(null);

  const sendCode = useCallback(async () => {
    setStatus('loading');
    setMfaToken(undefined);
    reset(EMPTY);
    try {
      const answer = await generateMfaCode({
        Id: registrationAnonymousId(),
        FirstName: firstName,
        EmailAddress: email,
      });
      setMfaToken(answer.MFAToken);
      setStatus('idle');
    } catch {
      setStatus({ failure: 'network' });
    }
  }, [email, firstName, generateMfaCode, reset]);

  useEffect(() => {
    // Once per address, also when React runs effects twice in development.
    if (sentFor.current === email) return;
    sentFor.current = email;
    void sendCode();
  }, [email, sendCode]);

  const filledIn = code.trim() !== '';

  /** Runs once the code is there (handleSubmit focuses the empty field and shows its message). */
  async function verify(values: typeof EMPTY) {
    if (!mfaToken) {
      setStatus({ failure: 'network' });
      return;
    }
    setStatus('loading');
    try {
      await validateRegistrationCode({
        Code: values.securityCode.trim(),
        MFAToken: mfaToken,
        UserId: registrationAnonymousId(),
      });
      setStatus('idle');
      props.onVerified(mfaToken);
    } catch (error) {
      setStatus({ failure: emailCodeFailure(error) });
    }
  }

  const failure = typeof status === 'object' ? status.failure : undefined;
  return (
    <SectionFrame
      heading={settings.get('registrationTexts.emailVerificationHeadingText')}
      focusOnMount={props.focusOnMount}
      valid={filledIn && mfaToken !== undefined}
      busy={status === 'loading'}
      errors={failure ? [emailCodeFailureMessage(failure, settings)] : []}
      extraActions={
        <Button variant="outlined" onClick={() => void sendCode()} disabled={status === 'loading'}>
          {settings.get('registrationTexts.resendCodeButtonText')}
        </Button>
      }
      onSubmit={() => void handleSubmit(verify)()}
      onGoBack={props.onGoBack}
      onCancel={props.onCancel}
    >
      <Typography>
        {fillPlaceholders(settings.get('registrationTexts.emailVerificationInstructionsText'), {
          email,
        })}
      </Typography>
      <FormMaskedField
        control={control}
        name="securityCode"
        mask={CODE_MASK}
        label={settings.get('registrationTexts.securityCodePlaceholder')}
        autoComplete="one-time-code"
        required
      />
    </SectionFrame>
  );
}
