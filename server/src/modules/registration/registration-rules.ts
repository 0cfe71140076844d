import {
  accountNumberFormatOk,
  agreementsNeededAtRegistration,
  accountNumberLengthsOf,
  logonNameIssues,
  registrationAccountMask,
  registrationRulesOf,
  digitsOnly,
  isEmailAddress,
  isPhoneNumber,
  isZipCode,
  passwordProblems,
  registrationDateOfBirth,
  type CreateAccountRequest,
  type RegistrationErrorCode,
} from '@portal/domain';
import type { Agreement, SettingsAccessor } from '@portal/settings-schema';
import {
  logonRulesOf,
  passwordRulesOf,
  registrationLogonFlags,
  registrationPasswordFlags,
} from '../auth/password-policy';

/** The fields as the server uses them once they passed the checks. */
export interface CheckedRegistration {
  ssnDigits: string;
  /** YYYY-MM-DD, or undefined when the field is hidden. */
  dateOfBirth: string | undefined;
  accountNumber: string;
  email: string;
  username: string;
  /**
   * The agreements registration asks for (domain agreementsNeededAtRegistration with the
   * institution's today): the ones to record for the new user.
   */
  agreements: Agreement[];
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
  const config = registrationRulesOf(settings);
  const flags = new Set<RegistrationErrorCode>();
  const email = request.EmailAddress.trim();
  const username = request.UserName.trim();
  const ssnDigits = digitsOnly(request.SSN);

  const typeAllowed = request.AccountType === 'Loan' ? config.loanAllowed : config.depositAllowed;
  if (!typeAllowed) flags.add('RegistrationNotAllowed');

  if (request.LastName.trim() === '') flags.add('userInfo');
  if (config.show.firstName && request.FirstName.trim() === '') flags.add('userInfo');
  if (!isEmailAddress(email)) flags.add('userInfo');

  if (
    request.SSN.trim() === '' ||
    /[^\d\s-]/.test(request.SSN) ||
    ssnDigits.length < config.ssnDigits ||
    ssnDigits.length > 9
  ) {
    flags.add('SSN');
  }

  let dateOfBirth: string | undefined;
  if (config.show.dateOfBirth) {
    // Judged by the institution's calendar date: late evening in New York is already tomorrow in UTC.
    dateOfBirth = registrationDateOfBirth(request.DateOfBirth, when.today);
    if (dateOfBirth === undefined) {
      flags.add('DateOfBirth');
    }
  }
  if (config.show.zipCode && !isZipCode(request.Zip)) flags.add('userInfo');
  if (config.show.phone && !isPhoneNumber(request.PhoneNumber)) flags.add('userInfo');

  const accountNumber = request.AccountNumber.trim();
  if (config.accountNumberRequired) {
    const mask = registrationAccountMask(
      accountNumberLengthsOf(settings),
      request.AccountType,
      config.removeCheckDigit,
    );
    if (!accountNumberFormatOk(accountNumber, mask)) flags.add('AccountNumberError');
  }

  if (config.show.placeOfBirth && request.PlaceOfBirth.trim() === '') flags.add('userInfo');
  if (config.show.driversLicense && request.DriversLicense.trim() === '') flags.add('userInfo');
  if (config.show.mothersMaidenName && request.MothersMaiden.trim() === '') flags.add('userInfo');

  const question = request.SecretQuestion.trim();
  const answer = request.SecretAnswer.trim();
  if (config.secretQuestion || question !== '' || answer !== '') {
    if (question === '' || answer === '') flags.add('userInfo');
    if (!config.answerPattern.test(answer)) flags.add('userInfo');
    if (config.customQuestion) {
      if (!config.answerPattern.test(question)) flags.add('userInfo');
    } else if (question !== '' && !config.questions.includes(question)) {
      flags.add('userInfo');
    }
  }

  const logonRules = logonRulesOf(settings);
  const logonIssues = logonNameIssues(
    username,
    { ...logonRules, pattern: config.userNamePattern },
    { email },
  );
  for (const flag of registrationLogonFlags(logonIssues)) flags.add(flag);

  const problems = passwordProblems(request.Password, passwordRulesOf(settings), {
    logon: username,
    ssn: ssnDigits.length === 9 ? ssnDigits : undefined,
    email,
  });
  for (const flag of registrationPasswordFlags(problems)) flags.add(flag);

  const needed = agreementsNeededAtRegistration(
    settings.get('agreementTexts.agreementSetup'),
    when.today,
  );
  const agreed = new Set(
    request.Agreements.filter((entry) => entry.AgreedTo).map((entry) => entry.AgreementType),
  );
  if (needed.some((agreement) => !agreed.has(agreement.hostNum))) flags.add('MustAgreeToAllError');

  return {
    flags: [...flags],
    checked: { ssnDigits, dateOfBirth, accountNumber, email, username, agreements: needed },
  };
}
