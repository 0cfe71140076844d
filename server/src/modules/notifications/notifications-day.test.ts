import {
  addDays,
  addMonths,
  DEFAULT_ALERTS,
  formatLongDate,
  ProfileDataResponse,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, mailTo } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { NOTIFICATIONS_DAY_QUEUE } from './notifications.service';

/** Jordan's loans at Harbor: the home equity loan is current, the auto loan two installments late. */
const HOME_EQUITY = '001-100235-2';
const AUTO_LOAN = '001-100234-1';
const LINE_OF_CREDIT = '001-300120-7';
const JORDAN_EMAIL = 'jordan.rivers@example.test';

describe.each(testDatabases())('the alerts of time passing on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let institutionId: number;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    institutionId = await institutionIdOf(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function saveAlerts(
    accountNumber: string,
    email: Partial<typeof DEFAULT_ALERTS.EmailAlerts>,
    text: Partial<typeof DEFAULT_ALERTS.TextAlerts> = {},
  ) {
    // The clock moved since the last sign-in: a new session.
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/AccountAlerts',
      headers: { ...PORTAL_WRITE_HEADERS, cookie: jordan.cookie },
      payload: {
        AccountNumber: accountNumber,
        TextAlerts: { ...DEFAULT_ALERTS.TextAlerts, ...text },
        EmailAlerts: { ...DEFAULT_ALERTS.EmailAlerts, ...email },
      },
    });
    expect(response.json()).toMatchObject({ HasNoErrors: true });
  }

  async function loanOf(number: string) {
    const [holder] = await test.app.services.core.findAccountHolders(institutionId, number, false);
    if (!holder) throw new Error(`No holder of ${number}`);
    const today = addDays((await test.app.services.coreDays.lastClosedDay(institutionId)) ?? '', 1);
    const info = await test.app.services.core.loanInformation(
      { institutionId, customerId: holder.customerId },
      number,
      today,
    );
    if (!info?.nextDueDate) throw new Error(`No due date on ${number}`);
    return { ...info, nextDueDate: info.nextDueDate, customerId: holder.customerId };
  }

  /** The alerts e-mailed to Jordan whose subject matches. */
  async function alertsTo(subject: RegExp) {
    return (await mailTo(test, JORDAN_EMAIL)).filter((message) => subject.test(message.subject));
  }

  /** Moves the clock to 15:00 UTC of a day, then runs the end of day and the jobs it queued. */
  async function passTo(day: string) {
    test.clock.set(`${day}T15:00:00.000Z`);
    await test.app.services.endOfDay.runOnce();
    await test.app.services.jobs.runOnce(NOTIFICATIONS_DAY_QUEUE);
  }

  it('tells a loan past due at the end of day once, however often the day is run', async () => {
    await saveAlerts(AUTO_LOAN, { AlertLoanDelinquent: true });
    await passTo('2025-03-14');
    const auto = await loanOf(AUTO_LOAN);
    expect(auto.account.pastDue).toBe(true);
    // The job ran once; a second run of the day's pass, and of the job, send nothing more.
    expect(await test.app.services.notifications.runDay(institutionId)).toBe(0);
    await test.app.services.jobs.runOnce(NOTIFICATIONS_DAY_QUEUE);
    const notices = await alertsTo(/is past due/);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice?.subject).toBe('Harbor Community Bank: your loan ****2341 is past due');
    expect(notice?.body).toContain(
      `The payment on loan ****2341 that was due on ${formatLongDate(auto.nextDueDate)} has not been received`,
    );
    expect(notice?.body).not.toContain(AUTO_LOAN);
    expect(notice?.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('sends a due-date alert on its day, once, and none for an alert that is off', async () => {
    const home = await loanOf(HOME_EQUITY);
    expect(home.account.pastDue).toBe(false);
    const dueDate = home.nextDueDate;
    await saveAlerts(HOME_EQUITY, {
      AlertLoanDueDate1: true,
      AlertLoanDueDate1Before: true,
      AlertLoanDueDate1Days: '3',
    });
    // Days set but the alert off: nothing, ever.
    await saveAlerts(LINE_OF_CREDIT, {
      AlertLoanDueDate1: false,
      AlertLoanDueDate1Days: '3',
      AlertLoanDelinquent: false,
    });
    const subject = new RegExp(`your payment is due ${formatLongDate(dueDate)}`);

    // The day before the alert's day: nothing yet.
    await passTo(addDays(dueDate, -4));
    expect(await alertsTo(subject)).toHaveLength(0);

    await passTo(addDays(dueDate, -3));
    await test.app.services.notifications.runDay(institutionId);
    await passTo(addDays(dueDate, -2));
    const reminders = await alertsTo(/your payment is due/);
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder?.subject).toBe(
      `Harbor Community Bank: your payment is due ${formatLongDate(dueDate)}`,
    );
    expect(reminder?.body).toContain(`on loan ****2352 is due on ${formatLongDate(dueDate)}`);
    expect(reminder?.body).toMatch(/Your payment of \$[\d,]+\.\d{2} on loan/);
    // The line of credit's alert is off: nothing about it.
    expect((await mailTo(test, JORDAN_EMAIL)).some((m) => m.body.includes('****1207'))).toBe(false);
  });

  it('sends nothing while all alerts are turned off on the profile, and tells it once they are on', async () => {
    await saveAlerts(HOME_EQUITY, { AlertLoanDelinquent: true });
    const home = await loanOf(HOME_EQUITY);
    const turnOffAll = async (TurnOffAllAlerts: boolean) => {
      const signedIn = await signIn(test.app, { username: 'jordan.rivers' });
      const profile = await test.app.inject({
        method: 'GET',
        url: '/api/Profile',
        headers: { cookie: signedIn.cookie },
      });
      const sequence = ProfileDataResponse.parse(profile.json()).UserAlertsInfo?.sequenceNumber;
      const saved = await test.app.inject({
        method: 'POST',
        url: '/api/Profile/UpdateNotifications',
        headers: { ...PORTAL_WRITE_HEADERS, cookie: signedIn.cookie },
        payload: { SequenceNumber: sequence, TurnOffAllAlerts, AlertsAreDirty: true },
      });
      expect(saved.json()).toMatchObject({ HasNoErrors: true });
    };
    await turnOffAll(true);
    // The home equity loan's installment passes unpaid.
    await passTo(addDays(home.nextDueDate, 2));
    expect((await loanOf(HOME_EQUITY)).account.pastDue).toBe(true);
    expect(await alertsTo(/loan \*\*\*\*2352 is past due/)).toHaveLength(0);

    await turnOffAll(false);
    expect(await test.app.services.notifications.runDay(institutionId)).toBe(1);
    expect(await test.app.services.notifications.runDay(institutionId)).toBe(0);
    const notices = await alertsTo(/loan \*\*\*\*2352 is past due/);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(`was due on ${formatLongDate(home.nextDueDate)}`);
  });
  it('tells a statement once when the end of day publishes it, and none of a loan whose alert is off', async () => {
    await saveAlerts(HOME_EQUITY, { EstatementAlert: true });
    // The auto loan's statements come too, but its statement alert is off (another alert on, so
    // the day's pass does look at the loan).
    await saveAlerts(AUTO_LOAN, { AlertLoanDelinquent: true, EstatementAlert: false });
    const home = await loanOf(HOME_EQUITY);
    // Statements are dated 15 days before the due dates: pass the next one.
    const closeThrough = addDays(addMonths(home.nextDueDate, 1), -15);
    await passTo(addDays(closeThrough, 2));
    await test.app.services.notifications.runDay(institutionId);
    const year = Number(closeThrough.slice(0, 4));
    const statements =
      (await test.app.services.core.statements(
        { institutionId, customerId: home.customerId },
        HOME_EQUITY,
        year,
      )) ?? [];
    const newest = statements[0];
    if (!newest) throw new Error('No statement was written');
    const notices = await alertsTo(/your statement is ready/);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toBe(
      `The statement of ${formatLongDate(newest.date)} for loan ****2352 is ready. Sign in to your online account to view it.`,
    );
    const autoHolder = await loanOf(AUTO_LOAN);
    const autoStatements =
      (await test.app.services.core.statements(
        { institutionId, customerId: autoHolder.customerId },
        AUTO_LOAN,
        year,
      )) ?? [];
    expect(autoStatements.some((statement) => statement.date > addDays(closeThrough, -40))).toBe(
      true,
    );
    expect(notices.some((notice) => notice.body.includes('****2341'))).toBe(false);
    expect(await test.app.services.notifications.runDay(institutionId)).toBe(0);
    expect(await alertsTo(/your statement is ready/)).toHaveLength(1);
  });
});
