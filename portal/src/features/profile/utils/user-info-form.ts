import {
  credentialMaximumLength,
  DEFAULT_MINIMUM_PASSWORD_LENGTH,
  DEFAULT_MINIMUM_USERNAME_LENGTH,
  emailAddressIssue,
  fillPlaceholders,
  logonNameIssues,
  registrationRulesOf,
  secretQuestionChange,
  type InstitutionOptions,
  type LogonNameIssue,
  type ProfileUserInfo,
  type SecretQuestionRules,
  type UpdateUserInfoRequest,
} from '@portal/domain';
import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';

export interface UserInfoValues {
  logonName: string;
  emailAddress: string;
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
  secretQuestion: string;
  secretAnswer: string;
}

export type UserInfoField = keyof UserInfoValues;

export const USER_INFO_FIELDS = [
  'logonName',
  'emailAddress',
  'oldPassword',
  'newPassword',
  'confirmNewPassword',
  'secretQuestion',
  'secretAnswer',
] as const satisfies readonly UserInfoField[];

/** The saved copy the form starts from and returns to (no password, no answer: never read). */
export function savedUserInfoValues(info: ProfileUserInfo): UserInfoValues {
  return {
    logonName: info.LogonName,
    emailAddress: info.EmailAddress,
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
    secretQuestion: info.SecretQuestion,
    secretAnswer: '',
  };
}

/** What the institution's settings make of the user information form (spec 002 section 5). */
export interface UserInfoRules {
  logon: { minimumLength: number; maximumLength: number; pattern: RegExp };
  passwordMinimumLength: number;
  confirmPassword: boolean;
  secret: SecretQuestionRules;
}

export function userInfoRules(
  settings: SettingsAccessor,
  institution: InstitutionOptions,
): UserInfoRules {
  const registration = registrationRulesOf(settings);
  const customerCredentials = settings.get('passwordRuleOptions.useCustomerCredentialsOption');
  return {
    logon: {
      minimumLength:
        institution.UserNameMinimumLength > 0
          ? institution.UserNameMinimumLength
          : DEFAULT_MINIMUM_USERNAME_LENGTH,
      maximumLength: credentialMaximumLength(customerCredentials),
      pattern: registration.userNamePattern,
    },
    passwordMinimumLength:
      institution.PasswordMinimumLength > 0
        ? institution.PasswordMinimumLength
        : DEFAULT_MINIMUM_PASSWORD_LENGTH,
    confirmPassword: settings.get('passwordRuleOptions.useConfirmPasswordOption'),
    secret: {
      customQuestion: registration.customQuestion,
      questions: registration.questions,
      answerPattern: registration.answerPattern,
    },
  };
}

function logonMessage(
  issue: LogonNameIssue,
  rules: UserInfoRules,
  settings: SettingsAccessor,
): string | undefined {
  switch (issue) {
    case 'required':
      return settings.get('profileTexts.loginNameRequiredText');
    case 'tooShort':
      return fillPlaceholders(settings.get('profileTexts.loginNameTooShortText'), {
        n: rules.logon.minimumLength,
      });
    case 'tooLong':
      return fillPlaceholders(settings.get('profileTexts.loginNameTooLongText'), {
        n: rules.logon.maximumLength,
      });
    case 'invalidCharacters':
      return settings.get('profileTexts.usernameInvalidCharactersText');
    default:
      // The institution's logon rules are the server's to apply (their codes come back worded).
      return undefined;
  }
}

const SECRET_TEXTS = {
  questionNotOffered: 'profileTexts.securityAnswerInvalidText',
  answerRequired: 'profileTexts.newSecurityAnswerRequiredText',
  answerInvalid: 'profileTexts.securityAnswerInvalidText',
} as const satisfies Record<string, SettingKey>;

/**
 * The form's mistakes, field by field, by the domain's profile rules. A field left as saved is
 * not judged again (a login name saved under older rules does not block a new password). The new
 * password's own rules are the password requirements hook's (`newPasswordMessage`).
 */
export function userInfoIssues(
  values: UserInfoValues,
  saved: UserInfoValues,
  rules: UserInfoRules,
  settings: SettingsAccessor,
  newPasswordMessage: (password: string) => string | undefined,
): Partial<Record<UserInfoField, string>> {
  const issues: Partial<Record<UserInfoField, string>> = {};
  if (values.logonName !== saved.logonName) {
    const [first] = logonNameIssues(values.logonName, { ...rules.logon, rules: [] });
    const message = first === undefined ? undefined : logonMessage(first, rules, settings);
    if (message) issues.logonName = message;
  }
  if (values.emailAddress.trim() !== saved.emailAddress && emailAddressIssue(values.emailAddress)) {
    issues.emailAddress = settings.get('profileTexts.emailInvalidText');
  }
  const secret = secretQuestionChange(
    { question: values.secretQuestion, answer: values.secretAnswer },
    { question: saved.secretQuestion },
    rules.secret,
  );
  const [secretIssue] = secret.issues;
  if (secretIssue === 'questionNotOffered') {
    issues.secretQuestion = settings.get(SECRET_TEXTS[secretIssue]);
  } else if (secretIssue) {
    issues.secretAnswer = settings.get(SECRET_TEXTS[secretIssue]);
  }
  const newPassword = values.newPassword;
  if (newPassword !== '') {
    const message = newPasswordMessage(newPassword);
    if (message) issues.newPassword = message;
    if (rules.confirmPassword) {
      if (values.confirmNewPassword === '') {
        issues.confirmNewPassword = settings.get('profileTexts.confirmPasswordRequiredText');
      } else if (values.confirmNewPassword !== newPassword) {
        issues.confirmNewPassword = settings.get('profileTexts.newPasswordsDoNotMatchText');
      }
    }
  }
  if (newPassword !== '' || secret.changes) {
    if (values.oldPassword === '') {
      issues.oldPassword = settings.get('profileTexts.currentPasswordRequiredText');
    } else if (values.oldPassword.length < rules.passwordMinimumLength) {
      issues.oldPassword = fillPlaceholders(settings.get('profileTexts.oldPasswordTooShortText'), {
        n: rules.passwordMinimumLength,
      });
    }
  }
  return issues;
}

/** Only what differs from the saved copy is sent (the server changes only what differs too). */
export function userInfoRequest(
  values: UserInfoValues,
  saved: UserInfoValues,
  rules: UserInfoRules,
): UpdateUserInfoRequest['UserInfo'] {
  const secret = secretQuestionChange(
    { question: values.secretQuestion, answer: values.secretAnswer },
    { question: saved.secretQuestion },
    rules.secret,
  );
  const passwordChange = values.newPassword !== '';
  const request: UpdateUserInfoRequest['UserInfo'] = {};
  if (values.logonName.trim() !== saved.logonName) request.LogonName = values.logonName.trim();
  if (values.emailAddress.trim() !== saved.emailAddress) {
    request.EmailAddress = values.emailAddress.trim();
  }
  if (passwordChange) {
    request.NewPassword = values.newPassword;
    if (rules.confirmPassword) request.ConfirmNewPassword = values.confirmNewPassword;
  }
  if (secret.changes) {
    request.SecretQuestion = secret.question;
    request.SecretAnswer = secret.answer;
  }
  if (passwordChange || secret.changes) request.OldPassword = values.oldPassword;
  return request;
}
