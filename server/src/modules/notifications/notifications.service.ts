import {
  addDays,
  alertChosen,
  type CalendarDate,
  dueDateAlertsDue,
  isClosedComment,
  isTimeZone,
  loanAlertChosen,
  type NotificationPreferences,
  type ProfileAlertKey,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { CustomerRef, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AccountAlertsReader, ChosenAccountAlerts } from '../accounts/account-alerts.service';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import type { MailService } from '../mail/mail.service';
import type { TextingService } from '../texting/texting.service';
import { alertOf, eventKeyOf, type NotificationEvent } from './notification-events';
import { notificationSent, recordNotification } from './notifications.repository';

/**
 * Notifications (issue 21): real events turned into the e-mails and texts each borrower chose.
 *
 * - Events of a request (a sign-in from a new device, a password, login name or e-mail address
 *   changed, a payment scheduled, posted or failed, a recurring payment set up or cancelled) are
 *   told by the module where they happen. A module that makes its change in a transaction queues
 *   the alert in it (the transactional outbox): `prepareTell` before the transaction reads and
 *   words the alert, its `queue(trx)` writes the event's key and outbox rows beside the change,
 *   and `deliverSoon()` after the commit asks for delivery; the alert then exists exactly when
 *   the change does, and a crash between the commit and the alert loses nothing. A module whose
 *   change has no transaction of its own tells it through `tell` afterwards.
 * - Events of time passing (a due-date alert's day, a loan past due, a statement published) are
 *   found by `runDay` after the core's end of day: the end-of-day job queues one
 *   'notifications.day' job per institution and open day, and it asks the core about every loan
 *   with an alert on, as of the core's open day (the day after its last closed one).
 *
 * Once per event: the event's key (user, kind, identity: a loan, its due date and the alert's
 *   number; a payment and its status) is written in the same transaction as the outbox rows of
 *   its e-mail and text; the key is unique, so a job that runs twice, a retried request or two
 *   servers at once queue nothing twice (the SMS outbox's dedupe key says the same of the text).
 *
 * Who gets what: the profile's preferences (domain `alertChosen`) for the profile's alerts; the
 *   loan's own alerts under the profile's "Turn off all alerts" and "E-mail alerts" switches
 *   (domain `loanAlertChosen`) for a loan's; a text only to a phone subscribed to account texts
 *   (TextingService decides); no alert e-mail to a user who opted out of e-mail notifications.
 */

export const NOTIFICATIONS_DAY_QUEUE = 'notifications.day';
/** A statement is announced if dated this many days before the open day at most (an outage). */
export const STATEMENT_ALERT_WINDOW_DAYS = 7;

export type NotifyOutcome = 'sent' | 'sentBefore' | 'notChosen' | 'noUser';

export interface NotificationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  /** The core's last closed day (core-days.ts): the day pass runs as of the day after it. */
  lastClosedDay(institutionId: number): Promise<CalendarDate | undefined>;
  institutions: Pick<InstitutionsService, 'settings' | 'findById'>;
  borrowers: Pick<BorrowersService, 'findBorrowerById'>;
  /** The profile's notification preferences (profile.service `notificationPreferences`). */
  preferences(userId: string): Promise<NotificationPreferences>;
  accountAlerts: AccountAlertsReader;
  mail: Pick<MailService, 'enqueue' | 'deliverSoon'>;
  texting: Pick<TextingService, 'accountTextNumber' | 'queueText' | 'deliverTextsSoon'>;
  jobs: () => Pick<JobQueue, 'enqueue' | 'nudge'>;
  /**
   * Told about an alert that could not be sent by `tell` or prepared by `prepareTell` (app.ts
   * logs it).
   */
  onError?(error: unknown, event: NotificationEvent): void;
}

/**
 * How the modules where events happen tell them (auth, profile, payments) when the change has no
 * transaction to queue the alert in: after the change committed, and never failing the request
 * that made it (the change stands; the failure is logged).
 */
export type TellNotification = (event: NotificationEvent) => Promise<void>;

/**
 * An alert read and worded ahead of the transaction of the change that causes it. The reads
 * happen before the transaction because PGlite lends its one connection to a transaction whole:
 * a read through another service's connection inside it would wait for the commit forever.
 */
