import {
  accountNumberFormatOk,
  calendarDateIn,
  digitsOnly,
  fillPlaceholders,
  formatAccountNumber,
  isEmailAddress,
  isPhoneNumber,
  isZipCode,
  registrationDateOfBirth,
} from '@portal/domain';
import type { Agreement, SettingKey, SettingsAccessor } from '@portal/settings-schema';
import { z } from 'zod';
import type { AccountType, RegistrationConfig } from './registration-config';

/** Everything the registration form asks for, as typed (masked fields keep their mask). */
export interface RegistrationValues {
  accountType: AccountType | '';
  accountNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  ssn: string;
  dateOfBirth: string;
  zipCode: string;
  phone: string;
  placeOfBirth: string;
  driversLicense: string;
  mothersMaidenName: string;
  secretQuestion: string;
  secretAnswer: string;
  loginName: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationField = keyof RegistrationValues;

export type SectionName = 'personalInfo' | 'emailVerification' | 'security' | 'logonInfo';

/** The fields each section checks before the user may go on. */
export const SECTION_FIELDS: Readonly<Record<SectionName, readonly RegistrationField[]>> = {
  personalInfo: [
    'accountType',
    'accountNumber',
    'firstName',
    'middleName',
    'lastName',
    'email',
    'ssn',
    'dateOfBirth',
    'zipCode',
    'phone',
  ],
  emailVerification: [],
  security: [
    'placeOfBirth',
    'driversLicense',
    'mothersMaidenName',
    'secretQuestion',
    'secretAnswer',
  ],
  logonInfo: ['loginName', 'password', 'confirmPassword'],
};

export function emptyRegistrationValues(config: RegistrationConfig): RegistrationValues {
  return {
    accountType: config.presetAccountType,
    accountNumber: '',
    firstName: '',
    middleName: '',
    lastName: '',
    email: '',
    ssn: '',
    dateOfBirth: '',
    zipCode: '',
    phone: '',
    placeOfBirth: '',
    driversLicense: '',
    mothersMaidenName: '',
    secretQuestion: '',
    secretAnswer: '',
    loginName: '',
    password: '',
    confirmPassword: '',
  };
}

/** What a check needs besides the values: the settings, the form's config and its live state. */
export interface RegistrationCheckContext {
  settings: SettingsAccessor;
  config: RegistrationConfig;
  /** The account number mask of the chosen type, undefined for free text. */
  accountNumberMask: string | undefined;
  /** The password message from the requirements hook (undefined when acceptable). */
  validatePassword(values: RegistrationValues): string | undefined;
  today: Date;
}

export type RegistrationIssues = Partial<Record<RegistrationField, string>>;

/** A setting text with its {n} filled in. */
function textOf(settings: SettingsAccessor, key: SettingKey, n = 0) {
  return fillPlaceholders(String(settings.get(key)), { n });
}

function checkPersonalInfo(
  values: RegistrationValues,
  { settings, config, accountNumberMask, today }: RegistrationCheckContext,
  issues: RegistrationIssues,
) {
  const show = config.show;
  if (values.accountType === '') {
    issues.accountType = textOf(settings, 'registrationValidationTexts.accountTypeRequiredText');
  }
  if (config.accountNumberRequired) {
    const number = values.accountNumber.trim();
    if (number === '') {
      issues.accountNumber = textOf(
        settings,
        'registrationValidationTexts.accountNumberRequiredText',
      );
    } else if (
      !accountNumberFormatOk(formatAccountNumber(number, accountNumberMask), accountNumberMask)
    ) {
      // The server's own check of the number as the payload sends it (domain): an incomplete
      // masked number, or without a mask anything but digits and inner dashes, would be
      // answered AccountNumberError.
      issues.accountNumber = textOf(settings, 'registrationErrorTexts.accountNumberErrorText');
    }
  }
  if (show.firstName && values.firstName.trim() === '') {
    issues.firstName = textOf(settings, 'registrationValidationTexts.firstNameRequiredText');
  }
  if (values.lastName.trim() === '') {
    issues.lastName = textOf(settings, 'registrationValidationTexts.lastNameRequiredText');
  }
  const email = values.email.trim();
  if (email === '') {
    issues.email = textOf(settings, 'registrationValidationTexts.emailRequiredText');
  } else if (!isEmailAddress(email)) {
    issues.email = textOf(settings, 'registrationValidationTexts.emailInvalidText');
  }
  const ssn = digitsOnly(values.ssn);
  if (ssn === '') {
    issues.ssn = textOf(settings, 'registrationValidationTexts.ssnRequiredText');
  } else if (ssn.length < config.ssnDigits) {
    issues.ssn = textOf(settings, 'registrationValidationTexts.ssnDigitsText');
  }
  if (show.dateOfBirth) {
    if (values.dateOfBirth === '') {
      issues.dateOfBirth = textOf(settings, 'registrationValidationTexts.dateOfBirthRequiredText');
    } else if (
      !registrationDateOfBirth(
        values.dateOfBirth,
        calendarDateIn(settings.get('localeOptions.institutionTimeZone'), today),
      )
    ) {
      issues.dateOfBirth = textOf(settings, 'registrationValidationTexts.dateOfBirthInvalidText');
    }
  }
  if (show.zipCode) {
    if (values.zipCode === '') {
      issues.zipCode = textOf(settings, 'registrationValidationTexts.zipCodeRequiredText');
    } else if (!isZipCode(values.zipCode)) {
      issues.zipCode = textOf(settings, 'registrationValidationTexts.zipCodeInvalidText');
    }
  }
  if (show.phone) {
    if (values.phone === '') {
      issues.phone = textOf(settings, 'registrationValidationTexts.phoneNumberRequiredText');
    } else if (!isPhoneNumber(values.phone)) {
      issues.phone = textOf(settings, 'registrationValidationTexts.phoneNumberInvalidText');
    }
  }
}

function checkSecurity(
  values: RegistrationValues,
  { settings, config }: RegistrationCheckContext,
  issues: RegistrationIssues,
) {
  const show = config.show;
  if (show.placeOfBirth && values.placeOfBirth.trim() === '') {
    issues.placeOfBirth = textOf(settings, 'registrationValidationTexts.placeOfBirthRequiredText');
  }
  if (show.driversLicense && values.driversLicense.trim() === '') {
    issues.driversLicense = textOf(
      settings,
      'registrationValidationTexts.driversLicenseRequiredText',
    );
  }
  if (show.mothersMaidenName && values.mothersMaidenName.trim() === '') {
    issues.mothersMaidenName = textOf(
      settings,
      'registrationValidationTexts.mothersMaidenNameRequiredText',
    );
  }
  if (!config.secretQuestion) return;
  if (values.secretQuestion.trim() === '') {
    issues.secretQuestion = textOf(
      settings,
      config.customQuestion
        ? 'registrationValidationTexts.customQuestionRequiredText'
        : 'registrationValidationTexts.secretQuestionRequiredText',
    );
  }
  if (values.secretAnswer.trim() === '') {
    issues.secretAnswer = textOf(
      settings,
      config.customQuestion
        ? 'registrationValidationTexts.customAnswerRequiredText'
        : 'registrationValidationTexts.secretAnswerRequiredText',
    );
  } else if (!config.answerPattern.test(values.secretAnswer)) {
    issues.secretAnswer = textOf(settings, 'registrationValidationTexts.secretAnswerInvalidText');
  }
}

function checkLogonInfo(
  values: RegistrationValues,
  context: RegistrationCheckContext,
  issues: RegistrationIssues,
) {
  const { settings, config } = context;
  const name = values.loginName.trim();
  if (name === '') {
    issues.loginName = textOf(settings, 'registrationValidationTexts.loginNameRequiredText');
  } else if (name.length < config.userNameMinimum) {
    issues.loginName = textOf(
      settings,
      'registrationValidationTexts.usernameTooShortText',
      config.userNameMinimum,
    );
  } else if (config.userNameMaximum !== undefined && name.length > config.userNameMaximum) {
    issues.loginName = textOf(
      settings,
      'registrationValidationTexts.usernameTooLongText',
      config.userNameMaximum,
    );
  } else if (!config.userNamePattern.test(name)) {
    issues.loginName = textOf(
      settings,
      'registrationValidationTexts.usernameInvalidCharactersText',
    );
  }
  const passwordMessage = context.validatePassword(values);
  if (passwordMessage) issues.password = passwordMessage;
  if (config.confirmPassword) {
    if (values.confirmPassword === '') {
      issues.confirmPassword = textOf(
        settings,
        'registrationValidationTexts.confirmPasswordRequiredText',
      );
    } else if (values.confirmPassword !== values.password) {
      issues.confirmPassword = textOf(
        settings,
        'registrationValidationTexts.confirmPasswordMismatchText',
      );
    }
  }
}

/**
 * Every validation of the registration form (spec 000 section 5, registration), for the fields
 * the institution shows. The screen shows a field's message once the user has left the field or
 * tried to go on; a section may be left only when its fields have none.
 */
export function validateRegistration(
  values: RegistrationValues,
  context: RegistrationCheckContext,
): RegistrationIssues {
  const issues: RegistrationIssues = {};
  checkPersonalInfo(values, context, issues);
  if (context.config.hasSecuritySection) checkSecurity(values, context, issues);
  checkLogonInfo(values, context, issues);
  return issues;
}

const text = z.string();

/** The form's values as react-hook-form holds them (every field a string). */
const registrationShape = z.object({
  accountType: z.custom<AccountType | ''>((value) => typeof value === 'string'),
  accountNumber: text,
  firstName: text,
  middleName: text,
  lastName: text,
  email: text,
  ssn: text,
  dateOfBirth: text,
  zipCode: text,
  phone: text,
  placeOfBirth: text,
  driversLicense: text,
  mothersMaidenName: text,
  secretQuestion: text,
  secretAnswer: text,
  loginName: text,
  password: text,
  confirmPassword: text,
}) satisfies z.ZodType<RegistrationValues>;

/**
 * The registration form's zod schema (for `zodResolver`): the checks of `validateRegistration`,
 * each message on its field. Built for the live context (account type mask, password rules).
 */
export function registrationSchema(context: RegistrationCheckContext) {
  return registrationShape.superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(validateRegistration(values, context))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

export function sectionIsValid(section: SectionName, issues: RegistrationIssues): boolean {
  return SECTION_FIELDS[section].every((field) => issues[field] === undefined);
}

/** Whether the user ticked an agreement and, with click-to-read, opened its link first. */
export interface AgreementState {
  checked: boolean;
  linkClicked: boolean;
}

export const UNREAD_AGREEMENT: AgreementState = { checked: false, linkClicked: false };

/** The message of an agreement not yet agreed to, or undefined when it is. */
export function agreementIssue(
  agreement: Agreement,
  state: AgreementState,
  settings: SettingsAccessor,
  mustOpenLink: boolean,
): string | undefined {
  if (state.checked) return undefined;
  return fillPlaceholders(
    settings.get(
      mustOpenLink
        ? 'registrationValidationTexts.agreementClickLinkText'
        : 'registrationValidationTexts.agreementRequiredText',
    ),
    { name: agreement.name },
  );
}
