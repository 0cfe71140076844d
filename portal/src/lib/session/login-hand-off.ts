import type { LoginResponse } from '@portal/domain';
import { takeAutoLogin, type AutoLoginCredentials } from './auto-login';
import { takeSsoLoginResponse } from './sso-login-hand-off';

/**
 * What other screens hand to the login screen in memory ("resolves login data", spec 000 2.1).
 *
 * How a screen hands over (the values never go into router or history state):
 * - registration and activation: `setAutoLogin({ username, password })` from `./auto-login`, then
 *   `navigate('/home/login')`. The login screen fills the form in and submits it once; a refused
 *   sign-in leaves the filled-in form with the message. Any post-login steps follow as usual.
 * - the single sign-on screen: `setSsoLoginResponse(response)` from `./sso-login-hand-off`, then
 *   `navigate('/home/login')`: the login screen runs the post-login steps of that answer.
 */
export interface LoginHandOff {
  autoLogin: AutoLoginCredentials | null;
  ssoLoginResponse: LoginResponse | null;
}

/**
 * The loader of home/login. A loader runs once per navigation, so the one-shot hand-offs are
 * taken exactly once even where React renders or runs effects twice (StrictMode).
 */
export function loadLoginHandOff(): LoginHandOff {
  return { autoLogin: takeAutoLogin(), ssoLoginResponse: takeSsoLoginResponse() };
}
