let anonymousId: string | undefined;

/**
 * The anonymous user id of the registration's e-mail code (spec 000 section 3, "MFA data"): one
 * random id per page session, kept in memory only. `getRandomValues` works on plain HTTP too,
 * where `randomUUID` does not.
 */
export function registrationAnonymousId(): string {
  if (anonymousId === undefined) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    anonymousId = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  return anonymousId;
}
