import {
  type CalendarDate,
  type Cents,
  formatInstantLongDate,
  formatInstantTime,
  formatLongDate,
  formatUsd,
  maskAccountNumber,
  type ProfileAlertKey,
} from '@portal/domain';
import type { SettingKey, SettingsAccessor, SettingTypes } from '@portal/settings-schema';
import { fillTemplate, maskEmailAddress } from '../mail/emails';

/**
 * The events a borrower can be told about (issue 21), each with what makes it one of a kind
 * (`eventKey`, under the user and the kind), the alert that decides whether it is sent, and its
 * wording: the institution's settings texts (`emailTexts.*`, `textingTexts.*Alert*`), dates in
 * words in the institution's zone, account numbers masked.
 */
export type NotificationEvent = { institutionId: number; userId: string } & (
  | {
      kind: 'paymentDue';
      loanNumber: string;
      dueDate: CalendarDate;
      alert: 1 | 2 | 3 | 4;
      before: boolean;
      amountCents: Cents;
      /** The loan's own choice (the due-date alerts are e-mail only). */
      chosen: { email: boolean; text: boolean };
    }
  | {
      kind: 'pastDue';
      loanNumber: string;
      dueDate: CalendarDate;
      amountCents: Cents;
      chosen: { email: boolean; text: boolean };
    }
  | {
      kind: 'statementReady';
      loanNumber: string;
      statementId: string;
      statementDate: CalendarDate;
      chosen: { email: boolean; text: boolean };
    }
  | { kind: 'newDeviceSignIn'; sessionId: string; device: string; at: Date }
  | { kind: 'passwordChanged'; at: Date }
  | { kind: 'logonNameChanged'; username: string; at: Date }
  /** The notice goes to the old address (`previousEmail`), which a change it did not make alarms. */
  | { kind: 'emailChanged'; changeId: string; previousEmail: string; newEmail: string; at: Date }
  | ({ kind: 'paymentScheduled' } & PaymentFacts)
  | ({ kind: 'paymentPosted' } & PaymentFacts)
  | ({ kind: 'paymentFailed' } & PaymentFacts)
  | ({ kind: 'recurringSetUp'; frequency: string } & PaymentFacts)
  | ({ kind: 'recurringCancelled'; at: Date } & PaymentFacts)
);

/** What a payment's alerts say: never a card or account number beyond its last four. */
export interface PaymentFacts {
  /** The payment's (or recurring payment's) id: with the kind, the event's identity. */
  paymentId: string;
  loanNumber: string;
  amountCents: Cents;
  /** The payment's date (a recurring payment's first date). */
  payDate: CalendarDate;
  /** How the payment e-mails name the method ('Visa ending in 4242'). */
  method: string;
  confirmationNumber: string;
}

export type NotificationKind = NotificationEvent['kind'];

/** The identity of the event under its user and kind. */
export function eventKeyOf(event: NotificationEvent): string {
  switch (event.kind) {
    case 'paymentDue':
      return `${event.loanNumber}|${event.dueDate}|${event.alert}`;
    case 'pastDue':
      return `${event.loanNumber}|${event.dueDate}`;
    case 'statementReady':
      return `${event.loanNumber}|${event.statementId}`;
    case 'newDeviceSignIn':
      return event.sessionId;
    case 'passwordChanged':
      return event.at.toISOString();
    case 'logonNameChanged':
      return `${event.at.toISOString()}|${event.username}`;
    case 'emailChanged':
      return event.changeId;
    default:
      return event.paymentId;
  }
}

/**
 * The profile alert that decides a kind (spec 002 "Notification preferences"), or 'loan' when
 * the loan's own alerts decide. Decision (issue 21 asked for one): every payment event is the
 * profile's moneyTransOnWeb ("A payment is made online"). The receipt of a posted payment and the
 * notice of a failed scheduled one are records of money moved and stay e-mailed whatever it says
 * (payments/payment-settlement.ts); the alert adds their text, so moneyTransOnWeb by e-mail never
 * sends a second e-mail of the same payment.
 */
export const ALERT_OF_KIND = {
  paymentDue: 'loan',
  pastDue: 'loan',
  statementReady: 'loan',
  newDeviceSignIn: 'userLogsOn',
  passwordChanged: 'passwordChanged',
  logonNameChanged: 'logonNameChange',
  emailChanged: 'emailAddressChanged',
  paymentScheduled: 'moneyTransOnWeb',
  paymentPosted: 'moneyTransOnWeb',
  paymentFailed: 'moneyTransOnWeb',
  recurringSetUp: 'moneyTransOnWeb',
  recurringCancelled: 'moneyTransOnWeb',
} as const satisfies Record<NotificationKind, ProfileAlertKey | 'loan'>;

/** A setting whose value is text (the templates). */
type TextKey = { [K in SettingKey]: SettingTypes[K] extends string ? K : never }[SettingKey];

