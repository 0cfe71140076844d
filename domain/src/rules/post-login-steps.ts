import type { Agreement, SettingsAccessor } from '@portal/settings-schema';
import { POST_LOGIN_STEPS, type PostLoginStep } from '../api/login';
import { isAgreementNeeded, isAskedAtLogin } from './agreements';
import type { CalendarDate } from './calendar';

/**
 * The post-login step queue and the agreements it asks for (spec 000 section 4), written once:
 * the server decides the steps of a sign-in and keeps the session locked until they are done;
 * the portal runs the same functions to show them.
 */

/** One acceptance of an agreement: the calendar date (institution time zone) it was accepted. */
export interface AgreementAcceptance {
  /** The agreement's host number; older records carry only its name and address. */
  hostNum?: number;
  name?: string;
  url?: string;
  acceptedOn: CalendarDate;
}

/**
 * The configured agreements. A setup that does not parse counts as none: the admin's validator
 * refuses such a setup, so this only happens with a hand-edited configuration; `onInvalid` hears
 * of it (the portal reports it as a client error).
 */
export function configuredAgreements(
  settings: SettingsAccessor,
  onInvalid?: (error: unknown) => void,
): Agreement[] {
  try {
    return settings.get('agreementTexts.agreementSetup');
  } catch (error) {
    onInvalid?.(error);
    return [];
  }
}

/** By host number when the acceptance has one, else (older records) by name or address. */
function recordsAgreement(acceptance: AgreementAcceptance, agreement: Agreement): boolean {
  if (acceptance.hostNum !== undefined) return acceptance.hostNum === agreement.hostNum;
  const name = acceptance.name?.trim().toLowerCase() ?? '';
  const url = acceptance.url?.trim() ?? '';
  return (
    (name !== '' && name === agreement.name.trim().toLowerCase()) ||
    (url !== '' && url === agreement.url.trim())
  );
}

/**
 * The agreements asked for at sign-in: the login ones, plus the e-communication re-agree ones
 * while e-mail communication is restricted, whose date is not in the future and which the user
 * has not accepted on or after that date.
 */
export function agreementsNeededAtLogin(
  agreements: readonly Agreement[],
  context: {
    acceptances: readonly AgreementAcceptance[];
    emailCommunicationRestricted: boolean;
    /** The institution's today. */
    today: CalendarDate;
  },
): Agreement[] {
  return agreements.filter(
    (agreement) =>
      isAskedAtLogin(agreement.whenToAgree, context.emailCommunicationRestricted) &&
      isStillToAccept(agreement, context),
  );
}

/** Dated today or earlier, and not accepted on or after that date. */
function isStillToAccept(
  agreement: Agreement,
  context: { acceptances: readonly AgreementAcceptance[]; today: CalendarDate },
): boolean {
  const acceptedOn = context.acceptances
    .filter((acceptance) => recordsAgreement(acceptance, agreement))
    .map((acceptance) => acceptance.acceptedOn);
  return isAgreementNeeded(agreement.date, acceptedOn, context.today);
}

/**
 * The e-statement agreements (when-to-agree includes estatements) the user must accept before
 * statements go paperless: dated today or earlier and not accepted on or after that date. When
 * e-statements are already on, a non-empty answer is the spec's "agreement updated" notice.
 */
export function eStatementAgreementsNeeded(
  agreements: readonly Agreement[],
  context: { acceptances: readonly AgreementAcceptance[]; today: CalendarDate },
): Agreement[] {
  return agreements.filter(
    (agreement) =>
      agreement.whenToAgree.includes('estatements') && isStillToAccept(agreement, context),
  );
}

/**
 * The texting agreements (when-to-agree includes texting) the user must accept before the text
 * subscription dialog opens: dated today or earlier and not accepted on or after that date.
 */
export function textingAgreementsNeeded(
  agreements: readonly Agreement[],
  context: { acceptances: readonly AgreementAcceptance[]; today: CalendarDate },
): Agreement[] {
  return agreements.filter(
    (agreement) => agreement.whenToAgree.includes('texting') && isStillToAccept(agreement, context),
  );
}

export interface StepFacts {
  /** The security code is needed (multi-factor on, device not trusted, password sign-in). */
  securityCode: boolean;
  /** The sign-in carried a password (token and single sign-on sign-ins do not). */
  passwordSignIn: boolean;
  emailVerified: boolean;
  mustChangePassword: boolean;
  hasPasswordQuestion: boolean;
  agreementsNeeded: number;
}

/**
 * The post-login steps of a sign-in, in the queue order of spec 000 section 4:
 * - securityCode when a code is needed (multi-factor on, device not trusted);
 * - validateSSN when SSN validation at creation is on, the e-mail is not verified and the sign-in
 *   carried a password;
 * - changePassword when the password must change;
 * - setupSecretQuestion when the user has no question and recovery without one is off;
 * - agreements when any is needed.
 */
export function pendingStepsFor(settings: SettingsAccessor, facts: StepFacts): PostLoginStep[] {
  const needed: Record<PostLoginStep, boolean> = {
    securityCode: facts.securityCode,
    validateSSN:
      settings.get('postLoginOptions.validateSsnAtCreationOption') &&
      !facts.emailVerified &&
      facts.passwordSignIn,
    changePassword: facts.mustChangePassword,
    setupSecretQuestion:
      !facts.hasPasswordQuestion &&
      !settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption'),
    agreements: facts.agreementsNeeded > 0,
  };
  return POST_LOGIN_STEPS.filter((step) => needed[step]);
}

/** Stored on the session as text: 'securityCode,agreements'. */
export function formatSteps(steps: readonly PostLoginStep[]): string {
  return steps.join(',');
}

export function parseSteps(text: string): PostLoginStep[] {
  return POST_LOGIN_STEPS.filter((step) => text.split(',').includes(step));
}

/**
 * A step call may run when no step before it in the queue is still pending: the security code
 * comes first, so no later step (the SSN check, the agreements) can be reached without it.
 */
export function mayRunStep(pending: readonly PostLoginStep[], step: PostLoginStep): boolean {
  const position = POST_LOGIN_STEPS.indexOf(step);
  return pending.every((other) => POST_LOGIN_STEPS.indexOf(other) >= position);
}
