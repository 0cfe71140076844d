import {
  agreementsNeededAtRegistration,
  calendarDateIn,
  DEFAULT_MINIMUM_USERNAME_LENGTH,
  registrationRulesOf,
  type InstitutionOptions,
  type RegistrationAccountType,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';

export type AccountType = RegistrationAccountType;

/** What the institution's settings make of the registration form (spec 000 sections 2.9, 5). */
export interface RegistrationConfig {
  /** The Deposit / Loan choice shows only if neither or both registration types are on. */
  accountTypeChoice: boolean;
  /** With exactly one type on, it is preset. */
  presetAccountType: AccountType | '';
  accountNumberRequired: boolean;
  removeCheckDigit: boolean;
  show: {
    firstName: boolean;
    middleName: boolean;
    dateOfBirth: boolean;
    zipCode: boolean;
    phone: boolean;
    placeOfBirth: boolean;
    driversLicense: boolean;
    mothersMaidenName: boolean;
  };
  /** A secret question and answer are asked unless recovery goes without a question. */
  secretQuestion: boolean;
  customQuestion: boolean;
  /** The configured questions that match the permitted-character pattern. */
  questions: string[];
  answerPattern: RegExp;
  /** Any security field is required: the Security section and breadcrumb step show. */
  hasSecuritySection: boolean;
  multiFactor: boolean;
  /** 9, or the configured number when the account number is also required. */
  ssnDigits: number;
  confirmPassword: boolean;
  userNameMinimum: number;
  /** 12, or none with customer credentials (settings schema: "registration sets no maximum"). */
  userNameMaximum: number | undefined;
  userNamePattern: RegExp;
  /** The agreements to accept at registration (none dated after the institution's today). */
  agreements: Agreement[];
  forceClickToAgree: boolean;
  forceRichText: boolean;
}

/**
 * The server's registration rules (domain) with what only the form needs added. `now` is read as
 * the institution's calendar date (localeOptions.institutionTimeZone), the date the server asks
 * agreements by, not the device's.
 */
export function registrationConfig(
  settings: SettingsAccessor,
  institution: InstitutionOptions,
  now: Date,
): RegistrationConfig {
  const rules = registrationRulesOf(settings);
  const customerCredentials = settings.get('passwordRuleOptions.useCustomerCredentialsOption');
  return {
    accountTypeChoice: rules.accountTypeChoice,
    presetAccountType: rules.presetAccountType,
    accountNumberRequired: rules.accountNumberRequired,
    removeCheckDigit: rules.removeCheckDigit,
    show: rules.show,
    secretQuestion: rules.secretQuestion,
    customQuestion: rules.customQuestion,
    questions: rules.questions,
    answerPattern: rules.answerPattern,
    hasSecuritySection:
      rules.show.placeOfBirth ||
      rules.show.driversLicense ||
      rules.show.mothersMaidenName ||
      rules.secretQuestion,
    multiFactor: rules.multiFactor,
    ssnDigits: rules.ssnDigits,
    confirmPassword: settings.get('passwordRuleOptions.useConfirmPasswordOption'),
    userNameMinimum:
      institution.UserNameMinimumLength > 0
        ? institution.UserNameMinimumLength
        : DEFAULT_MINIMUM_USERNAME_LENGTH,
    userNameMaximum: customerCredentials ? undefined : 12,
    userNamePattern: rules.userNamePattern,
    agreements: agreementsNeededAtRegistration(
      settings.get('agreementTexts.agreementSetup'),
      calendarDateIn(settings.get('localeOptions.institutionTimeZone'), now),
    ),
    forceClickToAgree: settings.get('agreementOptions.forceUserToClickOnURLToAgreeOption'),
    forceRichText: settings.get('agreementOptions.forceRichTextAgreementsOption'),
  };
}
