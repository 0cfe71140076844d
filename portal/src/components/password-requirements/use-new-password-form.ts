import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  newPasswordSchema,
  type NewPasswordTexts,
  type NewPasswordValues,
} from './new-password-schema';
import {
  usePasswordRequirements,
  type UsePasswordRequirementsOptions,
} from './use-password-requirements';
import { useRevalidateOnPasswordCheck } from './use-revalidate-on-password-check';

export interface UseNewPasswordFormOptions extends Omit<
  UsePasswordRequirementsOptions,
  'password'
> {
  /** The confirmation field's messages. */
  confirmTexts: NewPasswordTexts;
}

/**
 * The form of every "new password + confirmation" screen (activation, reset link, forced change,
 * the post-login change step): react-hook-form validated by one zod schema whose password check is
 * the requirements hook's (rules answer, server checks), re-validated when a server check settles
 * and the confirmation re-checked when the password changes.
 */
export function useNewPasswordForm(options: UseNewPasswordFormOptions) {
  const { confirmTexts, context, ...requirementOptions } = options;
  const form = useForm<NewPasswordValues>({
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
    // The rules follow the typed password (server checks), so validation uses the resolver of
    // the latest render; react-hook-form reads its options afresh on every render.
    resolver: (values, resolverContext, resolverOptions) =>
      latestResolver(values, resolverContext, resolverOptions),
  });
  const { control, getFieldState, trigger } = form;
  const password = useWatch({ control, name: 'password' });
  const requirements = usePasswordRequirements({ ...requirementOptions, context, password });
  const { validate } = requirements;
  const schema = useMemo(
    () => newPasswordSchema((value) => validate(value, context), confirmTexts),
    [validate, context, confirmTexts],
  );
  const latestResolver: Resolver<NewPasswordValues> = zodResolver(schema);
  useRevalidateOnPasswordCheck(requirements, form, 'password');
  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);
  return { form, requirements };
}
