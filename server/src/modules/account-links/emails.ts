import type { OutgoingMail } from '../mail/mail.service';

/**
 * The e-mails of the logged-out flows. The specs give no wording for them; these are the
 * product's. They carry codes and links only, never a password, and every link token is
 * single-purpose (the opt-out footer is the only lasting one).
 */

function minutesText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0 && minutes >= 60) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function withOptOut(body: string, optOutUrl: string | undefined): string {
  return optOutUrl ? `${body}\n\nTo stop receiving e-mail notifications, open ${optOutUrl}` : body;
}

export function registrationCodeEmail(input: {
  institutionId: number;
  institutionName: string;
  to: string;
  firstName: string;
  code: string;
  lifetimeMs: number;
}): OutgoingMail {
  const greeting = input.firstName.trim() === '' ? 'Hello,' : `Hello ${input.firstName.trim()},`;
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: `${input.institutionName}: your security code`,
    body: `${greeting}\n\nYour security code to verify your e-mail address is ${input.code}.\nIt expires in ${minutesText(input.lifetimeMs)}.\n\nIf you did not start a registration, you can ignore this e-mail.`,
  };
}

export function verifyEmailEmail(input: {
  institutionId: number;
  institutionName: string;
  to: string;
  username: string;
  verifyUrl: string;
  lifetimeMs: number;
  optOutUrl?: string;
}): OutgoingMail {
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: `${input.institutionName}: verify your e-mail address`,
    body: withOptOut(
      `Your online account ${input.username} has been created.\n\nPlease verify your e-mail address by opening this link within ${minutesText(input.lifetimeMs)}:\n${input.verifyUrl}`,
      input.optOutUrl,
    ),
  };
}

export function welcomeEmail(input: {
  institutionId: number;
  institutionName: string;
  to: string;
  username: string;
  optOutUrl?: string;
}): OutgoingMail {
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: `${input.institutionName}: your online account`,
    body: withOptOut(
      `Your online account ${input.username} has been created. You can now sign in.`,
      input.optOutUrl,
    ),
  };
}

export function resetPasswordEmail(input: {
  institutionId: number;
  institutionName: string;
  to: string;
  username: string;
  resetUrl: string;
  lifetimeMs: number;
}): OutgoingMail {
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: `${input.institutionName}: reset your password`,
    body: `We received a request to reset the password of the online account ${input.username}.\n\nOpen this link within ${minutesText(input.lifetimeMs)} to choose a new password. It works once:\n${input.resetUrl}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays the same.`,
  };
}

export function activationEmail(input: {
  institutionId: number;
  institutionName: string;
  to: string;
  username: string;
  activationUrl: string;
  lifetimeMs: number;
  optOutUrl?: string;
}): OutgoingMail {
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: `${input.institutionName}: activate your online account`,
    body: withOptOut(
      `An online account with the login name ${input.username} has been created for you.\n\nOpen this link within ${minutesText(input.lifetimeMs)} to choose your password:\n${input.activationUrl}`,
      input.optOutUrl,
    ),
  };
}
