import {
  isAgreementNeeded,
  isAskedAtLogin,
  POST_LOGIN_STEPS,
  type PostLoginStep,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';

/** One acceptance of an agreement: its host number and the calendar date it was accepted. */
export interface AgreementAcceptance {
  agreementType: number;
  acceptedOn: string;
}

/** The configured agreements; a setup that does not parse counts as none (the admin validates it). */
export function configuredAgreements(settings: SettingsAccessor): Agreement[] {
  try {
    return settings.get('agreementTexts.agreementSetup');
  } catch {
    return [];
  }
}

/**
 * The agreements asked for at sign-in (spec 000 section 4): the login ones, plus the
 * e-communication re-agree ones while e-mail communication is restricted, whose date is not in
 * the future and which the user has not accepted on or after that date.
 */
export function agreementsNeededAtLogin(
  agreements: readonly Agreement[],
  context: {
    acceptances: readonly AgreementAcceptance[];
    emailCommunicationRestricted: boolean;
    /** The institution's today, 'YYYY-MM-DD'. */
    today: string;
  },
): Agreement[] {
  return agreements.filter((agreement) => {
    if (!isAskedAtLogin(agreement.whenToAgree, context.emailCommunicationRestricted)) return false;
    const acceptedOn = context.acceptances
      .filter((acceptance) => acceptance.agreementType === agreement.hostNum)
      .map((acceptance) => acceptance.acceptedOn);
    return isAgreementNeeded(agreement.date, acceptedOn, context.today);
  });
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

/** The post-login steps of a sign-in, in the queue order of spec 000 section 4. */
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
