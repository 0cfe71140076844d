import {
  agreementsNeededAtLogin,
  calendarDateIn,
  calendarDateOf,
  configuredAgreements,
  pendingStepsFor,
  POST_LOGIN_STEPS,
  type LoginResponse,
  type PostLoginStep,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';
import { reportClientError } from '../../../lib/client-error-reporter';

/** The agreements the user must accept before the dashboard (the server's rule, from domain). */
export function loginAgreementsFor(
  response: LoginResponse,
  settings: SettingsAccessor,
  now: Date,
): Agreement[] {
  return agreementsNeededAtLogin(configuredAgreements(settings, reportClientError), {
    acceptances: response.WebAgreementLogs.flatMap((log) => {
      const acceptedOn = calendarDateOf(log.DateOfAgreement);
      return acceptedOn ? [{ hostNum: log.HostNum, name: log.Name, url: log.Url, acceptedOn }] : [];
    }),
    emailCommunicationRestricted: response.IsEmailCommunicationRestriced,
    // The institution's today, as the server counts it, not the device's.
    today: calendarDateIn(settings.get('localeOptions.institutionTimeZone'), now),
  });
}

/**
 * The queue of post-login steps for a sign-in answer, by the server's rule (domain's
 * `pendingStepsFor`). A step the server lists in PendingSteps is asked too: the server keeps the
 * session locked until its steps are done, so the portal never skips one of them.
 */
export function postLoginSteps(
  response: LoginResponse,
  settings: SettingsAccessor,
  now: Date,
): PostLoginStep[] {
  const steps = pendingStepsFor(settings, {
    securityCode: response.MFARequired,
    passwordSignIn: response.Password,
    emailVerified: response.EmailIsVerified,
    mustChangePassword: response.MustChangePassword,
    hasPasswordQuestion: response.HasPasswordQuestion,
    agreementsNeeded: loginAgreementsFor(response, settings, now).length,
  });
  return POST_LOGIN_STEPS.filter(
    (step) => steps.includes(step) || response.PendingSteps.includes(step),
  );
}
