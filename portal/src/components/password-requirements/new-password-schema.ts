import { z } from 'zod';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export interface NewPasswordTexts {
  confirmRequired: string;
  mismatch: string;
}

/** A new password and its repetition; the password itself is checked by the requirements hook. */
export function newPasswordSchema(
  validatePassword: (password: string) => string | undefined,
  texts: NewPasswordTexts,
) {
  return z
    .object({ password: z.string(), confirmPassword: z.string() })
    .superRefine((values, ctx) => {
      const message = validatePassword(values.password);
      if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
      if (values.confirmPassword === '') {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: texts.confirmRequired });
      } else if (values.confirmPassword !== values.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: texts.mismatch });
      }
    });
}
