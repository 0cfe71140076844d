import type { Agreement } from '@portal/settings-schema';
import type { CalendarDate } from './calendar';

/**
 * When-to-agree codes of an agreement record (spec 000 section 3): the index of the type in
 * `AGREEMENT_TYPES` of the settings schema.
 */
export const WHEN_TO_AGREE_CODES = {
  login: 0,
  registration: 1,
  ach: 2,
  estatements: 3,
  texting: 4,
  ecommunicationreagree: 5,
} as const;

/**
 * An agreement is needed when its date is not in the future and the user has not accepted it on
 * or after that date (spec 000 section 4). Dates are calendar dates `YYYY-MM-DD`; `acceptedOn` are
 * the calendar dates of the user's acceptances of this agreement.
 */
export function isAgreementNeeded(
  termsDate: string,
  acceptedOn: readonly string[],
  today: string,
): boolean {
  if (termsDate > today) return false;
  return !acceptedOn.some((date) => date >= termsDate);
}

/** The agreement types asked for at login: login, plus e-communication re-agree while restricted. */
export function isAskedAtLogin(
  whenToAgree: readonly string[],
  emailCommunicationRestricted: boolean,
): boolean {
  return (
    whenToAgree.includes('login') ||
    (emailCommunicationRestricted && whenToAgree.includes('ecommunicationreagree'))
  );
}

/**
 * The agreements registration asks for (spec 000 sections 2.9 and 4): those whose when-to-agree
 * includes registration and whose date is not after `today`, the institution's calendar date
 * (the server decides by it, and the portal shows by the same date, not the device's). A new user
 * has accepted nothing yet, so no acceptance is looked up; the configured order is kept.
 */
export function agreementsNeededAtRegistration<T extends Pick<Agreement, 'whenToAgree' | 'date'>>(
  agreements: readonly T[],
  today: CalendarDate,
): T[] {
  return agreements.filter(
    (agreement) => agreement.whenToAgree.includes('registration') && agreement.date <= today,
  );
}
