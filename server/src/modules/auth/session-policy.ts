/** How long a session lives. One place, so a later step can read it from admin-only settings. */
export interface SessionPolicy {
  /** Without a request for this long the session ends; every authenticated request slides it. */
  idleTimeoutMs: number;
  /** The session ends this long after sign-in, however active it is. */
  absoluteTimeoutMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 20 * 60 * 1000,
  absoluteTimeoutMs: 12 * 60 * 60 * 1000,
};

/** The next idle expiry: `idleTimeoutMs` from now, never past the absolute expiry. */
export function nextIdleExpiry(policy: SessionPolicy, now: Date, absoluteExpiresAt: Date): Date {
  return new Date(Math.min(now.getTime() + policy.idleTimeoutMs, absoluteExpiresAt.getTime()));
}
