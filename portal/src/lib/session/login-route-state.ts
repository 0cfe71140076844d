import { z } from 'zod';
import type { LogoutReason } from './session-context';

/** What the logout paths hand to the login screen through route state. */
const LoginRouteStateSchema = z.object({
  reason: z.enum(['sessionExpired', 'unauthorized']).optional(),
  /** A link that brought the borrower here succeeded: the sign-in screen says so. */
  confirmed: z.enum(['emailVerified']).optional(),
});

export interface LoginRouteState {
  reason?: LogoutReason;
  confirmed?: 'emailVerified';
}

export function readLoginRouteState(state: unknown): LoginRouteState {
  const parsed = LoginRouteStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
