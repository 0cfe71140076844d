import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { SecretInput, type SecretInputProps } from '../masked-input/secret-input';
import { PasswordRequirementsList } from './password-requirements-list';
import type { PasswordRequirements } from './use-password-requirements';

export interface PasswordFieldProps extends Omit<SecretInputProps, 'digitsOnly' | 'maxDigits'> {
  requirements: PasswordRequirements;
}

/**
 * A new-password field: the password input with its show/hide toggle and, when the rule-list
 * option is on, the requirements list under it, linked to the field as part of its description.
 */
export function PasswordField({ requirements, describedBy, ...props }: PasswordFieldProps) {
  const listId = useId();
  const linked = [describedBy, requirements.showList ? listId : undefined].filter(Boolean);
  return (
    <Stack spacing={1}>
      <SecretInput
        autoComplete="new-password"
        {...props}
        describedBy={linked.length > 0 ? linked.join(' ') : undefined}
      />
      <PasswordRequirementsList requirements={requirements} id={listId} />
    </Stack>
  );
}
