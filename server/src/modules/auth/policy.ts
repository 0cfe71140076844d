import type { SettingsAccessor } from '@portal/settings-schema';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The institution's admin-only security policy (securityPolicyOptions.*) in milliseconds and
 * counts. Reading it throws a SettingsError when a stored value is malformed.
 */
export interface SecurityPolicy {
  maxFailedLoginAttempts: number;
  maxFailedLoginAttemptsPerIp: number;
  lockoutMs: number;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  securityCodeLifetimeMs: number;
  securityCodeMaxAttempts: number;
  trustedDeviceLifetimeMs: number;
  biometricsTokenLifetimeMs: number;
  passwordResetLinkLifetimeMs: number;
  activationLinkLifetimeMs: number;
  emailVerificationLinkLifetimeMs: number;
  recoveryMaxAttempts: number;
  recoveryLockoutMs: number;
  previousPasswordsRemembered: number;
  loginRequestsPerMinutePerIp: number;
  securityCodeResendsPerHour: number;
  recoveryRequestsPerHourPerIp: number;
  registrationRequestsPerHourPerIp: number;
  apiRequestsPerMinutePerSession: number;
}

export function securityPolicyOf(settings: SettingsAccessor): SecurityPolicy {
  const read = (key: Parameters<SettingsAccessor['get']>[0]): number => {
    const value = settings.get(key);
    return typeof value === 'number' ? Math.max(0, value) : 0;
  };
  return {
    maxFailedLoginAttempts: Math.max(1, read('securityPolicyOptions.maxFailedLoginAttempts')),
    maxFailedLoginAttemptsPerIp: Math.max(
      1,
      read('securityPolicyOptions.maxFailedLoginAttemptsPerIp'),
    ),
    lockoutMs: read('securityPolicyOptions.lockoutMinutes') * MINUTE_MS,
    sessionIdleMs: Math.max(1, read('securityPolicyOptions.sessionIdleTimeoutMinutes')) * MINUTE_MS,
    sessionAbsoluteMs:
      Math.max(1, read('securityPolicyOptions.sessionAbsoluteTimeoutMinutes')) * MINUTE_MS,
    securityCodeLifetimeMs:
      Math.max(1, read('securityPolicyOptions.securityCodeLifetimeMinutes')) * MINUTE_MS,
    securityCodeMaxAttempts: Math.max(1, read('securityPolicyOptions.securityCodeMaxAttempts')),
    trustedDeviceLifetimeMs: read('securityPolicyOptions.trustedDeviceLifetimeDays') * DAY_MS,
    biometricsTokenLifetimeMs: read('securityPolicyOptions.biometricsTokenLifetimeDays') * DAY_MS,
    passwordResetLinkLifetimeMs:
      Math.max(1, read('securityPolicyOptions.passwordResetLinkLifetimeMinutes')) * MINUTE_MS,
    activationLinkLifetimeMs:
      Math.max(1, read('securityPolicyOptions.activationLinkLifetimeHours')) * HOUR_MS,
    emailVerificationLinkLifetimeMs:
      Math.max(1, read('securityPolicyOptions.emailVerificationLinkLifetimeHours')) * HOUR_MS,
    recoveryMaxAttempts: Math.max(1, read('securityPolicyOptions.recoveryMaxAttempts')),
    recoveryLockoutMs: read('securityPolicyOptions.recoveryLockoutMinutes') * MINUTE_MS,
    previousPasswordsRemembered: read('securityPolicyOptions.previousPasswordsRemembered'),
    loginRequestsPerMinutePerIp: Math.max(
      1,
      read('securityPolicyOptions.loginRequestsPerMinutePerIp'),
    ),
    securityCodeResendsPerHour: Math.max(
      1,
      read('securityPolicyOptions.securityCodeResendsPerHour'),
    ),
    recoveryRequestsPerHourPerIp: Math.max(
      1,
      read('securityPolicyOptions.recoveryRequestsPerHourPerIp'),
    ),
    registrationRequestsPerHourPerIp: Math.max(
      1,
      read('securityPolicyOptions.registrationRequestsPerHourPerIp'),
    ),
    apiRequestsPerMinutePerSession: Math.max(
      1,
      read('securityPolicyOptions.apiRequestsPerMinutePerSession'),
    ),
  };
}

export { DAY_MS, HOUR_MS, MINUTE_MS };
