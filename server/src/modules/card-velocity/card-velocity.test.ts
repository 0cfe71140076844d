import { AccountListResponse, accountCategory, AddPaymentMethodResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { HOME_EQUITY, paymentBody, VISA } from '../../testing/payment-test-kit';
import { publishSettingsChange } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { CARD_ATTEMPT_PATHS, cardAttemptOutcome } from './card-velocity.routes';
import {
  ADDRESS_MOST_WAIT_MS,
  ADDRESS_TURN_MS,
  type CardAttempt,
  createCardVelocityService,
} from './card-velocity.service';

const HOUR = 60 * 60_000;

/** A Luhn-valid Visa test number that is none of the processor's known cards: a "stolen" one. */
function randomCardNumber(seed: number): string {
  const body = `4${String(100_000_000_000_00 + seed * 7919)
    .padStart(14, '0')
    .slice(0, 14)}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit *= 2;
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe.each(testDatabases())('the card testing guard on $name', (testDatabase) => {
  let test: TestApp;
  let institutionId: number;
  let address = 0;
  const freshAddress = () => `203.0.113.${(address += 1)}`;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    institutionId = (await test.app.services.institutions.resolveHost('localhost'))?.id ?? 0;
    // Small limits, so each one is reached in a few calls: 4 per session and 6 per user in an
    // hour; from 9 an hour from one address its attempts are slowed, past 36 refused; 3
    // declines in a row pause the user for 30 minutes.
    await publishSettingsChange(test.app, 'localhost', {
      shared: {
        securityPolicyOptions: {
          cardAttemptsPerHourPerSession: '4',
          cardAttemptsPerHourPerUser: '6',
          cardAttemptsPerHourPerIp: '9',
          cardDeclinesBeforePause: '3',
          cardDeclinePauseMinutes: '30',
        },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  /** Starts at an hour boundary, so the fixed hourly windows are whole. */
  const nextHour = () => {
    test.clock.advance(2 * HOUR - (test.clock.now().getTime() % HOUR));
  };

  const loans = new Map<string, string>();
  /** The first loan of the signed-in user (the card is added for it). */
  async function loanOf(who: SignedIn): Promise<string> {
    const known = loans.get(who.cookie);
    if (known) return known;
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/accountList',
      headers: { cookie: who.cookie },
    });
    const loan = AccountListResponse.parse(listed.json()).Accounts.find((account) =>
      ['loan', 'lineOfCredit'].includes(accountCategory(account.Type) ?? ''),
    )?.Number;
    if (!loan) throw new Error(`no loan: ${listed.body}`);
    loans.set(who.cookie, loan);
    return loan;
  }

  const addCard = async (who: SignedIn, number: string, from: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/PaymentMethod/AddCardPaymentMethod',
      remoteAddress: from,
      headers: { ...PORTAL_WRITE_HEADERS, cookie: who.cookie },
      payload: {
        BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
        CardHolderFirstName: 'Jordan',
        CardHolderLastName: 'Rivers',
        CardNumber: number,
        ExpirationDate: '12/29',
        SecurityCode: '739',
        CardType: 'visa',
        DebitCreditType: 'CreditCard',
        LoanAccountNumber: await loanOf(who),
        SavePaymentProfile: false,
      },
    });
  const errorOf = (answer: { json(): { Errors?: { ErrorMessage: string }[] } }) =>
    answer.json().Errors?.[0]?.ErrorMessage ?? 'ok';

  async function pauses(): Promise<string[]> {
    const page = await test.app.services.auditLog.list(institutionId, { limit: 200 });
    return page.entries
      .filter((entry) => entry.action === 'payments.cardPaused')
      .map((entry) => `${entry.staff}: ${entry.comment ?? ''}`);
  }

  it('stops a run of stolen card numbers after a few declines, before the processor sees the rest', async () => {
    nextHour();
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const from = freshAddress();
    const before = (await pauses()).length;
    const answers = [];
    for (let index = 0; index < 60; index += 1) {
      const answer = await addCard(jordan, randomCardNumber(index), from);
      answers.push(`${answer.statusCode} ${errorOf(answer)}`);
    }
    // The processor declines three unknown numbers; the other 57 are refused without reaching
    // it, and without a word about the limit.
    expect(answers).toEqual([
      ...Array(3).fill('200 Declined'),
      ...Array(57).fill('429 CardAttemptsPaused'),
    ]);
    // Audited once, naming the user, the session and the address.
    const audited = (await pauses()).slice(0, (await pauses()).length - before);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatch(
      new RegExp(
        `^card testing guard: Card attempts paused for online user jordan\\.rivers \\(session \\d+, address ${from.replaceAll('.', '\\.')}\\): 3 declined cards in a row for the user\\.$`,
      ),
    );
  });

  it('limits card attempts per session, and audits the first one past the limit', async () => {
    nextHour();
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    const before = (await pauses()).length;
    const outcomes = [];
    for (let index = 0; index < 6; index += 1) {
      outcomes.push(errorOf(await addCard(casey, VISA, freshAddress())));
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'CardAttemptsPaused', 'CardAttemptsPaused']);
    const audited = await pauses();
    expect(audited.length - before).toBe(1);
    expect(audited[0]).toContain('more than 4 card attempts in an hour for the session');
  });

  it('counts per user across sign-ins: a new session does not start again', async () => {
    nextHour();
    const outcomes = [];
    for (let session = 0; session < 3; session += 1) {
      const pat = await signIn(test.app, { username: 'pat.lee' });
      for (let index = 0; index < 3; index += 1) {
        outcomes.push(errorOf(await addCard(pat, VISA, freshAddress())));
      }
    }
    // Six an hour for the user, whatever the sessions and addresses.
    expect(outcomes).toEqual([...Array(6).fill('ok'), ...Array(3).fill('CardAttemptsPaused')]);
    // The next hour counts again.
    nextHour();
    const pat = await signIn(test.app, { username: 'pat.lee' });
    expect(errorOf(await addCard(pat, VISA, freshAddress()))).toBe('ok');
  });

  it('pauses the user whose cards were declined, and no one else at the address', async () => {
    nextHour();
    const household = freshAddress();
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const before = (await pauses()).length;
    // Jordan tries a list of stolen numbers from the household's address: three declines pause
    // Jordan, and the other 57 are refused at Jordan's own pause.
    const tried = [];
    for (let index = 0; index < 60; index += 1) {
      tried.push(errorOf(await addCard(jordan, randomCardNumber(500 + index), household)));
    }
    expect(tried).toEqual([...Array(3).fill('Declined'), ...Array(57).fill('CardAttemptsPaused')]);
    // Even a good card of Jordan's, from another sign-in.
    const again = await signIn(test.app, { username: 'jordan.rivers' });
    expect(errorOf(await addCard(again, VISA, household))).toBe('CardAttemptsPaused');

    // Casey and Sky, at the same address, add cards as usual: Jordan's run counted three attempts
    // there (those that reached the processor), so these stay under its threshold of nine.
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    const sky = await signIn(test.app, { username: 'sky.bennett' });
    const others = [];
    for (const who of [casey, casey, casey, sky, sky]) {
      others.push(errorOf(await addCard(who, VISA, household)));
    }
    expect(others).toEqual(Array(5).fill('ok'));
    // A decline of Sky's starts Sky's own run: the address pauses no one.
    expect(errorOf(await addCard(sky, randomCardNumber(600), household))).toBe('Declined');

    // The audit log names Jordan's pause, once, and no one else's.
    const audited = (await pauses()).slice(0, (await pauses()).length - before);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toContain('online user jordan.rivers');
    expect(audited[0]).toContain(`address ${household}`);
    expect(audited[0]).toContain('3 declined cards in a row for the user');
  });

  describe('an address past its threshold', () => {
    /** The guard on the app's own database, throttle and audit log, waiting on the test clock. */
    function guard(wait: (ms: number) => Promise<void>) {
      return createCardVelocityService({
        db: test.database.db,
        throttle: test.app.services.throttle,
        auditLog: test.app.services.auditLog,
        settings: (id) => test.app.services.institutions.settings(id),
        wait,
      });
    }
    let session = 10_000;
    /** The id of an online user of an office (none of the seed's: the log names it by its id). */
    const officeUser = (user: number) =>
      `00000000-0000-4000-8000-${String(user).padStart(12, '0')}`;
    /** One attempt of a different user each time, from `ip` (an office behind one address). */
    const attemptFrom = (ip: string, user: number): CardAttempt => ({
      institutionId,
      userId: officeUser(user),
      sessionId: (session += 1),
      ip,
    });

    it('slows card attempts to one a turn, then refuses a very high volume until the hour ends', async () => {
      nextHour();
      const office = freshAddress();
      const waits: number[] = [];
      const velocity = guard(async (ms) => {
        waits.push(ms);
        test.clock.advance(ms);
      });
      const before = (await pauses()).length;
      const admittedAt: number[] = [];
      const outcomes: boolean[] = [];
      // Forty attempts of forty users (none near their own limits): threshold nine, limit 36.
      for (let user = 0; user < 40; user += 1) {
        const attempt = attemptFrom(office, user);
        const admitted = await velocity.admit(attempt);
        outcomes.push(admitted);
        if (admitted) {
          admittedAt.push(test.clock.now().getTime());
          await velocity.record(attempt, 'approved');
        }
      }
      expect(outcomes).toEqual([...Array(36).fill(true), ...Array(4).fill(false)]);
      // The first nine at once; from the tenth on, one every turn (the tenth takes the turn it
      // came in, each later one waits for the next).
      const start = admittedAt[0] ?? 0;
      expect(admittedAt.slice(0, 10).every((at) => at === start)).toBe(true);
      const turns = admittedAt.slice(9).map((at) => Math.floor(at / ADDRESS_TURN_MS));
      expect(new Set(turns).size).toBe(27);
      expect(waits).toHaveLength(26);
      expect(waits.every((ms) => ms > 0 && ms <= ADDRESS_TURN_MS)).toBe(true);
      // The refused ones did not wait.
      expect(test.clock.now().getTime()).toBe(admittedAt.at(-1));

      // Audited: when the slowing began and when the refusals began, naming the address.
      const audited = (await pauses()).slice(0, (await pauses()).length - before).reverse();
      expect(audited).toEqual([
        expect.stringContaining(
          `Card attempts from address ${office} slowed to one every 15 seconds (first: online user ${officeUser(9)}, session ${session - 30}): more than 9 card attempts in an hour from the address.`,
        ),
        expect.stringContaining(
          `Card attempts from address ${office} refused until the hour ends (first: online user ${officeUser(36)}, session ${session - 3}): more than 36 card attempts in an hour from the address.`,
        ),
      ]);

      // The next hour counts again.
      nextHour();
      expect(await velocity.admit(attemptFrom(office, 100))).toBe(true);
    });

    it('refuses a slowed attempt that gets no turn within the longest wait', async () => {
      nextHour();
      const office = freshAddress();
      const prompt = guard(async () => {
        throw new Error('no wait below the threshold or on the first slowed attempt');
      });
      for (let user = 0; user < 10; user += 1) {
        expect(await prompt.admit(attemptFrom(office, user))).toBe(true);
      }
      // A flood: every turn goes to another attempt while this one waits (the clock does not
      // bring this one a turn).
      const waits: number[] = [];
      const flooded = guard(async (ms) => {
        waits.push(ms);
      });
      expect(await flooded.admit(attemptFrom(office, 10))).toBe(false);
      expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(ADDRESS_MOST_WAIT_MS);
      expect(waits.length).toBeGreaterThan(0);
    });
  });

  it('pauses after declines in a row, refuses even a good card or a card payment until the pause ends', async () => {
    nextHour();
    // 40 minutes into the hour: the pause outlasts this hour's window, so only the pause refuses.
    test.clock.advance(40 * 60_000);
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    expect(errorOf(await addCard(jordan, randomCardNumber(300), freshAddress()))).toBe('Declined');
    expect(errorOf(await addCard(jordan, randomCardNumber(301), freshAddress()))).toBe('Declined');
    // An approval ends a run.
    const approved = await addCard(jordan, VISA, freshAddress());
    expect(errorOf(approved)).toBe('ok');
    const card = AddPaymentMethodResponse.parse(approved.json()).PaymentMethod;
    if (!card) throw new Error('no card');
    const second = await signIn(test.app, { username: 'jordan.rivers' });
    for (let index = 0; index < 3; index += 1) {
      expect(errorOf(await addCard(second, randomCardNumber(310 + index), freshAddress()))).toBe(
        'Declined',
      );
    }
    const third = await signIn(test.app, { username: 'jordan.rivers' });
    expect(errorOf(await addCard(third, VISA, freshAddress()))).toBe('CardAttemptsPaused');
    // A card payment is a card attempt too: refused before anything is charged.
    const paid = await test.app.inject({
      method: 'POST',
      url: '/api/PaymentImmediate/SubmitCard',
      remoteAddress: freshAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, cookie: third.cookie, 'idempotency-key': 'velocity-1' },
      payload: paymentBody({
        loan: HOME_EQUITY,
        method: card,
      }),
    });
    expect(paid.statusCode).toBe(429);
    expect(paid.json()).toMatchObject({ HasNoErrors: false, ReferenceNumber: '' });
    expect(errorOf(paid)).toBe('CardAttemptsPaused');
    // A bank account is no card attempt.
    const ach = await test.app.inject({
      method: 'POST',
      url: '/api/PaymentMethod/ValidateAchPaymentMethod',
      headers: { ...PORTAL_WRITE_HEADERS, cookie: third.cookie },
      payload: {
        AccountType: 'Checking',
        RoutingNumber: '011099990',
        AccountNumber: '90817263544',
        OwnerName: 'Jordan Rivers',
      },
    });
    expect(ach.statusCode).toBe(200);
    expect(errorOf(ach)).not.toBe('CardAttemptsPaused');

    test.clock.advance(29 * 60_000);
    const later = await signIn(test.app, { username: 'jordan.rivers' });
    expect(errorOf(await addCard(later, VISA, freshAddress()))).toBe('CardAttemptsPaused');
    test.clock.advance(60_000);
    expect(errorOf(await addCard(later, VISA, freshAddress()))).toBe('ok');
  });

  it('guards every card call and reads declines from their answers', () => {
    expect([...CARD_ATTEMPT_PATHS].sort()).toEqual([
      '/api/PaymentImmediate/SubmitCard',
      '/api/PaymentMethod/AddCardPaymentMethod',
      '/api/PaymentRecurring/SubmitCard',
      '/api/PaymentScheduled/SubmitCard',
    ]);
    const refused = (key: string) => ({ HasNoErrors: false, Errors: [{ ErrorMessage: key }] });
    expect(cardAttemptOutcome({ HasNoErrors: true, Errors: [] })).toBe('approved');
    for (const key of ['Declined', 'OverLimit', 'InvalidInfo', 'Expired'])
      expect(cardAttemptOutcome(refused(key))).toBe('declined');
    expect(cardAttemptOutcome(refused('PaymentDateWeekend'))).toBe('other');
    expect(cardAttemptOutcome('text')).toBe('other');
  });
});
