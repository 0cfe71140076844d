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
 * The events a borrower can be told about (issue 21), and one table (`ALERTS`) of what each
 * kind's alert is: what makes the event one of a kind (its key, under the user and the kind),
 * the alert that decides whether it is sent, where its e-mail goes and its wording: the
 * institution's settings texts (`emailTexts.<name>SubjectText` and `...BodyText`,
 * `textingTexts.<kind>AlertText`), dates in words in the institution's zone, account numbers
 * masked. `alertOf` reads an event through it.
 */

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

/** A loan's alert: the loan's own choice of channels decides it (under the profile's switches). */
interface LoanAlertFacts {
  loanNumber: string;
  chosen: { email: boolean; text: boolean };
}

/** What each kind of event carries. */
export interface NotificationFacts {
  /** The loan's own choice: the due-date alerts are e-mail only. */
  paymentDue: LoanAlertFacts & {
    dueDate: CalendarDate;
    alert: 1 | 2 | 3 | 4;
    before: boolean;
    amountCents: Cents;
  };
  pastDue: LoanAlertFacts & { dueDate: CalendarDate; amountCents: Cents };
  statementReady: LoanAlertFacts & { statementId: string; statementDate: CalendarDate };
  newDeviceSignIn: { sessionId: string; device: string; at: Date };
  passwordChanged: { at: Date };
  /** The account locked by too many wrong passwords (at sign-in, or the profile's current one). */
  lockedOnBadPassword: { at: Date };
  logonNameChanged: { username: string; at: Date };
  /**
   * The notice goes to the old address (`previousEmail`), which a change it did not make alarms.
   */
  emailChanged: { changeId: string; previousEmail: string; newEmail: string; at: Date };
  paymentScheduled: PaymentFacts;
  paymentPosted: PaymentFacts;
  paymentFailed: PaymentFacts;
  recurringSetUp: PaymentFacts & { frequency: string };
  recurringCancelled: PaymentFacts & { at: Date };
  /**
   * Staff moved a loan application made in the portal (issue 22). The borrower agreed to be
   * contacted about it by e-mail or text when applying: that consent is `chosen`, under the
   * profile's switches, as a loan's own alerts are.
   */
  applicationStatusChanged: {
    applicationNumber: string;
    product: string;
    /** The status it moved to, as the application list shows it. */
    status: string;
    at: Date;
    chosen: { email: boolean; text: boolean };
  };
}

export type NotificationKind = keyof NotificationFacts;

/** An event of one of the kinds (of any kind by default). */
export type NotificationEvent<K extends NotificationKind = NotificationKind> = {
  [P in K]: { institutionId: number; userId: string; kind: P } & NotificationFacts[P];
}[K];

/** A setting whose value is text (the templates). */
type TextKey = { [K in SettingKey]: SettingTypes[K] extends string ? K : never }[SettingKey];

/**
 * An alert e-mail's texts, named in full (`emailTexts.<name>SubjectText` and `...BodyText`) so
 * that a search for a settings key finds where it is sent (tests/settings-keys-read.test.ts).
 */
interface EmailTexts {
  subject: TextKey;
  body: TextKey;
}

interface WordingContext {
  institutionName: string;
  /** The borrower's login name now. */
  username: string;
  /** The borrower's e-mail address now. */
  email: string;
  /** The institution's zone, for instants in words. */
  timeZone: string;
}

interface AlertDefinition<K extends NotificationKind> {
  /**
   * The profile alert that decides the kind (spec 002 "Notification preferences"), or 'loan'
   * when the event's own choice decides (its `chosen`: a loan's own alerts, an application's
   * contact consent), under the profile's switches (domain `loanAlertChosen`).
   */
  decidedBy: ProfileAlertKey | 'loan';
  /** The event's identity under its user and kind. */
  key(event: NotificationEvent<K>): string;
  /** Its e-mail's texts; null where another module sends the e-mail of the event. */
  email: EmailTexts | null | ((event: NotificationEvent<K>) => EmailTexts);
  /** Its text message's template (`textingTexts.<kind>AlertText`). */
  text: TextKey;
  /** The values its templates read, beside {institutionName} and {username}. */
  values(event: NotificationEvent<K>, timeZone: string): Record<string, string>;
  /** Where its e-mail goes; the borrower's address unless said. */
  to?(event: NotificationEvent<K>): string;
  /** The login name its wording names; the borrower's unless said. */
  username?(event: NotificationEvent<K>): string;
  /**
   * A security notice whose e-mail goes whatever the preferences say (its text still follows
   * them): the old address of an e-mail change hears of it even when the alert is off, or the
   * one who turned it off may be the one who took the account.
   */
  emailAlways?: true;
}

