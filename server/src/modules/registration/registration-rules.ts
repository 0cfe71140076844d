import {
  accountNumberMask,
  checkLogonName,
  digitsOnly,
  isEmailCandidate,
  parseDateOfBirth,
  type CreateAccountRequest,
  type RegistrationErrorCode,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import {
  logonRuleFlags,
  logonRulesOf,
  passwordProblems,
  passwordRulesOf,
  registrationPasswordFlags,
} from '../auth/password-policy';

/** What the institution's settings say about a registration form (spec 000 sections 2.9, 5). */
export interface RegistrationConfig {
  loanAllowed: boolean;
  depositAllowed: boolean;
  accountNumberRequired: boolean;
  /** SSN digits to type: 9, or requiredSsnDigits when the account number is also required. */
  ssnDigits: number;
  firstNameRequired: boolean;
  dateOfBirthRequired: boolean;
  zipRequired: boolean;
  phoneRequired: boolean;
  placeOfBirthRequired: boolean;
  driversLicenseRequired: boolean;
  mothersMaidenRequired: boolean;
  secretQuestionRequired: boolean;
  customQuestion: boolean;
  questionList: readonly string[];
  answerPattern: RegExp | undefined;
  usernamePattern: RegExp | undefined;
  multiFactor: boolean;
  removeCheckDigit: boolean;
}

function pattern(text: string): RegExp | undefined {
  try {
    return text === '' ? undefined : new RegExp(text);
  } catch {
    // The admin validator flags a broken pattern; until then no extra restriction applies.
    return undefined;
  }
}

export function registrationConfigOf(settings: SettingsAccessor): RegistrationConfig {
  const loan = settings.get('registrationOptions.registerAsLoanAccountOption');
  const deposit = settings.get('registrationOptions.registerAsDepositAccountOption');
  const accountNumberRequired = !settings.get(
    'registrationOptions.doNotRequireAccountNumberForRegistrationOption',
  );
  const configuredDigits = settings.get('registrationOptions.requiredSsnDigits');
  const withoutQuestion = settings.get('recoveryOptions.recoverCredentialsWithoutQuestionOption');
  return {
    // Neither or both on: the user chooses (the account type shows); one on: only that one.
    loanAllowed: loan || !deposit,
    depositAllowed: deposit || !loan,
    accountNumberRequired,
    ssnDigits:
      accountNumberRequired && configuredDigits >= 1 && configuredDigits <= 9
        ? Math.floor(configuredDigits)
        : 9,
    firstNameRequired: !settings.get('registrationOptions.hideFirstNameOption'),
    dateOfBirthRequired: !settings.get('registrationOptions.hideDateOfBirthOption'),
    zipRequired: !settings.get('registrationOptions.hideZipCodeOption'),
    phoneRequired: !settings.get('registrationOptions.hidePhoneNumberOption'),
    placeOfBirthRequired: !settings.get('registrationOptions.hidePlaceOfBirthOption'),
    driversLicenseRequired: !settings.get('registrationOptions.hideDriversLicenseOption'),
    mothersMaidenRequired: !settings.get('registrationOptions.hideMothersMaidenNameOption'),
    secretQuestionRequired: !withoutQuestion,
    customQuestion: settings.get('registrationOptions.useCustomSecurityQuestionOption'),
    questionList: settings.get('securityQuestionOptions.secretQuestionList'),
    answerPattern: pattern(
      settings.get('securityQuestionOptions.secretAnswerAllowedCharactersPattern'),
    ),
    usernamePattern: pattern(settings.get('passwordRuleOptions.usernameAllowedCharactersPattern')),
    multiFactor: settings.get('registrationOptions.multiFactorDuringRegistrationOption'),
    removeCheckDigit: settings.get('registrationOptions.removeCheckDigitOption'),
  };
}

/** The account-number mask of the chosen account type (office-account-check digits). */
export function registrationAccountMask(
  settings: SettingsAccessor,
  accountType: CreateAccountRequest['AccountType'],
  removeCheckDigit: boolean,
): string | undefined {
  const lengths =
    accountType === 'Loan'
      ? {
          office: settings.get('institutionOptions.LoanOfficeLength'),
          account: settings.get('institutionOptions.LoanAccountLength'),
          checkDigit: settings.get('institutionOptions.LoanCheckDigitLength'),
        }
      : {
          office: settings.get('institutionOptions.DepositOfficeLength'),
          account: settings.get('institutionOptions.DepositAccountLength'),
          checkDigit: settings.get('institutionOptions.DepositCheckDigitLength'),
        };
  return accountNumberMask(lengths, removeCheckDigit);
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

/** The fields as the server uses them once they passed the checks. */
export interface CheckedRegistration {
  ssnDigits: string;
  /** YYYY-MM-DD, or undefined when the field is hidden. */
  dateOfBirth: string | undefined;
  accountNumber: string;
  email: string;
  username: string;
}

/**
 * Every registration flag of spec 000 section 8 that the form data earns, in a stable order
 * (empty when it may go on to the identity match). The portal checks the same; the server never
 * trusts it. `today` is the institution's calendar date (agreements dated later are not asked).
 */
export function registrationFlags(
  request: CreateAccountRequest,
  settings: SettingsAccessor,
  when: { today: string },
): { flags: RegistrationErrorCode[]; checked: CheckedRegistration } {
  const config = registrationConfigOf(settings);
  const flags = new Set<RegistrationErrorCode>();
  const email = request.EmailAddress.trim();
  const username = request.UserName.trim();
  const ssnDigits = digitsOnly(request.SSN);

  const typeAllowed = request.AccountType === 'Loan' ? config.loanAllowed : config.depositAllowed;
  if (!typeAllowed) flags.add('RegistrationNotAllowed');

  if (request.LastName.trim() === '') flags.add('userInfo');
  if (config.firstNameRequired && request.FirstName.trim() === '') flags.add('userInfo');
  if (!isEmailCandidate(email) || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) flags.add('userInfo');

  if (
    request.SSN.trim() === '' ||
    /[^\d\s-]/.test(request.SSN) ||
    ssnDigits.length < config.ssnDigits ||
    ssnDigits.length > 9
  ) {
    flags.add('SSN');
  }

  let dateOfBirth: string | undefined;
  if (config.dateOfBirthRequired) {
    // Judged by the institution's calendar date: late evening in New York is already tomorrow in UTC.
    dateOfBirth = parseDateOfBirth(request.DateOfBirth, new Date(`${when.today}T00:00:00.000Z`));
    if (dateOfBirth === undefined || !/^\d{2}\/\d{2}\/\d{4}$/.test(request.DateOfBirth.trim())) {
      flags.add('DateOfBirth');
    }
  }
  if (config.zipRequired && !/^\d{5}$/.test(request.Zip.trim())) flags.add('userInfo');
  if (config.phoneRequired && digitsOnly(request.PhoneNumber).length !== 10) flags.add('userInfo');

  const accountNumber = request.AccountNumber.trim();
  if (config.accountNumberRequired) {
    const mask = registrationAccountMask(settings, request.AccountType, config.removeCheckDigit);
    if (!accountNumberFormatOk(accountNumber, mask)) flags.add('AccountNumberError');
  }

  if (config.placeOfBirthRequired && request.PlaceOfBirth.trim() === '') flags.add('userInfo');
  if (config.driversLicenseRequired && request.DriversLicense.trim() === '') flags.add('userInfo');
  if (config.mothersMaidenRequired && request.MothersMaiden.trim() === '') flags.add('userInfo');

  const question = request.SecretQuestion.trim();
  const answer = request.SecretAnswer.trim();
  if (config.secretQuestionRequired || question !== '' || answer !== '') {
    if (question === '' || answer === '') flags.add('userInfo');
    if (config.answerPattern && !config.answerPattern.test(answer)) flags.add('userInfo');
    if (config.customQuestion) {
      if (config.answerPattern && !config.answerPattern.test(question)) flags.add('userInfo');
    } else if (question !== '' && !config.questionList.includes(question)) {
      flags.add('userInfo');
    }
  }

  const logonRules = logonRulesOf(settings);
  const logonProblem = checkLogonName(username, logonRules.minimumLength, logonRules.maximumLength);
  if (logonProblem === 'required' || logonProblem === 'tooShort') flags.add('UserNameTooShort');
  else if (logonProblem !== undefined) flags.add('userInfo');
  else if (config.usernamePattern && !config.usernamePattern.test(username)) flags.add('userInfo');
  for (const flag of logonRuleFlags(username, logonRules, email)) flags.add(flag);

  const problems = passwordProblems(request.Password, passwordRulesOf(settings), {
    logon: username,
    ssn: ssnDigits.length === 9 ? ssnDigits : undefined,
    email,
  });
  for (const flag of registrationPasswordFlags(problems)) flags.add(flag);

  const needed = settings
    .get('agreementTexts.agreementSetup')
    .filter(
      (agreement) => agreement.whenToAgree.includes('registration') && agreement.date <= when.today,
    );
  const agreed = new Set(
    request.Agreements.filter((entry) => entry.AgreedTo).map((entry) => entry.AgreementType),
  );
  if (needed.some((agreement) => !agreed.has(agreement.hostNum))) flags.add('MustAgreeToAllError');

  return {
    flags: [...flags],
    checked: { ssnDigits, dateOfBirth, accountNumber, email, username },
  };
}