export interface PreparedAlert {
  /** False when there is nothing to queue (no such user, or no channel chosen). */
  readonly sends: boolean;
  /**
   * Writes the event's key and the outbox rows of its e-mail and text in the caller's
   * transaction: they exist only if the change commits. 'sentBefore' (nothing written) when the
   * event's alert was queued before. A failure here fails the transaction, change included:
   * the change and its alert are one.
   */
  queue(trx: Kysely<Database>): Promise<NotifyOutcome>;
  /** After the commit: asks for the delivery of what `queue` wrote (nothing when it wrote none). */
  deliverSoon(): void;
}

/**
 * How a module queues an alert in the transaction of its change (see `PreparedAlert`). It never
 * fails: an alert that cannot be read or worded is logged and queues nothing, the change stands.
 */
export type PrepareNotification = (event: NotificationEvent) => Promise<PreparedAlert>;

function nothingToQueue(outcome: 'notChosen' | 'noUser'): PreparedAlert {
  return { sends: false, queue: async () => outcome, deliverSoon: () => undefined };
}

function channelsChosen(
  event: NotificationEvent,
  alert: ProfileAlertKey | 'loan',
  preferences: NotificationPreferences,
): { email: boolean; text: boolean } {
  if (alert === 'loan') {
    const chosen = 'chosen' in event ? event.chosen : { email: false, text: false };
    return {
      email: loanAlertChosen(preferences, 'email', chosen.email),
      text: loanAlertChosen(preferences, 'text', chosen.text),
    };
  }
  return {
    email: alertChosen(preferences, 'email', alert),
    text: alertChosen(preferences, 'text', alert),
  };
}

