import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import type { OutgoingMail } from './mail.service';

/**
 * The e-mails of sign-in and the logged-out flows. Their wording is the institution's
 * (`emailTexts.*`, admin-only settings with the product's defaults), filled in here. They carry
 * codes and links only, never a password, and every link token is single-purpose (the opt-out
 * footer is the only lasting one).
 */

/** What the templates read: the institution's settings (only `get` is used). */
export type EmailSettings = Pick<SettingsAccessor, 'get'>;

/**
 * "10 minutes", "1 hour", "24 hours", "3 days", "365 days": whole days past two days (an
 * activation link of a year said "8760 hours").
 */
export function expiresInText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0 && minutes >= 60) {
    const hours = minutes / 60;
    if (hours > 48 && hours % 24 === 0) return `${hours / 24} days`;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Replaces each `{name}` with its value in one pass, so a value that itself looks like a
 * placeholder (a user name such as "{code}") is never expanded. Unknown names stay as typed, so
 * a misspelt placeholder is visible in the e-mail rather than silently dropped.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? placeholder) : placeholder,
  );
}

interface MailBase {
  settings: EmailSettings;
  institutionId: number;
  institutionName: string;
  to: string;
}

/** Each e-mail's subject and body settings (`emailTexts.*`). */
const EMAIL_TEXTS = {
  securityCode: ['emailTexts.securityCodeSubjectText', 'emailTexts.securityCodeBodyText'],
  registrationCode: [
    'emailTexts.registrationCodeSubjectText',
    'emailTexts.registrationCodeBodyText',
  ],
  verifyEmail: ['emailTexts.verifyEmailSubjectText', 'emailTexts.verifyEmailBodyText'],
  welcome: ['emailTexts.welcomeSubjectText', 'emailTexts.welcomeBodyText'],
  resetPassword: ['emailTexts.resetPasswordSubjectText', 'emailTexts.resetPasswordBodyText'],
  activation: ['emailTexts.activationSubjectText', 'emailTexts.activationBodyText'],
  secretQuestionChanged: [
    'emailTexts.secretQuestionChangedSubjectText',
    'emailTexts.secretQuestionChangedBodyText',
  ],
  emailChangeVerify: [
    'emailTexts.emailChangeVerifySubjectText',
    'emailTexts.emailChangeVerifyBodyText',
  ],
} as const satisfies Record<string, readonly [SettingKey, SettingKey]>;

type EmailKind = keyof typeof EMAIL_TEXTS;

/** Fills the kind's subject and body ({institutionName} always), plus the opt-out footer. */
function compose(
  kind: EmailKind,
  input: MailBase,
  values: Readonly<Record<string, string>>,
  optOutUrl?: string,
): OutgoingMail {
  const { settings } = input;
  const [subjectKey, bodyKey] = EMAIL_TEXTS[kind];
  const all = { institutionName: input.institutionName, ...values };
  const body = fillTemplate(settings.get(bodyKey), all);
  const footer = optOutUrl
    ? `\n\n${fillTemplate(settings.get('emailTexts.optOutFooterText'), { link: optOutUrl })}`
    : '';
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get(subjectKey), all),
    body: `${body}${footer}`,
  };
}

export function securityCodeEmail(
  input: MailBase & { code: string; lifetimeMs: number },
): OutgoingMail {
  return compose('securityCode', input, {
    code: input.code,
    expiresIn: expiresInText(input.lifetimeMs),
  });
}

export function registrationCodeEmail(
  input: MailBase & { firstName: string; code: string; lifetimeMs: number },
): OutgoingMail {
  const firstName = input.firstName.trim();
  return compose('registrationCode', input, {
    greeting: firstName === '' ? 'Hello,' : `Hello ${firstName},`,
    code: input.code,
    expiresIn: expiresInText(input.lifetimeMs),
  });
}

export function verifyEmailEmail(
  input: MailBase & { username: string; verifyUrl: string; lifetimeMs: number; optOutUrl?: string },
): OutgoingMail {
  const values = {
    username: input.username,
    link: input.verifyUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return compose('verifyEmail', input, values, input.optOutUrl);
}

export function welcomeEmail(
  input: MailBase & { username: string; optOutUrl?: string },
): OutgoingMail {
  return compose('welcome', input, { username: input.username }, input.optOutUrl);
}

export function resetPasswordEmail(
  input: MailBase & { username: string; resetUrl: string; lifetimeMs: number },
): OutgoingMail {
  return compose('resetPassword', input, {
    username: input.username,
    link: input.resetUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  });
}

export function activationEmail(
  input: MailBase & {
    username: string;
    activationUrl: string;
    lifetimeMs: number;
    optOutUrl?: string;
  },
): OutgoingMail {
  const values = {
    username: input.username,
    link: input.activationUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return compose('activation', input, values, input.optOutUrl);
}

/** The notice that a user's secret question and answer were set or replaced. */
export function secretQuestionChangedEmail(input: MailBase & { username: string }): OutgoingMail {
  return compose('secretQuestionChanged', input, { username: input.username });
}

/** The link to a new e-mail address typed on the profile; it replaces the old one when opened. */
export function emailChangeVerifyEmail(
  input: MailBase & { username: string; verifyUrl: string; lifetimeMs: number },
): OutgoingMail {
  return compose('emailChangeVerify', input, {
    username: input.username,
    link: input.verifyUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  });
}

/**
 * 'jordan.rivers@example.test' → 'j***@example.test': enough for the owner of the old address to
 * recognise the new one, not enough to hand a stranger a working address.
 */
export function maskEmailAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.charAt(0)}***${email.slice(at)}`;
}