const dueValues = (event: NotificationEvent<'paymentDue' | 'pastDue'>) => ({
  loanNumber: maskAccountNumber(event.loanNumber),
  dueDate: formatLongDate(event.dueDate),
  amount: formatUsd(event.amountCents),
});

const dateValues = (event: { at: Date }, timeZone: string) => ({
  date: formatInstantLongDate(event.at, timeZone),
});

const paymentValues = (event: PaymentFacts) => ({
  loanNumber: maskAccountNumber(event.loanNumber),
  amount: formatUsd(event.amountCents),
  paymentDate: formatLongDate(event.payDate),
  startDate: formatLongDate(event.payDate),
  method: event.method,
  confirmationNumber: event.confirmationNumber,
});

const paymentKey = (event: PaymentFacts) => event.paymentId;

/**
 * Decision (issue 21 asked for one): every payment event is the profile's moneyTransOnWeb ("A
 * payment is made online"). The receipt of a posted payment and the notice of a failed scheduled
 * one are records of money moved, the payments module's own e-mails, sent whatever it says
 * (payments/payment-settlement.ts); the alert adds their text, so moneyTransOnWeb by e-mail never
 * sends a second e-mail of the same payment.
 */
const ALERTS: { [K in NotificationKind]: AlertDefinition<K> } = {
  paymentDue: {
    text: 'textingTexts.paymentDueAlertText',
    decidedBy: 'loan',
    key: (event) => `${event.loanNumber}|${event.dueDate}|${event.alert}`,
    // The alert set after the due date has its own words (the payment is late by then).
    email: (event) =>
      event.before
        ? { subject: 'emailTexts.paymentDueSubjectText', body: 'emailTexts.paymentDueBodyText' }
        : {
            subject: 'emailTexts.paymentStillDueSubjectText',
            body: 'emailTexts.paymentStillDueBodyText',
          },
    values: dueValues,
  },
  pastDue: {
    text: 'textingTexts.pastDueAlertText',
    decidedBy: 'loan',
    key: (event) => `${event.loanNumber}|${event.dueDate}`,
    email: { subject: 'emailTexts.pastDueSubjectText', body: 'emailTexts.pastDueBodyText' },
    values: dueValues,
  },
  statementReady: {
    text: 'textingTexts.statementReadyAlertText',
    decidedBy: 'loan',
    key: (event) => `${event.loanNumber}|${event.statementId}`,
    email: {
      subject: 'emailTexts.statementReadySubjectText',
      body: 'emailTexts.statementReadyBodyText',
    },
    values: (event) => ({
      loanNumber: maskAccountNumber(event.loanNumber),
      statementDate: formatLongDate(event.statementDate),
    }),
  },
  newDeviceSignIn: {
    text: 'textingTexts.newDeviceSignInAlertText',
    decidedBy: 'userLogsOn',
    key: (event) => event.sessionId,
    email: {
      subject: 'emailTexts.newDeviceSignInSubjectText',
      body: 'emailTexts.newDeviceSignInBodyText',
    },
    values: (event, timeZone) => ({
      device: event.device,
      ...dateValues(event, timeZone),
      time: formatInstantTime(event.at, timeZone),
    }),
  },
  passwordChanged: {
    text: 'textingTexts.passwordChangedAlertText',
    decidedBy: 'passwordChanged',
    key: (event) => event.at.toISOString(),
    email: {
      subject: 'emailTexts.passwordChangedSubjectText',
      body: 'emailTexts.passwordChangedBodyText',
    },
    values: dateValues,
  },
  lockedOnBadPassword: {
    text: 'textingTexts.lockedOnBadPasswordAlertText',
    decidedBy: 'restrictedPasswordViolation',
    // One lock, one alert: the guess that locks it is the only one counted while it lasts.
    key: (event) => event.at.toISOString(),
    email: {
      subject: 'emailTexts.lockedOnBadPasswordSubjectText',
      body: 'emailTexts.lockedOnBadPasswordBodyText',
    },
    values: (event, timeZone) => ({
      ...dateValues(event, timeZone),
      time: formatInstantTime(event.at, timeZone),
    }),
  },
  logonNameChanged: {
    text: 'textingTexts.logonNameChangedAlertText',
    decidedBy: 'logonNameChange',
    key: (event) => `${event.at.toISOString()}|${event.username}`,
    email: {
      subject: 'emailTexts.logonNameChangedSubjectText',
      body: 'emailTexts.logonNameChangedBodyText',
    },
    values: dateValues,
    username: (event) => event.username,
  },
  emailChanged: {
    text: 'textingTexts.emailChangedAlertText',
    decidedBy: 'emailAddressChanged',
    key: (event) => event.changeId,
    email: {
      subject: 'emailTexts.emailChangedNoticeSubjectText',
      body: 'emailTexts.emailChangedNoticeBodyText',
    },
    values: (event, timeZone) => ({
      newEmail: maskEmailAddress(event.newEmail),
      ...dateValues(event, timeZone),
    }),
    to: (event) => event.previousEmail,
    emailAlways: true,
  },
  paymentScheduled: {
    text: 'textingTexts.paymentScheduledAlertText',
    decidedBy: 'moneyTransOnWeb',
    key: paymentKey,
    email: {
      subject: 'emailTexts.paymentScheduledSubjectText',
      body: 'emailTexts.paymentScheduledBodyText',
    },
    values: paymentValues,
  },
  paymentPosted: {
    text: 'textingTexts.paymentPostedAlertText',
    decidedBy: 'moneyTransOnWeb',
    key: paymentKey,
    email: null,
    values: paymentValues,
  },
  paymentFailed: {
    text: 'textingTexts.paymentFailedAlertText',
    decidedBy: 'moneyTransOnWeb',
    key: paymentKey,
    email: null,
    values: paymentValues,
  },
  recurringSetUp: {
    text: 'textingTexts.recurringSetUpAlertText',
    decidedBy: 'moneyTransOnWeb',
    key: paymentKey,
    email: {
      subject: 'emailTexts.recurringSetUpSubjectText',
      body: 'emailTexts.recurringSetUpBodyText',
    },
    values: (event) => ({ ...paymentValues(event), frequency: event.frequency }),
  },
  recurringCancelled: {
    text: 'textingTexts.recurringCancelledAlertText',
    decidedBy: 'moneyTransOnWeb',
    key: paymentKey,
    email: {
      subject: 'emailTexts.recurringCancelledSubjectText',
      body: 'emailTexts.recurringCancelledBodyText',
    },
    values: (event, timeZone) => ({ ...paymentValues(event), ...dateValues(event, timeZone) }),
  },
  applicationStatusChanged: {
    text: 'textingTexts.applicationStatusAlertText',
    decidedBy: 'loan',
    // Each move is its own event: an application may come back to a status (Documents Needed).
    key: (event) => `${event.applicationNumber}|${event.status}|${event.at.toISOString()}`,
    email: {
      subject: 'emailTexts.applicationStatusSubjectText',
      body: 'emailTexts.applicationStatusBodyText',
    },
    values: (event, timeZone) => ({
      applicationNumber: event.applicationNumber,
      product: event.product,
      status: event.status,
      ...dateValues(event, timeZone),
    }),
  },
};

