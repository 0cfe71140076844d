import {
  formatUsDateTime,
  isEmailAddress,
  maskAccountNumber,
  WORK_ITEM_KIND_LABELS,
  type WorkItemKind,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { OutgoingMail } from '../mail/mail.service';

/**
 * The work queue's e-mails: the notice of a new item to the institution's shared mailbox, and a
 * staff member's reply to a sender. The notice is the product's wording for staff (the settings
 * have no staff-facing e-mail texts); the reply is what staff write, with the question it answers
 * quoted under it.
 */

/**
 * The shared mailbox: `messagesOptions.messageRecipientEmail` (empty: the admin app's queue
 * only). Issue 22: "a new item can notify the institution's shared mailbox", so every kind is
 * told of (questions, feedback, contact-info changes, documents, loan applications).
 */
export const sharedMailboxOf = {
  /** The configured address, or undefined when there is none or it is not an address. */
  address(settings: Pick<SettingsAccessor, 'get'>): string | undefined {
    const address = settings.get('messagesOptions.messageRecipientEmail').trim();
    return address !== '' && isEmailAddress(address) ? address : undefined;
  },
};

/**
 * A run of eight or more digits (spaces and dashes between them allowed), as an account or card
 * number is written; shorter numbers (an application's A-250001, an amount, a date) are left.
 */
const LONG_NUMBER = /\d(?:[ -]?\d){7,}/g;

/**
 * The summary as the notice gives it: a number that may be an account's masked to its last four
 * (the senders mask theirs already; a question's subject is what its sender typed).
 */
function summaryForMail(summary: string): string {
  return summary.replace(LONG_NUMBER, (number) => maskAccountNumber(number));
}

/**
 * A new item's notice: its kind, sender and summary (no number in full), and where to find it.
 * The details (the message, addresses, an application's figures, a document's file) stay in the
 * admin app, behind the staff sign-in.
 */
export function sharedMailboxNotice(input: {
  item: {
    institutionId: number;
    kind: WorkItemKind;
    senderName: string;
    senderEmail: string;
    summary: string;
  };
  to: string;
  at: Date;
  institutionName: string;
  timeZone: string;
}): OutgoingMail {
  const { item } = input;
  const kind = WORK_ITEM_KIND_LABELS[item.kind];
  const from = item.senderEmail ? `${item.senderName} <${item.senderEmail}>` : item.senderName;
  return {
    institutionId: item.institutionId,
    to: input.to,
    subject: `${input.institutionName}: new ${kind.toLowerCase()} in the work queue`,
    body: [
      `A new ${kind.toLowerCase()} arrived in the work queue of ${input.institutionName}.`,
      '',
      `From: ${from}`,
      `Summary: ${summaryForMail(item.summary)}`,
      `Received: ${formatUsDateTime(input.at, input.timeZone)}`,
      '',
      'Open the Work queue in the admin app to read it, assign it and answer it.',
    ].join('\n'),
  };
}

/** A staff member's answer to the sender, the question quoted below it. */
export function replyMail(input: {
  institutionId: number;
  institutionName: string;
  timeZone: string;
  to: string;
  subject: string;
  message: string;
  question: { sentAt: Date; summary: string; message: string | undefined };
}): OutgoingMail {
  const quoted = (input.question.message ?? input.question.summary)
    .split(/\r?\n/)
    .map((line) => `> ${line}`);
  return {
    institutionId: input.institutionId,
    to: input.to,
    subject: input.subject,
    body: [
      input.message,
      '',
      input.institutionName,
      '',
      `Your message of ${formatUsDateTime(input.question.sentAt, input.timeZone)}:`,
      ...quoted,
    ].join('\n'),
  };
}
