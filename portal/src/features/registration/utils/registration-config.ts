import {
  DEFAULT_MINIMUM_USERNAME_LENGTH,
  GENERAL_TEXT_CHARACTERS,
  LOGON_NAME_CHARACTERS,
  type InstitutionOptions,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';

export type AccountType = 'Loan' | 'Deposit';

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
  /** The agreements to accept at registration. */
  agreements: Agreement[];
  forceClickToAgree: boolean;
  forceRichText: boolean;
}

/** A pattern from the settings; a broken one falls back to the specs' character set. */
function patternOf(source: string, fallback: RegExp): RegExp {
  try {
    return new RegExp(source);
  } catch {
    return fallback;
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

export function registrationConfig(
  settings: SettingsAccessor,
  institution: InstitutionOptions,
): RegistrationConfig {
  const loan = settings.get('registrationOptions.registerAsLoanAccountOption');
  const deposit = settings.get('registrationOptions.registerAsDepositAccountOption');
  const accountNumberRequired = !settings.get(
    'registrationOptions.doNotRequireAccountNumberForRegistrationOption',
  );
  const show = {
    firstName: !settings.get('registrationOptions.hideFirstNameOption'),
    middleName: !settings.get('registrationOptions.hideMiddleNameOption'),
    dateOfBirth: !settings.get('registrationOptions.hideDateOfBirthOption'),
    zipCode: !settings.get('registrationOptions.hideZipCodeOption'),
    phone: !settings.get('registrationOptions.hidePhoneNumberOption'),
    placeOfBirth: !settings.get('registrationOptions.hidePlaceOfBirthOption'),
    driversLicense: !settings.get('registrationOptions.hideDriversLicenseOption'),
    mothersMaidenName: !settings.get('registrationOptions.hideMothersMaidenNameOption'),
  };
  const secretQuestion = !settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption');
  const answerPattern = patternOf(
    settings.get('securityQuestionOptions.secretAnswerAllowedCharactersPattern'),
    GENERAL_TEXT_CHARACTERS,
  );
  const configuredDigits = settings.get('registrationOptions.requiredSsnDigits');
  const customerCredentials = settings.get('passwordRuleOptions.useCustomerCredentialsOption');
  return {
    accountTypeChoice: loan === deposit,
    presetAccountType: loan === deposit ? '' : loan ? 'Loan' : 'Deposit',
    accountNumberRequired,
    removeCheckDigit: settings.get('registrationOptions.removeCheckDigitOption'),
    show,
    secretQuestion,
    customQuestion: settings.get('registrationOptions.useCustomSecurityQuestionOption'),
    questions: stringList(settings.get('securityQuestionOptions.secretQuestionList')).filter(
      (question) => answerPattern.test(question),
    ),
    answerPattern,
    hasSecuritySection:
      show.placeOfBirth || show.driversLicense || show.mothersMaidenName || secretQuestion,
    multiFactor: settings.get('registrationOptions.multiFactorDuringRegistrationOption'),
    ssnDigits:
      accountNumberRequired && configuredDigits > 0 && configuredDigits < 9
        ? Math.floor(configuredDigits)
        : 9,
    confirmPassword: settings.get('passwordRuleOptions.useConfirmPasswordOption'),
    userNameMinimum:
      institution.UserNameMinimumLength > 0
        ? institution.UserNameMinimumLength
        : DEFAULT_MINIMUM_USERNAME_LENGTH,
    userNameMaximum: customerCredentials ? undefined : 12,
    userNamePattern: patternOf(
      settings.get('passwordRuleOptions.usernameAllowedCharactersPattern'),
      LOGON_NAME_CHARACTERS,
    ),
    agreements: settings
      .get('agreementTexts.agreementSetup')
      .filter((agreement) => agreement.whenToAgree.includes('registration')),
    forceClickToAgree: settings.get('agreementOptions.forceUserToClickOnURLToAgreeOption'),
    forceRichText: settings.get('agreementOptions.forceRichTextAgreementsOption'),
  };
}
