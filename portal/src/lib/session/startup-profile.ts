import type { ProfileResponse } from '@portal/domain';
import { getProfile } from './get-profile';

let started: Promise<ProfileResponse> | undefined;

/**
 * Starts the start-up session check (`GET /api/Profile`) with the page, beside the application
 * options, instead of after them and the route's code: a signed-in screen opened from a link or
 * a reload shows a request sooner. Only for myaccount routes (a signed-out visitor's login page
 * needs no check first).
 */
export function startProfileCheck(hash: string): void {
  if (started || !hash.startsWith('#/myaccount')) return;
  started = getProfile({ ignoreUnauthorized: true });
  // Whoever takes it handles its failure; an unhandled rejection must not be reported first.
  started.catch(() => undefined);
}

/** The check started with the page (once), or a new one. */
export function takeProfileCheck(signal: AbortSignal): Promise<ProfileResponse> {
  const check = started ?? getProfile({ signal, ignoreUnauthorized: true });
  started = undefined;
  return check;
}
