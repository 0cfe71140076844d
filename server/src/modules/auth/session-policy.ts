import type { SecurityPolicy } from './policy';

/** How long a session lives (securityPolicyOptions.session*TimeoutMinutes of the institution). */
export interface SessionPolicy {
  /** Without a request for this long the session ends; every authenticated request slides it. */
  idleTimeoutMs: number;
  /** The session ends this long after sign-in, however active it is. */
  absoluteTimeoutMs: number;
}

export function sessionPolicyOf(policy: SecurityPolicy): SessionPolicy {
  return { idleTimeoutMs: policy.sessionIdleMs, absoluteTimeoutMs: policy.sessionAbsoluteMs };
}

/**
 * How stale a session's stored idle expiry may be before a request slides it again: requests
 * within this time of the last slide write nothing (a busy borrower's calls are reads). The idle
 * timeout is minutes long, so ending up to this much early is not noticeable.
 */
export const SESSION_TOUCH_EVERY_MS = 30_000;

/** The next idle expiry: `idleTimeoutMs` from now, never past the absolute expiry. */
export function nextIdleExpiry(policy: SessionPolicy, now: Date, absoluteExpiresAt: Date): Date {
  return new Date(Math.min(now.getTime() + policy.idleTimeoutMs, absoluteExpiresAt.getTime()));
}