/** Each kind's e-mail subject and body, and its text; null where the kind has none. */
const WORDING = {
  paymentDue: {
    email: ['emailTexts.paymentDueSubjectText', 'emailTexts.paymentDueBodyText'],
    text: 'textingTexts.paymentDueAlertText',
  },
  pastDue: {
    email: ['emailTexts.pastDueSubjectText', 'emailTexts.pastDueBodyText'],
    text: 'textingTexts.pastDueAlertText',
  },
  statementReady: {
    email: ['emailTexts.statementReadySubjectText', 'emailTexts.statementReadyBodyText'],
    text: 'textingTexts.statementReadyAlertText',
  },
  newDeviceSignIn: {
    email: ['emailTexts.newDeviceSignInSubjectText', 'emailTexts.newDeviceSignInBodyText'],
    text: 'textingTexts.newDeviceSignInAlertText',
  },
  passwordChanged: {
    email: ['emailTexts.passwordChangedSubjectText', 'emailTexts.passwordChangedBodyText'],
    text: 'textingTexts.passwordChangedAlertText',
  },
  logonNameChanged: {
    email: ['emailTexts.logonNameChangedSubjectText', 'emailTexts.logonNameChangedBodyText'],
    text: 'textingTexts.logonNameChangedAlertText',
  },
  emailChanged: {
    email: ['emailTexts.emailChangedNoticeSubjectText', 'emailTexts.emailChangedNoticeBodyText'],
    text: 'textingTexts.emailChangedAlertText',
  },
  paymentScheduled: {
    email: ['emailTexts.paymentScheduledSubjectText', 'emailTexts.paymentScheduledBodyText'],
    text: 'textingTexts.paymentScheduledAlertText',
  },
  // The receipt and the failure notice are the payments module's own e-mails.
  paymentPosted: { email: null, text: 'textingTexts.paymentPostedAlertText' },
  paymentFailed: { email: null, text: 'textingTexts.paymentFailedAlertText' },
  recurringSetUp: {
    email: ['emailTexts.recurringSetUpSubjectText', 'emailTexts.recurringSetUpBodyText'],
    text: 'textingTexts.recurringSetUpAlertText',
  },
  recurringCancelled: {
    email: ['emailTexts.recurringCancelledSubjectText', 'emailTexts.recurringCancelledBodyText'],
    text: 'textingTexts.recurringCancelledAlertText',
  },
} as const satisfies Record<
  NotificationKind,
  { email: readonly [TextKey, TextKey] | null; text: TextKey }
>;

/** The due-date alert set after the due date has its own words (the payment is late by then). */
function emailKeysOf(event: NotificationEvent): readonly [TextKey, TextKey] | null {
  if (event.kind === 'paymentDue' && !event.before) {
    return ['emailTexts.paymentStillDueSubjectText', 'emailTexts.paymentStillDueBodyText'];
  }
  return WORDING[event.kind].email;
}

/** The values the kind's templates read. */
function valuesOf(
  event: NotificationEvent,
  context: { institutionName: string; username: string; timeZone: string },
): Record<string, string> {
  const base = { institutionName: context.institutionName, username: context.username };
  switch (event.kind) {
    case 'paymentDue':
    case 'pastDue':
      return {
        ...base,
        loanNumber: maskAccountNumber(event.loanNumber),
        dueDate: formatLongDate(event.dueDate),
        amount: formatUsd(event.amountCents),
      };
    case 'statementReady':
      return {
        ...base,
        loanNumber: maskAccountNumber(event.loanNumber),
        statementDate: formatLongDate(event.statementDate),
      };
    case 'newDeviceSignIn':
      return {
        ...base,
        device: event.device,
        date: formatInstantLongDate(event.at, context.timeZone),
        time: formatInstantTime(event.at, context.timeZone),
      };
    case 'passwordChanged':
    case 'logonNameChanged':
      return { ...base, date: formatInstantLongDate(event.at, context.timeZone) };
    case 'emailChanged':
      return {
        ...base,
        newEmail: maskEmailAddress(event.newEmail),
        date: formatInstantLongDate(event.at, context.timeZone),
      };
    default: {
      const payment = {
        ...base,
        loanNumber: maskAccountNumber(event.loanNumber),
        amount: formatUsd(event.amountCents),
        paymentDate: formatLongDate(event.payDate),
        startDate: formatLongDate(event.payDate),
        method: event.method,
        confirmationNumber: event.confirmationNumber,
      };
      if (event.kind === 'recurringSetUp') return { ...payment, frequency: event.frequency };
      if (event.kind === 'recurringCancelled') {
        return { ...payment, date: formatInstantLongDate(event.at, context.timeZone) };
      }
      return payment;
    }
  }
}

export interface NotificationWording {
  email: { subject: string; body: string } | null;
  text: string;
}

/** The event's e-mail (null for a kind whose e-mail another module sends) and text. */
export function wordingOf(
  event: NotificationEvent,
  settings: Pick<SettingsAccessor, 'get'>,
  context: { institutionName: string; username: string; timeZone: string },
): NotificationWording {
  const values = valuesOf(event, context);
  const emailKeys = emailKeysOf(event);
  return {
    email: emailKeys
      ? {
          subject: fillTemplate(settings.get(emailKeys[0]), values),
          body: fillTemplate(settings.get(emailKeys[1]), values),
        }
      : null,
    text: fillTemplate(settings.get(WORDING[event.kind].text), values),
  };
}
