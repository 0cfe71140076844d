import { z } from 'zod';
import type { LogoutReason } from './session-context';

/** What the logout paths hand to the login screen through route state. */
const LoginRouteStateSchema = z.object({
  reason: z.enum(['sessionExpired', 'unauthorized']).optional(),
});

export interface LoginRouteState {
  reason?: LogoutReason;
}

export function readLoginRouteState(state: unknown): LoginRouteState {
  const parsed = LoginRouteStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