/** The identity of the event under its user and kind. */
export function eventKeyOf<K extends NotificationKind>(event: NotificationEvent<K>): string {
  return ALERTS[event.kind].key(event);
}

/** An event's alert, as the borrower would get it if they chose it. */
export interface Alert {
  /** The identity of the event under its user and kind. */
  eventKey: string;
  /** The profile alert that decides it, or 'loan' for the loan's own alerts (`chosen`). */
  decidedBy: ProfileAlertKey | 'loan';
  /** Its e-mail goes whatever the preferences say (a security notice). */
  emailAlways: boolean;
  /** Where the e-mail goes ('' when there is no address). */
  to: string;
  /** Null for a kind whose e-mail another module sends. */
  email: { subject: string; body: string } | null;
  text: string;
}

/** The event's alert: its key, what decides it, its address and its wording. */
export function alertOf<K extends NotificationKind>(
  event: NotificationEvent<K>,
  settings: Pick<SettingsAccessor, 'get'>,
  context: WordingContext,
): Alert {
  const definition: AlertDefinition<K> = ALERTS[event.kind];
  const values = {
    institutionName: context.institutionName,
    username: definition.username?.(event) ?? context.username,
    ...definition.values(event, context.timeZone),
  };
  const email = typeof definition.email === 'function' ? definition.email(event) : definition.email;
  return {
    eventKey: definition.key(event),
    decidedBy: definition.decidedBy,
    emailAlways: definition.emailAlways ?? false,
    to: (definition.to?.(event) ?? context.email).trim(),
    email: email
      ? {
          subject: fillTemplate(settings.get(email.subject), values),
          body: fillTemplate(settings.get(email.body), values),
        }
      : null,
    text: fillTemplate(settings.get(definition.text), values),
  };
}
