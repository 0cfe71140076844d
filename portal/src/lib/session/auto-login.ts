/** Credentials a screen hands to the login screen to sign in with at once (spec 000 section 2.4). */
export interface AutoLoginCredentials {
  username: string;
  password: string;
}

let pending: AutoLoginCredentials | null = null;

/**
 * Registration and activation call this just before `navigate('/home/login')`: the login screen
 * fills in the credentials and submits them. The password stays in this module's memory until the
 * login route takes it; it never goes into router or history state, which the browser serialises
 * into its session history.
 */
export function setAutoLogin(credentials: AutoLoginCredentials): void {
  pending = { username: credentials.username, password: credentials.password };
}

/** The credentials set for the next login screen, once; later calls return null. */
export function takeAutoLogin(): AutoLoginCredentials | null {
  const credentials = pending;
  pending = null;
  return credentials;
}
