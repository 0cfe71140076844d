import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { PasswordRequirements } from './use-password-requirements';

/**
 * Re-validates a password field when a server check of it settles, so the answer shows as the
 * field's error; only once the user has left the field, like every other message.
 */
export function useRevalidateOnPasswordCheck<T extends FieldValues>(
  requirements: PasswordRequirements,
  form: Pick<UseFormReturn<T>, 'getFieldState' | 'trigger'>,
  name: FieldPath<T>,
): void {
  const { getFieldState, trigger } = form;
  const { checkCount } = requirements;
  useEffect(() => {
    if (checkCount > 0 && getFieldState(name).isTouched) void trigger(name);
  }, [checkCount, getFieldState, trigger, name]);
}
