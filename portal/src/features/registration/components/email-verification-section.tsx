import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fillPlaceholders } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { InputField } from '../../../components/masked-input/input-field';
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

/**
 * The e-mail security code step of registration (spec 000 sections 2.10, 4 and 8): entering it
 * e-mails a code; Continue checks the code against the MFA token; Resend Code gets a new token and
 * clears the code. States: idle, loading, network error, and expired, max attempts or invalid.
 */
export function EmailVerificationSection(props: EmailVerificationSectionProps) {
  const { email, firstName } = props;
  const settings = useSettings();
  const [mfaToken, setMfaToken] = useState<string | undefined>(undefined);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const { mutateAsync: generateMfaCode } = useGenerateMfaCode();
  const { mutateAsync: validateRegistrationCode } = useValidateRegistrationCode();
  const sentFor = useRef<string | null>(null);
  const codeInput = useRef<HTMLInputElement | null>(null);

  const sendCode = useCallback(async () => {
    setStatus('loading');
    setMfaToken(undefined);
    setCode('');
    setTouched(false);
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
  }, [email, firstName, generateMfaCode]);

  useEffect(() => {
    // Once per address, also when React runs effects twice in development.
    if (sentFor.current === email) return;
    sentFor.current = email;
    void sendCode();
  }, [email, sendCode]);

  const required =
    code.trim() === '' ? settings.get('registrationValidationTexts.securityCodeRequiredText') : '';

  async function verify() {
    setTouched(true);
    if (required) {
      codeInput.current?.focus();
      return;
    }
    if (!mfaToken) {
      setStatus({ failure: 'network' });
      return;
    }
    setStatus('loading');
    try {
      await validateRegistrationCode({
        Code: code.trim(),
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
      valid={required === '' && mfaToken !== undefined}
      busy={status === 'loading'}
      errors={failure ? [emailCodeFailureMessage(failure, settings)] : []}
      extraActions={
        <Button variant="outlined" onClick={() => void sendCode()} disabled={status === 'loading'}>
          {settings.get('registrationTexts.resendCodeButtonText')}
        </Button>
      }
      onSubmit={() => void verify()}
      onGoBack={props.onGoBack}
      onCancel={props.onCancel}
    >
      <Typography>
        {fillPlaceholders(settings.get('registrationTexts.emailVerificationInstructionsText'), {
          email,
        })}
      </Typography>
      <InputField
        inputRef={codeInput}
        name="securityCode"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={() => setTouched(true)}
        label={settings.get('registrationTexts.securityCodePlaceholder')}
        autoComplete="one-time-code"
        slotProps={{ input: { inputMode: 'numeric', maxLength: 6 } }}
        required
        errorMessage={touched && required ? required : undefined}
      />
    </SectionFrame>
  );
}
