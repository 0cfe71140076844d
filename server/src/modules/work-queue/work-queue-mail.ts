import {
  formatUsDateTime,
  isEmailAddress,
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
 * The shared mailbox: `messagesOptions.messageRecipientEmail`, the address "that receives
 * feedback and questions" (empty: the admin app's queue only). Only those two kinds are e-mailed.
 */
export const sharedMailboxOf = {
  kinds: ['question', 'feedback'] as readonly WorkItemKind[],
  /** The configured address, or undefined when there is none or it is not an address. */
  address(settings: Pick<SettingsAccessor, 'get'>): string | undefined {
    const address = settings.get('messagesOptions.messageRecipientEmail').trim();
    return address !== '' && isEmailAddress(address) ? address : undefined;
  },
};

/**
 * A new item's notice: its kind, sender and summary, and where to find it. The details (the
 * message, addresses, documents) stay in the admin app, behind the staff sign-in.
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
      `Summary: ${item.summary}`,
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
