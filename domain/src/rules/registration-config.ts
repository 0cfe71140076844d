import type { SettingsAccessor } from '@portal/settings-schema';
import type { InstitutionOptions } from '../api/setup';
import { accountNumberMask, GENERAL_TEXT_CHARACTERS, LOGON_NAME_CHARACTERS } from './formats';

/**
 * What an institution's settings make of the registration form (spec 000 sections 2.9 and 5),
 * written once: the portal shows the form by it, the server checks the request by it.
 */

export type RegistrationAccountType = 'Loan' | 'Deposit';

export interface RegistrationRules {
  loanAllowed: boolean;
  depositAllowed: boolean;
  /** The Deposit / Loan choice shows only if neither or both registration types are on. */
  accountTypeChoice: boolean;
  /** With exactly one type on, it is preset. */
  presetAccountType: RegistrationAccountType | '';
  accountNumberRequired: boolean;
  removeCheckDigit: boolean;
  /** SSN digits to type: 9, or requiredSsnDigits (1-8) when the account number is also required. */
  ssnDigits: number;
  /** Fields shown, and then required. */
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
  /** The configured questions that match the permitted-character pattern (the ones offered). */
  questions: string[];
  answerPattern: RegExp;
  userNamePattern: RegExp;
  multiFactor: boolean;
}

/**
 * An allowed-characters pattern from the settings. Empty means no extra restriction. A pattern
 * that does not compile falls back to the specs' character set (`fallback`), on both sides: the
 * admin validator refuses such a value, so this only meets a hand-edited configuration, and a
 * stricter rule is the safe reading of a broken one.
 */
export function allowedCharactersPattern(source: string, fallback: RegExp): RegExp {
  if (source === '') return /^[\s\S]*$/;
  try {
    return new RegExp(source);
  } catch {
    return fallback;
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

export function registrationRulesOf(settings: SettingsAccessor): RegistrationRules {
  const loan = settings.get('registrationOptions.registerAsLoanAccountOption');
  const deposit = settings.get('registrationOptions.registerAsDepositAccountOption');
  const accountNumberRequired = !settings.get(
    'registrationOptions.doNotRequireAccountNumberForRegistrationOption',
  );
  const configuredDigits = settings.get('registrationOptions.requiredSsnDigits');
  const answerPattern = allowedCharactersPattern(
    settings.get('securityQuestionOptions.secretAnswerAllowedCharactersPattern'),
    GENERAL_TEXT_CHARACTERS,
  );
  return {
    // Neither or both on: the user chooses (the account type shows); one on: only that one.
    loanAllowed: loan || !deposit,
    depositAllowed: deposit || !loan,
    accountTypeChoice: loan === deposit,
    presetAccountType: loan === deposit ? '' : loan ? 'Loan' : 'Deposit',
    accountNumberRequired,
    removeCheckDigit: settings.get('registrationOptions.removeCheckDigitOption'),
    ssnDigits:
      accountNumberRequired && configuredDigits >= 1 && configuredDigits < 9
        ? Math.floor(configuredDigits)
        : 9,
    show: {
      firstName: !settings.get('registrationOptions.hideFirstNameOption'),
      middleName: !settings.get('registrationOptions.hideMiddleNameOption'),
      dateOfBirth: !settings.get('registrationOptions.hideDateOfBirthOption'),
      zipCode: !settings.get('registrationOptions.hideZipCodeOption'),
      phone: !settings.get('registrationOptions.hidePhoneNumberOption'),
      placeOfBirth: !settings.get('registrationOptions.hidePlaceOfBirthOption'),
      driversLicense: !settings.get('registrationOptions.hideDriversLicenseOption'),
      mothersMaidenName: !settings.get('registrationOptions.hideMothersMaidenNameOption'),
    },
    secretQuestion: !settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption'),
    customQuestion: settings.get('registrationOptions.useCustomSecurityQuestionOption'),
    // The questions offered (spec 000 section 2.5): the configured ones that are not blank and
    // match the permitted-character pattern; the portal offers these and the server accepts these.
    questions: stringList(settings.get('securityQuestionOptions.secretQuestionList')).filter(
      (question) => question.trim() !== '' && answerPattern.test(question),
    ),
    answerPattern,
    userNamePattern: allowedCharactersPattern(
      settings.get('passwordRuleOptions.usernameAllowedCharactersPattern'),
      LOGON_NAME_CHARACTERS,
    ),
    multiFactor: settings.get('registrationOptions.multiFactorDuringRegistrationOption'),
  };
}

export type InstitutionAccountLengths = Pick<
  InstitutionOptions,
  | 'LoanOfficeLength'
  | 'LoanAccountLength'
  | 'LoanCheckDigitLength'
  | 'DepositOfficeLength'
  | 'DepositAccountLength'
  | 'DepositCheckDigitLength'
>;

/** The account-number group lengths of the settings (the server sends them in institutionOptions). */
export function accountNumberLengthsOf(settings: SettingsAccessor): InstitutionAccountLengths {
  return {
    LoanOfficeLength: settings.get('institutionOptions.LoanOfficeLength'),
    LoanAccountLength: settings.get('institutionOptions.LoanAccountLength'),
    LoanCheckDigitLength: settings.get('institutionOptions.LoanCheckDigitLength'),
    DepositOfficeLength: settings.get('institutionOptions.DepositOfficeLength'),
    DepositAccountLength: settings.get('institutionOptions.DepositAccountLength'),
    DepositCheckDigitLength: settings.get('institutionOptions.DepositCheckDigitLength'),
  };
}

/** The account-number mask of an account type (office-account-check digits), if configured. */
export function registrationAccountMask(
  lengths: InstitutionAccountLengths,
  accountType: RegistrationAccountType,
  removeCheckDigit: boolean,
): string | undefined {
  return accountNumberMask(
    accountType === 'Loan'
      ? {
          office: lengths.LoanOfficeLength,
          account: lengths.LoanAccountLength,
          checkDigit: lengths.LoanCheckDigitLength,
        }
      : {
          office: lengths.DepositOfficeLength,
          account: lengths.DepositAccountLength,
          checkDigit: lengths.DepositCheckDigitLength,
        },
    removeCheckDigit,
  );
}

/** The account number is digits in the groups of the mask (dashes inserted), or digits and dashes. */
export function accountNumberFormatOk(text: string, mask: string | undefined): boolean {
  const value = text.trim();
  if (mask === undefined) return /^\d[\d-]*$/.test(value) && /\d$/.test(value);
  const expected = new RegExp(
    `^${mask
      .split('-')
      .map((group) => `\\d{${group.length}}`)
      .join('-')}$`,
  );
  return expected.test(value);
}
