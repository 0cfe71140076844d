import type { SettingsAccessor } from '@portal/settings-schema';
import type { OutgoingMail } from '../mail/mail.service';

/**
 * The e-mails of sign-in and the logged-out flows. Their wording is the institution's
 * (`emailTexts.*`, admin-only settings with the product's defaults), filled in here. They carry
 * codes and links only, never a password, and every link token is single-purpose (the opt-out
 * footer is the only lasting one).
 */

/** What the templates read: the institution's settings (only `get` is used). */
export type EmailSettings = Pick<SettingsAccessor, 'get'>;

/** "10 minutes", "1 hour", "24 hours". */
export function expiresInText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0 && minutes >= 60) {
    const hours = minutes / 60;
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

function withOptOut(settings: EmailSettings, body: string, optOutUrl: string | undefined): string {
  if (!optOutUrl) return body;
  const footer = fillTemplate(settings.get('emailTexts.optOutFooterText'), { link: optOutUrl });
  return `${body}\n\n${footer}`;
}

interface MailBase {
  settings: EmailSettings;
  institutionId: number;
  institutionName: string;
  to: string;
}

export function securityCodeEmail(input: MailBase & { code: string; lifetimeMs: number }) {
  const { settings } = input;
  const values = {
    institutionName: input.institutionName,
    code: input.code,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.securityCodeSubjectText'), values),
    body: fillTemplate(settings.get('emailTexts.securityCodeBodyText'), values),
  } satisfies OutgoingMail;
}

export function registrationCodeEmail(
  input: MailBase & { firstName: string; code: string; lifetimeMs: number },
): OutgoingMail {
  const { settings } = input;
  const firstName = input.firstName.trim();
  const values = {
    institutionName: input.institutionName,
    greeting: firstName === '' ? 'Hello,' : `Hello ${firstName},`,
    code: input.code,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.registrationCodeSubjectText'), values),
    body: fillTemplate(settings.get('emailTexts.registrationCodeBodyText'), values),
  };
}

export function verifyEmailEmail(
  input: MailBase & { username: string; verifyUrl: string; lifetimeMs: number; optOutUrl?: string },
): OutgoingMail {
  const { settings } = input;
  const values = {
    institutionName: input.institutionName,
    username: input.username,
    link: input.verifyUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.verifyEmailSubjectText'), values),
    body: withOptOut(
      settings,
      fillTemplate(settings.get('emailTexts.verifyEmailBodyText'), values),
      input.optOutUrl,
    ),
  };
}

export function welcomeEmail(
  input: MailBase & { username: string; optOutUrl?: string },
): OutgoingMail {
  const { settings } = input;
  const values = { institutionName: input.institutionName, username: input.username };
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.welcomeSubjectText'), values),
    body: withOptOut(
      settings,
      fillTemplate(settings.get('emailTexts.welcomeBodyText'), values),
      input.optOutUrl,
    ),
  };
}

export function resetPasswordEmail(
  input: MailBase & { username: string; resetUrl: string; lifetimeMs: number },
): OutgoingMail {
  const { settings } = input;
  const values = {
    institutionName: input.institutionName,
    username: input.username,
    link: input.resetUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.resetPasswordSubjectText'), values),
    body: fillTemplate(settings.get('emailTexts.resetPasswordBodyText'), values),
  };
}

export function activationEmail(
  input: MailBase & {
    username: string;
    activationUrl: string;
    lifetimeMs: number;
    optOutUrl?: string;
  },
): OutgoingMail {
  const { settings } = input;
  const values = {
    institutionName: input.institutionName,
    username: input.username,
    link: input.activationUrl,
    expiresIn: expiresInText(input.lifetimeMs),
  };
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: fillTemplate(settings.get('emailTexts.activationSubjectText'), values),
    body: withOptOut(
      settings,
      fillTemplate(settings.get('emailTexts.activationBodyText'), values),
      input.optOutUrl,
    ),
  };
}
