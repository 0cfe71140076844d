import {
  formatLongDate,
  formatUsd,
  ProfileDataResponse,
  type SavedPaymentMethod,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import {
  addCard,
  call,
  type Caller,
  DECLINED_VISA,
  HOME_EQUITY,
  paymentBody,
  paymentInfo,
  submit,
  VISA,
} from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';

/**
 * The payment alerts of issue 21 ("Must show"): each made by the real event through the API and
 * the posting job (scheduled, posted, failed, recurring set up and cancelled), found exactly once
 * by e-mail or by text on the demo phone, none while the alert is off, and still one when the
 * job and the deliveries run again. Wording: the settings' defaults (emailTexts.*,
 * textingTexts.*AlertText), dates in words, the loan's number masked.
 */

const JORDAN_EMAIL = 'jordan.rivers@example.test';
/** jordan.rivers' phone on file (demo-users.ts), as the outbox keeps it. */
const JORDAN_PHONE = '+12075550134';
const MASKED_HOME_EQUITY = '****2352';
const TEXTING_AGREEMENT_HOST_NUM = 11339;
const AGREEMENTS = [
  '/cdn/harbor/agreements/online-banking-agreement.html|2025-01-02|Online Banking Agreement|login-registration',
  '/cdn/harbor/agreements/esign-disclosure.html|2025-01-02|E-Sign Disclosure|estatements',
  '/cdn/harbor/agreements/texting-terms.html|2025-01-02|Texting Terms|texting',
].join('\n');

describe.each(testDatabases())('the payment alerts on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: Caller;
  let institutionId: number;
  let card: SavedPaymentMethod;
  let declining: SavedPaymentMethod;
  let keyCounter = 0;
  const nextKey = () => `alert-key-${String((keyCounter += 1)).padStart(6, '0')}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { demoMode: true });
    institutionId = await institutionIdOf(test);
    await publishSettingsChange(test.app, 'localhost', {
      shared: {
        notificationOptions: { allowTextMessagesOption: 'true' },
        // The loans fall behind as the test's days pass; scheduling stays open.
        paymentSchedulingOptions: {
          blockSchedulingWhenPastDueOption: 'false',
          allowSchedulingWhenDelinquentOption: 'true',
          // Each test schedules its own payments beside those still waiting.
          maxScheduledPaymentsAllowed: '10',
        },
      },
      english: { agreementTexts: { agreementSetup: AGREEMENTS } },
    });
    jordan = { app: test.app, who: await signIn(test.app, { username: 'jordan.rivers' }) };
    card = await addCard(jordan, HOME_EQUITY, VISA);
    // Tokenizes, then every charge is declined (the built-in card processor).
    declining = await addCard(jordan, HOME_EQUITY, DECLINED_VISA);
    // Jordan's phone on file opted in to texting on the profile (the text alerts need it) ...
    const optedIn = await call(jordan, 'POST', '/api/Profile/UpdatePersonalInfo', {
      Address: null,
      PhoneNumbers: [{ PhoneNumber: '207-555-0134', OptInToTexting: true, Primary: true }],
    });
    expect(optedIn.json()).toMatchObject({ HasNoErrors: true });
    // ... and subscribed to account texts through the texting agreement.
    const agreed = await call(jordan, 'POST', '/api/AgreementLogging', {
      Agreements: [TEXTING_AGREEMENT_HOST_NUM],
      UserName: 'jordan.rivers',
    });
    expect(agreed.json()).toMatchObject({ HasNoErrors: true });
    const subscribed = await call(jordan, 'POST', '/api/SolutionsByText/ModifySubscriptions', {
      PhoneNumber: '207-555-0134',
      Options: [{ BrandingId: 1, OptInAccount: true }],
    });
    expect(subscribed.json()).toEqual({ HasNoErrors: true, Errors: [] });
  });
  afterAll(async () => {
    await test?.close();
  });

  /**
   * Saves "A payment is made online" (moneyTransOnWeb) by e-mail and by text, and "Opt out of
   * transactional messages" by e-mail (off unless asked).
   */
  async function choosePaymentAlert(on: {
    email: boolean;
    text: boolean;
    emailTransactionalOptOut?: boolean;
  }) {
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    const { cookie } = jordan.who;
    const profile = ProfileDataResponse.parse(
      (await test.app.inject({ method: 'GET', url: '/api/Profile', headers: { cookie } })).json(),
    );
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/Profile/UpdateNotifications',
      headers: { ...PORTAL_WRITE_HEADERS, cookie },
      payload: {
        SequenceNumber: profile.UserAlertsInfo?.sequenceNumber ?? 0,
        TurnOffAllAlerts: false,
        AlertsAreDirty: true,
        EmailAlerts: {
          MoneyTransOnWeb: on.email,
          OptOutTransactionalAlerts: on.emailTransactionalOptOut ?? false,
        },
        TextAlerts: { MoneyTransOnWeb: on.text },
      },
    });
    expect(saved.json()).toMatchObject({ HasNoErrors: true });
  }

  /** E-mails delivered to Jordan (the delivery run twice: a second run sends nothing). */
  async function mailOf(predicate: (mail: { subject: string; body: string }) => boolean) {
    await test.app.services.outbox.runOnce();
    await test.app.services.outbox.runOnce();
    const delivered = await test.app.services.mail.delivered({ institutionId, to: JORDAN_EMAIL });
    return delivered.filter(predicate);
  }

  /** The texts on Jordan's demo phone (the SMS delivery swept twice), read as the page does. */
  async function textsOf(predicate: (body: string) => boolean) {
    await test.app.services.smsOutbox.runOnce();
    await test.app.services.smsOutbox.runOnce();
    const response = await test.app.inject({
      method: 'GET',
      url: `/demo/phone.json?number=${encodeURIComponent(JORDAN_PHONE)}`,
    });
    expect(response.statusCode).toBe(200);
    const { texts } = response.json() as { texts: { direction: string; body: string }[] };
    return texts.filter((text) => text.direction === 'out' && predicate(text.body));
  }

  /** 10:00 in New York on a day: the core's end of day, then the posting job. */
  async function dayAt(date: string) {
    test.clock.set(`${date}T14:00:00.000Z`);
    jordan.who = await signIn(test.app, { username: 'jordan.rivers' });
    await test.app.services.endOfDay.runOnce();
    await test.app.services.paymentPosting.runOnce();
  }

  async function schedule(method: SavedPaymentMethod, date: string, amount: number) {
    const key = nextKey();
    const answered = await submit(
      jordan,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method, date, amount }),
      key,
    );
    expect(answered.body.Errors).toEqual([]);
    return { key, confirmation: answered.body.ReferenceNumber ?? '' };
  }

  it('tells a scheduled payment once by e-mail and text, and nothing while the alert is off', async () => {
    await choosePaymentAlert({ email: true, text: true });
    const { key, confirmation } = await schedule(card, '2025-03-17', 61.25);
    expect(confirmation).not.toBe('');
    // The same request again (a retry with its idempotency key): still one alert.
    const again = await submit(
      jordan,
      'scheduledCard',
      paymentBody({ loan: HOME_EQUITY, method: card, date: '2025-03-17', amount: 61.25 }),
      key,
    );
    expect(again.body.ReferenceNumber).toBe(confirmation);

    const notices = await mailOf((mail) => /your payment is scheduled/.test(mail.subject));
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice?.subject).toBe('Harbor Community Bank: your payment is scheduled');
    expect(notice?.body).toBe(
      `A payment of $61.25 on loan ${MASKED_HOME_EQUITY} is scheduled for March 17, 2025.\n\n` +
        `Paid with: Visa ending in 4242\nConfirmation number: ${confirmation}\n\n` +
        'You can cancel it until then when you sign in to your online account.',
    );
    expect(notice?.body).not.toContain(HOME_EQUITY);
    expect(notice?.body).not.toContain(VISA);
    const texts = await textsOf((body) => /is scheduled for/.test(body));
    expect(texts.map((text) => text.body)).toEqual([
      `Harbor Community Bank: a payment of $61.25 on loan ${MASKED_HOME_EQUITY} is scheduled for March 17, 2025.`,
    ]);

    // Off by both channels: another payment is scheduled and nothing more is told.
    await choosePaymentAlert({ email: false, text: false });
    await schedule(card, '2025-03-18', 12.5);
    expect(await mailOf((mail) => /your payment is scheduled/.test(mail.subject))).toHaveLength(1);
    expect(await textsOf((body) => /is scheduled for/.test(body))).toHaveLength(1);
    expect((await mailOf((mail) => mail.body.includes('$12.50'))).length).toBe(0);
  });

  it('tells a scheduled payment by text only while e-mail is opted out of transactional messages', async () => {
    await choosePaymentAlert({ email: true, text: true, emailTransactionalOptOut: true });
    await schedule(card, '2025-03-19', 23.75);
    expect(await mailOf((mail) => mail.body.includes('$23.75'))).toHaveLength(0);
    expect(await textsOf((body) => body.includes('$23.75'))).toHaveLength(1);
    await choosePaymentAlert({ email: true, text: true });
  });

  it('texts a posted payment once beside its receipt, and only the receipt while the text is off', async () => {
    await choosePaymentAlert({ email: true, text: true });
    const on = await schedule(card, '2025-03-19', 73.4);
    await dayAt('2025-03-19');
    // The job again, the same day: nothing posts twice, nothing is told twice.
    await test.app.services.paymentPosting.runOnce();
    await dayAt('2025-03-19');

    // The payment's e-mails: its scheduling alert, then the receipt, which is the posted
    // payment's only e-mail (moneyTransOnWeb adds no second one).
    const SCHEDULED = 'Harbor Community Bank: your payment is scheduled';
    const mails = await mailOf((mail) => mail.body.includes(on.confirmation));
    const receiptSubject = `Payment received: ${on.confirmation}`;
    expect(mails.map((mail) => mail.subject).sort()).toEqual([SCHEDULED, receiptSubject].sort());
    const receipt = mails.find((mail) => mail.subject === receiptSubject);
    expect(receipt?.body).toContain('Total: $73.40');
    expect(receipt?.body).not.toContain(VISA);
    const posted = await textsOf((body) => body.includes('$73.40') && /was received/.test(body));
    expect(posted.map((text) => text.body)).toEqual([
      `Harbor Community Bank: your payment of $73.40 on loan ${MASKED_HOME_EQUITY} dated March 19, 2025 was received. Thank you.`,
    ]);

    // The text alert off: the receipt still comes (a record of money moved), no text.
    await choosePaymentAlert({ email: true, text: false });
    const off = await schedule(card, '2025-03-20', 18.05);
    await dayAt('2025-03-20');
    await dayAt('2025-03-20');
    expect(
      (await mailOf((mail) => mail.body.includes(off.confirmation)))
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([SCHEDULED, `Payment received: ${off.confirmation}`].sort());
    expect(await textsOf((body) => /was received/.test(body) && body.includes('$18.05'))).toEqual(
      [],
    );
    // Nor was its scheduling texted (the alert was off by text when it was scheduled).
    expect(
      await textsOf((body) => /is scheduled for/.test(body) && body.includes('$18.05')),
    ).toEqual([]);
  });

  it('tells a scheduled payment declined at posting once by text beside its notice, none while off', async () => {
    await choosePaymentAlert({ email: false, text: true });
    await schedule(declining, '2025-03-21', 44.1);
    await dayAt('2025-03-21');
    await test.app.services.paymentPosting.runOnce();
    await dayAt('2025-03-21');

    const failedSubject = 'Harbor Community Bank: your payment could not be made';
    const notices = await mailOf(
      (mail) => mail.subject === failedSubject && mail.body.includes('$44.10'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('Reason: Your card was declined.');
    expect(notices[0]?.body).not.toContain(DECLINED_VISA);
    const failed = await textsOf((body) => body.includes('could not be made'));
    expect(failed.map((text) => text.body)).toEqual([
      `Harbor Community Bank: the payment of $44.10 on loan ${MASKED_HOME_EQUITY} for March 21, 2025 could not be made.`,
    ]);

    // The text alert off: the notice is e-mailed all the same, no text.
    await choosePaymentAlert({ email: false, text: false });
    await schedule(declining, '2025-03-24', 9.95);
    await dayAt('2025-03-24');
    await dayAt('2025-03-24');
    expect(
      await mailOf((mail) => mail.subject === failedSubject && mail.body.includes('$9.95')),
    ).toHaveLength(1);
    expect(await textsOf((body) => body.includes('could not be made'))).toHaveLength(1);
  });

  it('tells a recurring payment set up and cancelled once each, and nothing while the alert is off', async () => {
    await choosePaymentAlert({ email: true, text: true });
    const setUpSubject = 'Harbor Community Bank: your recurring payment is set up';
    const cancelledSubject = 'Harbor Community Bank: your recurring payment was cancelled';
    const recurring = (date: string, amount: number, key = nextKey()) =>
      submit(
        jordan,
        'recurringCard',
        paymentBody({
          loan: HOME_EQUITY,
          method: card,
          date,
          amount,
          recurring: { RecurringOption: 'Weekly', DaysBeforeDue: 0 },
        }),
        key,
      );
    const cancel = async () => {
      const info = await paymentInfo(jordan, HOME_EQUITY);
      if (!info.body.HasNoErrors || !info.body.RecurringPayment) throw new Error('no recurring');
      const deleted = await call(jordan, 'POST', '/api/PaymentRecurring/DeleteCard', {
        Token: '',
        Payment: {
          EncryptedString: info.body.RecurringPayment.EncryptedData,
          LoanAccountNumber: HOME_EQUITY,
        },
      });
      expect(deleted.json()).toEqual({ HasNoErrors: true, Errors: [], Token: '' });
    };

    const key = nextKey();
    const answered = await recurring('2025-03-27', 55, key);
    expect(answered.body.Errors).toEqual([]);
    const confirmation = answered.body.ReferenceNumber ?? '';
    // A retry of the same request: one recurring payment, one alert.
    await recurring('2025-03-27', 55, key);
    const setUp = await mailOf((mail) => mail.subject === setUpSubject);
    expect(setUp).toHaveLength(1);
    expect(setUp[0]?.body).toMatch(
      new RegExp(
        `^Recurring payments of \\$55\\.00 on loan \\*\\*\\*\\*2352 are set up \\(.+\\), starting March 27, 2025\\.\n\nPaid with: Visa ending in 4242\nConfirmation number: ${confirmation}$`,
      ),
    );
    expect(await textsOf((body) => /recurring payments of \$55\.00/.test(body))).toHaveLength(1);
    const [setUpText] = await textsOf((body) => /recurring payments of \$55\.00/.test(body));
    expect(setUpText?.body).toMatch(
      /^Harbor Community Bank: recurring payments of \$55\.00 on loan \*\*\*\*2352 start March 27, 2025 \(.+\)\.$/,
    );

    const cancelledOn = formatLongDate('2025-03-24');
    await cancel();
    const cancelled = await mailOf((mail) => mail.subject === cancelledSubject);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.body).toBe(
      `The recurring payment of $55.00 on loan ${MASKED_HOME_EQUITY} (confirmation number ${confirmation}) was cancelled on ${cancelledOn}. No more payments will be made from it.`,
    );
    expect(await textsOf((body) => /was cancelled on/.test(body))).toEqual([
      expect.objectContaining({
        body: `Harbor Community Bank: the recurring payment of $55.00 on loan ${MASKED_HOME_EQUITY} was cancelled on ${cancelledOn}.`,
      }),
    ]);

    // Off: a second recurring payment set up and cancelled tells nothing.
    await choosePaymentAlert({ email: false, text: false });
    const quiet = await recurring('2025-03-28', 21);
    expect(quiet.body.Errors).toEqual([]);
    await cancel();
    expect(await mailOf((mail) => mail.subject === setUpSubject)).toHaveLength(1);
    expect(await mailOf((mail) => mail.subject === cancelledSubject)).toHaveLength(1);
    expect(await textsOf((body) => body.includes(formatUsd(2100)))).toEqual([]);
  });
});
