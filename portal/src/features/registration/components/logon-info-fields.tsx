import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Agreement } from '@portal/settings-schema';
import { useId, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  FormNewPasswordField,
  FormPasswordField,
  FormTextField,
} from '../../../components/form-fields';
import type { PasswordRequirements } from '../../../components/password-requirements/use-password-requirements';
import { useSettings } from '../../../lib/settings/settings-context';
import { safeLinkUrl } from '../../../lib/external-link';
import type { RegistrationConfig } from '../utils/registration-config';
import type { AgreementState, RegistrationValues } from '../utils/registration-form';

export interface AgreementRow {
  agreement: Agreement;
  state: AgreementState;
  /** Click-to-read: the checkbox stays disabled until the link was opened. */
  mustOpenLink: boolean;
  /** Shown once the user tried to go on without agreeing. */
  message: string | undefined;
}

interface LogonInfoFieldsProps {
  form: UseFormReturn<RegistrationValues>;
  config: RegistrationConfig;
  requirements: PasswordRequirements;
  /** Password fields stay disabled while the login name is empty (spec 000 section 4). */
  passwordDisabled: boolean;
  agreements: readonly AgreementRow[];
  onAgreementChange(agreement: Agreement, checked: boolean): void;
  onAgreementLinkOpened(agreement: Agreement): void;
}

/** The checkbox label with the agreement name as its link, where the text says `{name}`. */
function labelWithLink(template: string, link: ReactNode): ReactNode {
  const at = template.indexOf('{name}');
  if (at < 0) {
    return (
      <>
        {template} {link}
      </>
    );
  }
  return (
    <>
      {template.slice(0, at)}
      {link}
      {template.slice(at + '{name}'.length)}
    </>
  );
}

/**
 * The logon section of registration (spec 000 sections 2.9 and 5): login name, password with the
 * requirements list, its confirmation (when enabled) and one checkbox per registration agreement.
 */
export function LogonInfoFields(props: LogonInfoFieldsProps) {
  const { form, config, requirements, passwordDisabled, agreements } = props;
  const settings = useSettings();
  const idPrefix = useId();
  const { control } = form;

  return (
    <>
      <FormTextField
        control={control}
        name="loginName"
        label={settings.get('registrationTexts.loginNamePlaceholder')}
        autoComplete="username"
        required
      />
      <FormNewPasswordField
        control={control}
        name="password"
        label={settings.get('registrationTexts.passwordPlaceholder')}
        requirements={requirements}
        disabled={passwordDisabled}
        required
      />
      {config.confirmPassword ? (
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label={settings.get('registrationTexts.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          disabled={passwordDisabled}
          required
        />
      ) : null}
      {agreements.length > 0 ? (
        <Stack spacing={1}>
          {agreements.map(({ agreement, state, mustOpenLink, message }) => {
            const url = safeLinkUrl(agreement.url);
            const errorId = `${idPrefix}-${agreement.hostNum}-error`;
            const link = url ? (
              <Link
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => props.onAgreementLinkOpened(agreement)}
              >
                {agreement.name}
              </Link>
            ) : (
              agreement.name
            );
            return (
              <div key={agreement.hostNum}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={state.checked}
                      disabled={mustOpenLink}
                      onChange={(event) => props.onAgreementChange(agreement, event.target.checked)}
                      slotProps={{
                        input: {
                          'aria-describedby': message ? errorId : undefined,
                          'aria-invalid': message ? true : undefined,
                        },
                      }}
                    />
                  }
                  label={labelWithLink(settings.get('agreementTexts.agreementCheckboxText'), link)}
                />
                {message ? (
                  <FormHelperText id={errorId} error role="alert">
                    {message}
                  </FormHelperText>
                ) : null}
              </div>
            );
          })}
        </Stack>
      ) : null}
    </>
  );
}
