import { POST_LOGIN_STEPS, type LoginResponse, type PostLoginStep } from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';
import { reportClientError } from '../../../lib/client-error-reporter';
import { agreementsNeededAtLogin } from './agreements-needed';

/** The institution's agreements; a setup the admin validator let through but that fails to parse counts as none. */
export function configuredAgreements(settings: SettingsAccessor): Agreement[] {
  try {
    return settings.get('agreementTexts.agreementSetup');
  } catch (error) {
    reportClientError(error);
    return [];
  }
}

/** The agreements the user must accept before the dashboard. */
export function loginAgreementsFor(
  response: LoginResponse,
  settings: SettingsAccessor,
  today: Date,
): Agreement[] {
  return agreementsNeededAtLogin(configuredAgreements(settings), {
    logs: response.WebAgreementLogs,
    emailCommunicationRestricted: response.IsEmailCommunicationRestriced,
    today,
  });
}

/**
 * The queue of post-login steps for a sign-in answer, in the order of spec 000 section 4:
 * - securityCode when the server asks for a code (MFARequired: multi-factor on, device not trusted);
 * - validateSSN when SSN validation at creation is on, the e-mail is not verified and the sign-in
 *   carried a password;
 * - changePassword when the password must change;
 * - setupSecretQuestion when the user has no question and recovery without one is off;
 * - agreements when any is needed.
 * A step the server lists in PendingSteps is asked too: the server keeps the session locked
 * until its steps are done, so the portal never skips one of them.
 */
export function postLoginSteps(
  response: LoginResponse,
  settings: SettingsAccessor,
  today: Date,
): PostLoginStep[] {
  const needed: Record<PostLoginStep, boolean> = {
    securityCode: response.MFARequired,
    validateSSN:
      settings.get('postLoginOptions.validateSsnAtCreationOption') &&
      !response.EmailIsVerified &&
      response.Password,
    changePassword: response.MustChangePassword,
    setupSecretQuestion:
      !response.HasPasswordQuestion &&
      !settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption'),
    agreements: loginAgreementsFor(response, settings, today).length > 0,
  };
  return POST_LOGIN_STEPS.filter((step) => needed[step] || response.PendingSteps.includes(step));
}