function zoneOf(settings: SettingsAccessor, fallback: string): string {
  const zone = settings.get('localeOptions.institutionTimeZone');
  return isTimeZone(zone) ? zone : fallback;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock, core } = deps;

  /** Reads what the event's alert needs and words it; writes nothing. */
  async function prepare(event: NotificationEvent): Promise<PreparedAlert> {
    const [borrower, preferences, settings, institution] = await Promise.all([
      deps.borrowers.findBorrowerById(event.institutionId, event.userId),
      deps.preferences(event.userId),
      deps.institutions.settings(event.institutionId),
      deps.institutions.findById(event.institutionId),
    ]);
    if (!borrower) return nothingToQueue('noUser');
    const alert = alertOf(event, settings, {
      institutionName: institution?.name ?? '',
      username: borrower.username,
      email: borrower.email,
      timeZone: zoneOf(settings, institution?.timeZone ?? 'UTC'),
    });
    const { to, eventKey } = alert;
    const chosen = channelsChosen(event, alert.decidedBy, preferences);
    // A security notice (emailAlways) goes to its address whatever the alert switches say.
    const emailChosen = alert.emailAlways || (chosen.email && !borrower.email_opt_out);
    const email = emailChosen && alert.email && to !== '' ? alert.email : null;
    const number = chosen.text
      ? await deps.texting.accountTextNumber(event.institutionId, event.userId)
      : null;
    if (!email && !number) return nothingToQueue('notChosen');
    let queued = false;
    return {
      sends: true,
      async queue(trx) {
        const first = await recordNotification(trx, {
          institutionId: event.institutionId,
          userId: event.userId,
          kind: event.kind,
          eventKey,
          emailed: email !== null,
          texted: number !== null,
          at: clock.now(),
        });
        if (!first) return 'sentBefore';
        if (email) {
          await deps.mail.enqueue({ institutionId: event.institutionId, to, ...email }, trx);
        }
        if (number) {
          await deps.texting.queueText(
            {
              institutionId: event.institutionId,
              to: number,
              body: alert.text,
              dedupeKey: `alert:${event.kind}:${event.userId}:${eventKey}`,
            },
            trx,
          );
        }
        queued = true;
        return 'sent';
      },
      deliverSoon() {
        if (!queued) return;
        if (email) deps.mail.deliverSoon();
        if (number) deps.texting.deliverTextsSoon();
      },
    };
  }

  /** Sends an event's alert in a transaction of its own (the day's pass; `tell`). */
  async function notify(event: NotificationEvent): Promise<NotifyOutcome> {
    const alert = await prepare(event);
    // Nothing to write: no transaction.
    if (!alert.sends) return alert.queue(db);
    const outcome = await db.transaction().execute((trx) => alert.queue(trx));
    alert.deliverSoon();
    return outcome;
  }

  /** The time-passing events of one loan with alerts on, as of the core's open day. */
  async function eventsOfLoan(
    institutionId: number,
    chosen: ChosenAccountAlerts,
    today: CalendarDate,
  ): Promise<NotificationEvent[]> {
    const borrower = await deps.borrowers.findBorrowerById(institutionId, chosen.userId);
    if (!borrower) return [];
    const customer: CustomerRef = { institutionId, customerId: borrower.customer_id };
    const { alerts, userId, accountNumber: loanNumber } = chosen;
    // The core answers for the user's customer only: a loan no longer theirs is undefined.
    const info = await core.loanInformation(customer, loanNumber, today);
    if (!info || isClosedComment(info.account.comment)) return [];
    const base = { institutionId, userId, loanNumber };
    const events: NotificationEvent[] = [];
    const dueDate = info.nextDueDate;
    if (dueDate) {
      for (const alert of dueDateAlertsDue(alerts.EmailAlerts, dueDate, today)) {
        events.push({
          ...base,
          kind: 'paymentDue',
          dueDate,
          alert: alert.alert,
          before: alert.before,
          amountCents: info.totalAmountDueCents,
          chosen: { email: true, text: false },
        });
      }
      const delinquent = {
        email: alerts.EmailAlerts.AlertLoanDelinquent,
        text: alerts.TextAlerts.AlertLoanDelinquent,
      };
      if (info.account.pastDue && (delinquent.email || delinquent.text)) {
        events.push({
          ...base,
          kind: 'pastDue',
          dueDate,
          amountCents: info.totalAmountDueCents,
          chosen: delinquent,
        });
      }
    }
    const statementChosen = {
      email: alerts.EmailAlerts.EstatementAlert,
      text: alerts.TextAlerts.EstatementAlert,
    };
    if (statementChosen.email || statementChosen.text) {
      const since = addDays(today, -STATEMENT_ALERT_WINDOW_DAYS);
      const years = [...new Set([Number(since.slice(0, 4)), Number(today.slice(0, 4))])];
      for (const year of years) {
        for (const statement of (await core.statements(customer, loanNumber, year)) ?? []) {
          if (statement.date < since || statement.date >= today) continue;
          events.push({
            ...base,
            kind: 'statementReady',
            statementId: statement.id,
            statementDate: statement.date,
            chosen: statementChosen,
          });
        }
      }
    }
    return events;
  }

  /**
   * The day's pass of one institution: every loan with an alert on, as of the day after the
   * core's last closed day. Returns how many alerts it sent (those sent before are skipped).
   */
  async function runDay(institutionId: number): Promise<number> {
    const lastClosed = await deps.lastClosedDay(institutionId);
    if (lastClosed === undefined) return 0;
    const today = addDays(lastClosed, 1);
    let sent = 0;
    for (const chosen of await deps.accountAlerts.chosen(institutionId)) {
      for (const event of await eventsOfLoan(institutionId, chosen, today)) {
        const key = { userId: event.userId, kind: event.kind, eventKey: eventKeyOf(event) };
        // A cheap read first: most days most loans' alerts were sent already.
        if (await notificationSent(db, key)) continue;
        if ((await notify(event)) === 'sent') sent += 1;
      }
    }
    return sent;
  }

  const dayQueue: QueueDefinition<{ institutionId: number }> = {
    name: NOTIFICATIONS_DAY_QUEUE,
    // A large institution's pass asks the core about each loan with alerts.
    leaseMs: 10 * 60_000,
    maxAttempts: 5,
    async handler({ job, stillMine }) {
      const { institutionId } = job.payload;
      if (typeof institutionId === 'number' && (await stillMine())) await runDay(institutionId);
    },
  };

  const tell: TellNotification = async (event) => {
    try {
      await notify(event);
    } catch (error) {
      deps.onError?.(error, event);
    }
  };

  const prepareTell: PrepareNotification = async (event) => {
    try {
      return await prepare(event);
    } catch (error) {
      deps.onError?.(error, event);
      return nothingToQueue('notChosen');
    }
  };

  return {
    notify,
    tell,
    prepareTell,
    runDay,
    queue: dayQueue,
    /**
     * The end of day closed an institution's days up to `lastClosed`: queues the day's pass,
     * once per institution and open day (the job's key), and asks for it soon.
     */
    async afterEndOfDay(institutionId: number, lastClosed: CalendarDate): Promise<void> {
      const jobs = deps.jobs();
      const open = addDays(lastClosed, 1);
      const queued = await jobs.enqueue(
        NOTIFICATIONS_DAY_QUEUE,
        { institutionId },
        { key: `${institutionId}|${open}` },
      );
      if (queued) jobs.nudge(NOTIFICATIONS_DAY_QUEUE);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
