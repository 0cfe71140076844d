import {
  AccountListResponse,
  AchDraftPreviewResponse,
  AchDraftsResponse,
  AddPaymentMethodResponse,
  calendarDateIn,
  formatUsd,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { pdfText } from '../../testing/pdf-text';
import { publishSettingsChange } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import {
  ACH_DRAFT_AGREEMENT_RECORD,
  ACH_DRAFT_PREVIEW_MS,
  type AchDraftTerms,
  createAchDraftAuthorizations,
} from './ach-drafts.service';
import type { CoreTables } from '../../core/builtin/core.schema';

// Seeded at Harbor (branch 001) on 2025-03-14, America/New_York.
const AUTO_LOAN = '001-100234-1';
const HOME_EQUITY = '001-100235-2';
const NO_SUCH_LOAN = '001-999999-9';
const HARBOR_BANK = '011099990';
/** The saved account; its last four are 3544. */
const ACCOUNT_NUMBER = '90817263544';
/** A new (unsaved) account in a preview; its last four are 7731. */
const NEW_ACCOUNT_NUMBER = '55512347731';
const RECURRING_ACH_FEE_CENTS = 75;
const PREVIEW_PATH = '/api/AchDraftAgreement/PrepareAchDraftAgreementPreview';
const RENDER_PREVIEW_PATH = '/api/AchDraftAgreement/RenderACHDraftAgreementPreview';
const DRAFTS_PATH = '/api/AchDraftAgreement/GetACHDrafts';
const RENDER_PATH = '/api/AchDraftAgreement/RenderACHDraftAgreement';
const NOT_FOUND_BODY = { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] };
/** An id no authorization has. */
const UNKNOWN_ID = '0b8e4f8e-8f5c-4a4e-9d0c-2f1f1c7c9a11';

describe.each(testDatabases())('ACH draft agreements on $name', (testDatabase) => {
  let test: TestApp;
  /** As app.ts builds them: the test's clock, no branding folders (the PDF names the institution). */
  const drafts = () => createAchDraftAuthorizations({ clock: test.clock, cdnRoots: [] });
  let jordan: SignedIn;
  let pat: SignedIn;
  let patLoan: string;
  let patDeposit: string;
  let institutionId: number;
  let institutionName: string;
  let jordanId: string;
  let patId: string;
  let savedProfileId: string;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    test = await startTestApp(testDatabase, {
      logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
    });
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
    const institution = await test.app.services.institutions.resolveHost('localhost');
    if (!institution) throw new Error('No institution at localhost');
    institutionId = institution.id;
    institutionName = institution.name;
    const users = await test.database.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('institution_id', '=', institutionId)
      .where('username', 'in', ['jordan.rivers', 'pat.lee'])
      .execute();
    jordanId = users.find((user) => user.username === 'jordan.rivers')?.id ?? '';
    patId = users.find((user) => user.username === 'pat.lee')?.id ?? '';
    // The auto loan charges a first-party fee on each recurring ACH payment (the core's facts).
    await test.database.db
      .withTables<CoreTables>()
      .updateTable('core_accounts')
      .set({ recurring_ach_fee_cents: RECURRING_ACH_FEE_CENTS })
      .where('institution_id', '=', institutionId)
      .where('number', '=', AUTO_LOAN)
      .execute();
    const listed = AccountListResponse.parse((await get(pat, '/api/accountList')).json());
    patLoan = listed.Accounts.find((account) => account.Type === 9)?.Number ?? '';
    patDeposit = listed.Accounts.find((account) => account.Type === 1)?.Number ?? '';
    expect(patLoan).not.toBe('');
    expect(patDeposit).not.toBe('');
    const added = await post(jordan, '/api/PaymentMethod/AddAchPaymentMethod', {
      AccountType: 'Savings',
      RoutingNumber: HARBOR_BANK,
      AccountNumber: ACCOUNT_NUMBER,
      OwnerName: 'Jordan Rivers',
    });
    const method = AddPaymentMethodResponse.parse(added.json()).PaymentMethod;
    if (!method || method.IsCard) throw new Error(`No saved account: ${added.body}`);
    savedProfileId = method.AchInfo.ProfileId;
  });
  afterAll(async () => {
    await test?.close();
  });

  async function send(
    who: SignedIn | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ) {
    const response = await test.app.inject({
      method,
      url,
      headers: {
        ...(who ? { cookie: who.cookie } : {}),
        ...(method === 'GET' ? {} : PORTAL_WRITE_HEADERS),
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    answers.push(response.body);
    return response;
  }
  const get = (who: SignedIn | undefined, url: string) => send(who, 'GET', url);
  const post = (who: SignedIn, url: string, payload: unknown) => send(who, 'POST', url, payload);

  function previewBody(overrides: Record<string, unknown> = {}) {
    return {
      LoanAccountNumber: AUTO_LOAN,
      AchInfo: { AccountType: 'Savings', AccountNumber: '3544', ProfileId: savedProfileId },
      Amount: 512.34,
      AdditionalPrincipal: 25,
      LocalTimeOffset: 300,
      daysBeforeDue: 3,
      ...overrides,
    };
  }
  const previewUrl = (token: string) => `${RENDER_PREVIEW_PATH}?token=${encodeURIComponent(token)}`;
  /** A preview's token, opened by its user as the portal's link does (unless `open` is false). */
  async function prepare(
    who: SignedIn,
    overrides: Record<string, unknown> = {},
    { open = true }: { open?: boolean } = {},
  ) {
    const response = await post(who, PREVIEW_PATH, previewBody(overrides));
    expect(response.statusCode).toBe(200);
    const body = AchDraftPreviewResponse.parse(response.json());
    expect(body.HasNoErrors).toBe(true);
    expect(body.PassableToken).not.toBe('');
    if (open) expect((await get(who, previewUrl(body.PassableToken))).statusCode).toBe(200);
    return body.PassableToken;
  }
  async function passableToken(who: SignedIn) {
    const response = await get(who, '/api/PassableToken/GetPassableToken');
    expect(response.statusCode).toBe(200);
    return response.body;
  }
  async function previewCount() {
    const row = await test.database.db
      .selectFrom('ach_draft_previews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  /** The recurring ACH fees the real core and settings charge on the auto loan. */
  async function recurringFirstPartyFee(): Promise<number> {
    const terms = await test.app.services.core.paymentTerms(
      { institutionId, customerId: await customerIdOf(jordanId) },
      AUTO_LOAN,
      calendarDateIn('America/New_York', test.clock.now()),
    );
    if (!terms) throw new Error('No payment terms for the auto loan');
    return terms.fees.recurringAchCents;
  }
  async function customerIdOf(userId: string) {
    const row = await test.database.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.customer_id;
  }
  const jordanCaller = () => ({ institutionId, userId: jordanId });
  const terms = (overrides: Partial<AchDraftTerms> = {}): AchDraftTerms => ({
    amountCents: 51_234,
    additionalPrincipalCents: 2_500,
    feesCents: 0,
    daysBeforeDue: 3,
    accountType: 'Savings',
    lastFour: '3544',
    recurringOption: null,
    firstDate: null,
    ...overrides,
  });

  it('previews a saved account: the terms under a token, the PDF with last four only', async () => {
    const firstParty = await recurringFirstPartyFee();
    expect(firstParty).toBe(RECURRING_ACH_FEE_CENTS);
    const token = await prepare(jordan, {}, { open: false });
    // The token is never stored, only its hash.
    const stored = await test.database.db.selectFrom('ach_draft_previews').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const rendered = await get(jordan, previewUrl(token));
    expect(
      await drafts().verifyPreviewToken(test.database.db, jordanCaller(), token, AUTO_LOAN),
    ).toEqual({
      amountCents: 51_234,
      additionalPrincipalCents: 2_500,
      feesCents: firstParty,
      daysBeforeDue: 3,
      // As saved, whatever the request says.
      accountType: 'Savings',
      lastFour: '3544',
      recurringOption: null,
      firstDate: null,
    });

    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['content-type']).toBe('application/pdf');
    expect(rendered.headers['cache-control']).toBe('no-store');
    const text = await pdfText(rendered.rawPayload);
    expect(text).toContain('PREVIEW');
    expect(text).toContain('Recurring ACH Authorization');
    expect(text).toContain(institutionName);
    expect(text).toContain('Jordan Rivers');
    expect(text).toContain(AUTO_LOAN);
    expect(text).toContain('Savings account ending in 3544');
    expect(text).toContain(formatUsd(51_234));
    expect(text).toContain(formatUsd(2_500));
    // Charged each payment: the amount plus the first- and third-party fees (not the principal).
    expect(text).toContain(formatUsd(51_234 + firstParty));
    expect(text).toContain('3 days before your loan is due');
    // The institution's time, naming its zone (not UTC, not the browser's offset): the test
    // clock is 15:00 UTC, 11:00 in New York (summer time from March 9).
    expect(text).toContain('03/14/2025 11:00 AM EDT');
    expect(text).not.toContain('UTC');
    // The institution's authorization wording.
    expect(text).toContain('you authorize us to draft the payment amount plus any fees');
    expect(text).not.toContain(ACCOUNT_NUMBER);
    // The address opens the PDF once (issue 20): a second GET, with the session or without it,
    // gets nothing; the token still stands for the submit.
    expect((await get(jordan, previewUrl(token))).json()).toEqual(NOT_FOUND_BODY);
    expect((await get(undefined, previewUrl(token))).json()).toEqual(NOT_FOUND_BODY);
    expect(
      await drafts().verifyPreviewToken(test.database.db, jordanCaller(), token, AUTO_LOAN),
    ).toBeDefined();
  });

  it("words the preview's schedule in the institution's days-before-due text", async () => {
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: { recurringPaymentTexts: { daysBeforeDueScheduleText: '{n} business days early' } },
    });
    try {
      const token = await prepare(jordan, { daysBeforeDue: 4 }, { open: false });
      const text = await pdfText((await get(jordan, previewUrl(token))).rawPayload);
      expect(text).toContain('4 business days early');
      expect(text).not.toContain('4 days before your loan is due');
    } finally {
      await restore();
    }
  });

  it('previews the schedule and first date it is given, as the authorization will state them', async () => {
    const token = await prepare(
      jordan,
      { daysBeforeDue: 0, RecurringOption: 'DayOfMonth', Date: '2025-03-20' },
      { open: false },
    );
    const text = await pdfText((await get(jordan, previewUrl(token))).rawPayload);
    expect(
      await drafts().verifyPreviewToken(test.database.db, jordanCaller(), token, AUTO_LOAN),
    ).toMatchObject({
      recurringOption: 'DayOfMonth',
      firstDate: '2025-03-20',
    });
    expect(text).toContain('Monthly on the 20th');
    expect(text).toContain('03/20/2025');
    expect(text).not.toContain('As chosen for this payment');
    // Days before due follows the loan's due date: no first date is previewed.
    const byDue = await prepare(jordan, {
      daysBeforeDue: 2,
      RecurringOption: 'DaysBeforeDue',
      Date: '2025-03-20',
    });
    expect(
      await drafts().verifyPreviewToken(test.database.db, jordanCaller(), byDue, AUTO_LOAN),
    ).toMatchObject({
      recurringOption: 'DaysBeforeDue',
      firstDate: null,
    });
  });

  it("words a line of credit's total due, sent as 0, instead of $0.00", async () => {
    const token = await prepare(
      jordan,
      {
        LoanAccountNumber: '001-300120-7',
        Amount: 0,
        AdditionalPrincipal: 0,
        daysBeforeDue: 0,
        RecurringOption: 'DaysBeforeDue',
      },
      { open: false },
    );
    const text = (await pdfText((await get(jordan, previewUrl(token))).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('The total amount due on each payment date');
    expect(text).toContain('for the total amount due on each payment date');
    expect(text).not.toContain('$0.00 each payment');
  });

  it('charges the third-party ACH fee too when the institution charges one', async () => {
    const firstParty = await recurringFirstPartyFee();
    const restore = await publishSettingsChange(test.app, 'localhost', {
      shared: {
        paymentAmountOptions: { useThirdPartyFeeOption: 'true', thirdPartyAchFee: '2.5' },
      },
    });
    try {
      const token = await prepare(jordan, { Amount: 100, AdditionalPrincipal: 0 }, { open: false });
      const text = await pdfText((await get(jordan, previewUrl(token))).rawPayload);
      const verified = await drafts().verifyPreviewToken(
        test.database.db,
        jordanCaller(),
        token,
        AUTO_LOAN,
      );
      expect(verified?.feesCents).toBe(firstParty + 250);
      expect(text).toContain(formatUsd(10_000 + firstParty + 250));
      expect(text).toContain(formatUsd(firstParty + 250));
    } finally {
      await restore();
    }
  });

  it('previews a new account by its type and last four; the number is kept nowhere', async () => {
    const token = await prepare(
      jordan,
      {
        AchInfo: {
          AccountType: 'Checking',
          RoutingNumber: HARBOR_BANK,
          AccountNumber: NEW_ACCOUNT_NUMBER,
          OwnerName: 'Jordan Rivers',
        },
        daysBeforeDue: 0,
      },
      { open: false },
    );
    const text = await pdfText((await get(jordan, previewUrl(token))).rawPayload);
    const verified = await drafts().verifyPreviewToken(
      test.database.db,
      jordanCaller(),
      token,
      AUTO_LOAN,
    );
    expect(verified).toMatchObject({ accountType: 'Checking', lastFour: '7731', daysBeforeDue: 0 });
    expect(text).toContain('Checking account ending in 7731');
    expect(text).not.toContain(NEW_ACCOUNT_NUMBER);
    const stored = await test.database.db.selectFrom('ach_draft_previews').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(NEW_ACCOUNT_NUMBER);
  });

  it('counts a preview as agreed to only once its user opened it (Confirm waits for it)', async () => {
    const token = await prepare(jordan, {}, { open: false });
    const db = test.database.db;
    expect(await drafts().verifyPreviewToken(db, jordanCaller(), token, AUTO_LOAN)).toBeUndefined();
    // Another user's opening does not count.
    expect((await get(pat, previewUrl(token))).statusCode).toBe(404);
    expect(await drafts().verifyPreviewToken(db, jordanCaller(), token, AUTO_LOAN)).toBeUndefined();
    expect((await get(jordan, previewUrl(token))).statusCode).toBe(200);
    expect(await drafts().verifyPreviewToken(db, jordanCaller(), token, AUTO_LOAN)).toBeDefined();
  });

  it('opens the preview PDF only within a minute of Prepare, like the other download tokens', async () => {
    const late = await prepare(jordan, {}, { open: false });
    test.clock.advance(60_000);
    const answer = await get(undefined, previewUrl(late));
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(NOT_FOUND_BODY);
    // Never opened, so no agreement: the borrower asks for a new preview (a new token).
    expect(
      await drafts().verifyPreviewToken(test.database.db, jordanCaller(), late, AUTO_LOAN),
    ).toBeUndefined();
    const fresh = await prepare(jordan, {}, { open: false });
    test.clock.advance(59_000);
    expect((await get(jordan, previewUrl(fresh))).statusCode).toBe(200);
  });

  it('binds a preview to its user and loan, and lets it expire', async () => {
    const token = await prepare(jordan, {}, { open: false });
    const db = test.database.db;
    expect(
      await drafts().verifyPreviewToken(db, jordanCaller(), token, HOME_EQUITY),
    ).toBeUndefined();
    expect(
      await drafts().verifyPreviewToken(db, { institutionId, userId: patId }, token, AUTO_LOAN),
    ).toBeUndefined();
    expect(
      await drafts().verifyPreviewToken(db, jordanCaller(), `${token}x`, AUTO_LOAN),
    ).toBeUndefined();
    expect(await drafts().verifyPreviewToken(db, jordanCaller(), '', AUTO_LOAN)).toBeUndefined();
    // Another signed-in user of the browser gets the same answer as for an unknown token.
    const foreign = await get(pat, previewUrl(token));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND_BODY);
    expect((await get(jordan, previewUrl('no-such-token'))).json()).toEqual(NOT_FOUND_BODY);
    // A new window without the session (the mobile app) opens it by the token alone, once.
    expect((await get(undefined, previewUrl(token))).statusCode).toBe(200);
    expect((await get(undefined, previewUrl(token))).json()).toEqual(NOT_FOUND_BODY);

    test.clock.advance(ACH_DRAFT_PREVIEW_MS - 1_000);
    expect(await drafts().verifyPreviewToken(db, jordanCaller(), token, AUTO_LOAN)).toBeDefined();
    test.clock.advance(1_000);
    expect(await drafts().verifyPreviewToken(db, jordanCaller(), token, AUTO_LOAN)).toBeUndefined();
    // Half an hour idle ended the sessions too: sign in again.
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
    const expired = await get(jordan, previewUrl(token));
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(NOT_FOUND_BODY);
    // The user's expired previews go when they make the next one.
    const before = await previewCount();
    await prepare(jordan);
    expect(await previewCount()).toBeLessThan(before + 1);
  });

  it("answers another user's loan or saved account exactly as a missing one", async () => {
    const before = await previewCount();
    const missing = await post(
      jordan,
      PREVIEW_PATH,
      previewBody({ LoanAccountNumber: NO_SUCH_LOAN }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND_BODY);
    // Pat asks with Jordan's loan.
    const foreignLoan = await post(pat, PREVIEW_PATH, previewBody());
    expect(foreignLoan.statusCode).toBe(404);
    expect(foreignLoan.json()).toEqual(NOT_FOUND_BODY);
    // Pat asks on Pat's own line of credit with Jordan's saved account.
    const foreignMethod = await post(
      pat,
      PREVIEW_PATH,
      previewBody({ LoanAccountNumber: patLoan }),
    );
    expect(foreignMethod.statusCode).toBe(404);
    expect(foreignMethod.json()).toEqual(NOT_FOUND_BODY);
    // A deposit account is not a loan.
    const deposit = await post(pat, PREVIEW_PATH, {
      ...previewBody({ LoanAccountNumber: patDeposit }),
      AchInfo: {
        AccountType: 'Checking',
        RoutingNumber: HARBOR_BANK,
        AccountNumber: NEW_ACCOUNT_NUMBER,
        OwnerName: 'Pat Lee',
      },
    });
    expect(deposit.statusCode).toBe(404);
    expect(await previewCount()).toBe(before);
    // Pat's own loan with a new account works.
    await prepare(pat, {
      LoanAccountNumber: patLoan,
      AchInfo: {
        AccountType: 'Checking',
        RoutingNumber: HARBOR_BANK,
        AccountNumber: NEW_ACCOUNT_NUMBER,
        OwnerName: 'Pat Lee',
      },
    });
  });

  it('refuses bad input and stores nothing', async () => {
    const before = await previewCount();
    for (const overrides of [
      { Amount: 10.001 },
      { Amount: -1 },
      { AdditionalPrincipal: 'ten' },
      { daysBeforeDue: 10 },
      { LocalTimeOffset: 901 },
      { AchInfo: { AccountType: 'Brokerage', AccountNumber: '3544', ProfileId: savedProfileId } },
      { LoanAccountNumber: '' },
    ]) {
      const response = await post(jordan, PREVIEW_PATH, previewBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    expect(await previewCount()).toBe(before);
    const unauthenticated = await test.app.inject({
      method: 'POST',
      url: PREVIEW_PATH,
      headers: PORTAL_WRITE_HEADERS,
      payload: previewBody(),
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('records a signed authorization inside a transaction; lists and opens it for its user only', async () => {
    test.clock.set('2025-03-14T16:00:00.000Z');
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
    await prepare(jordan, { LocalTimeOffset: 300 });
    const recurringPaymentId = '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b';
    const signedAt = test.clock.now();
    const id = await test.database.db.transaction().execute((trx) =>
      drafts().recordAuthorization(
        trx,
        jordanCaller(),
        {
          loanNumber: AUTO_LOAN,
          recurringPaymentId,
          terms: terms({ feesCents: 150 }),
          scheduleText: '3 days before your loan is due',
          firstDate: '2025-04-11',
        },
        signedAt,
        { ipAddress: '203.0.113.9' },
      ),
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The agreement record (spec 001 "Server agreement record").
    const record = await test.database.db
      .selectFrom('agreement_logs')
      .selectAll()
      .where('user_id', '=', jordanId)
      .where('name_of_terms', '=', ACH_DRAFT_AGREEMENT_RECORD.nameOfTerms)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      name_of_terms: 'Recurring ACH Authorization',
      account_number: AUTO_LOAN,
      ip_address: '203.0.113.9',
      date_of_terms: '2025-03-14',
      agreement_type: 0,
      when_to_agree: 2,
    });
    expect(record.date_of_agreement.getTime()).toBe(signedAt.getTime());

    // A second, later one: listed first.
    test.clock.advance(60_000);
    const later = await test.database.db.transaction().execute((trx) =>
      drafts().recordAuthorization(trx, jordanCaller(), {
        loanNumber: HOME_EQUITY,
        recurringPaymentId: '7a1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b',
        terms: terms({ accountType: 'Checking', lastFour: '7731' }),
        scheduleText: 'Monthly on the 21st',
        firstDate: '2025-03-21',
      }),
    );
    const listed = await get(jordan, DRAFTS_PATH);
    expect(listed.statusCode).toBe(200);
    expect(AchDraftsResponse.parse(listed.json())).toEqual({
      HasNoErrors: true,
      Errors: [],
      Drafts: [
        {
          Id: later,
          LoanAccountNumber: HOME_EQUITY,
          CreationDate: new Date(signedAt.getTime() + 60_000).toISOString(),
        },
        { Id: id, LoanAccountNumber: AUTO_LOAN, CreationDate: signedAt.toISOString() },
      ],
    });
    // Pat has none, and sees none of Jordan's.
    expect((await get(pat, DRAFTS_PATH)).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
      Drafts: [],
    });

    const opened = await post(jordan, RENDER_PATH, { Id: id });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toBe(
      `inline; filename="Recurring ACH Authorization ${AUTO_LOAN} 03_14_2025 12_00 PM EDT.pdf"`,
    );
    const text = await pdfText(opened.rawPayload);
    expect(text).toContain('Recurring ACH Authorization');
    expect(text).not.toContain('PREVIEW');
    expect(text).toContain(institutionName);
    expect(text).toContain('Jordan Rivers');
    expect(text).toContain(AUTO_LOAN);
    expect(text).toContain('Savings account ending in 3544');
    expect(text).toContain(formatUsd(51_234));
    expect(text).toContain(formatUsd(2_500));
    expect(text).toContain(formatUsd(51_234 + 150));
    expect(text).toContain('3 days before your loan is due');
    expect(text).toContain('04/11/2025');
    expect(text).toContain('03/14/2025 12:00 PM EDT');
    expect(text).not.toContain(ACCOUNT_NUMBER);

    // Someone else's and an unknown one answer alike.
    const foreign = await post(pat, RENDER_PATH, { Id: id });
    const unknown = await post(jordan, RENDER_PATH, { Id: UNKNOWN_ID });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND_BODY);
    expect(unknown.json()).toEqual(NOT_FOUND_BODY);
    expect((await post(jordan, RENDER_PATH, { Id: 'not-a-uuid' })).statusCode).toBe(400);

    // The new window: a passable user token and the draft's id.
    const token = await passableToken(jordan);
    const windowUrl = (who: string, guid: string) =>
      `${RENDER_PATH}?token=${encodeURIComponent(who)}&guid=${guid}`;
    const inWindow = await get(undefined, windowUrl(token, id));
    expect(inWindow.statusCode).toBe(200);
    expect(Buffer.compare(inWindow.rawPayload, opened.rawPayload)).toBe(0);
    // Single-use.
    expect((await get(undefined, windowUrl(token, id))).json()).toEqual(NOT_FOUND_BODY);
    // Pat's token opens none of Jordan's; Jordan's token in Pat's browser session neither.
    const patsToken = await passableToken(pat);
    expect((await get(pat, windowUrl(patsToken, id))).json()).toEqual(NOT_FOUND_BODY);
    const jordansToken = await passableToken(jordan);
    expect((await get(pat, windowUrl(jordansToken, id))).json()).toEqual(NOT_FOUND_BODY);
    expect((await get(undefined, windowUrl('no-such-token', id))).json()).toEqual(NOT_FOUND_BODY);
    const another = await passableToken(jordan);
    expect((await get(jordan, windowUrl(another, UNKNOWN_ID))).json()).toEqual(NOT_FOUND_BODY);
  });

  it('keeps nothing of an authorization whose transaction rolls back', async () => {
    const before = (await test.database.db.selectFrom('ach_drafts').select('id').execute()).length;
    await expect(
      test.database.db.transaction().execute(async (trx) => {
        await drafts().recordAuthorization(trx, jordanCaller(), {
          loanNumber: AUTO_LOAN,
          recurringPaymentId: '8b1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b',
          terms: terms(),
          scheduleText: 'Weekly on Fridays',
          firstDate: '2025-03-21',
        });
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect((await test.database.db.selectFrom('ach_drafts').select('id').execute()).length).toBe(
      before,
    );
    const records = await test.database.db
      .selectFrom('agreement_logs')
      .select('id')
      .where('name_of_terms', '=', 'Recurring ACH Authorization')
      .execute();
    expect(records).toHaveLength(2);
  });

  it('asks for a session on the signed-in calls', async () => {
    for (const request of [
      { method: 'GET' as const, url: DRAFTS_PATH },
      { method: 'POST' as const, url: RENDER_PATH, payload: { Id: UNKNOWN_ID } },
    ]) {
      const response = await test.app.inject({ ...request, headers: PORTAL_WRITE_HEADERS });
      expect(response.statusCode).toBe(401);
    }
  });

  it('never lets a whole account number reach the database, a log line or an answer', async () => {
    const tables = await Promise.all([
      test.database.db.selectFrom('ach_draft_previews').selectAll().execute(),
      test.database.db
        .selectFrom('ach_drafts')
        .select(['id', 'loan_number', 'last_four', 'schedule_text'])
        .execute(),
      test.database.db.selectFrom('agreement_logs').selectAll().execute(),
    ]);
    const drafts = await test.database.db.selectFrom('ach_drafts').select('document').execute();
    const documents = await Promise.all(drafts.map((draft) => pdfText(draft.document)));
    for (const number of [ACCOUNT_NUMBER, NEW_ACCOUNT_NUMBER]) {
      expect(JSON.stringify(tables)).not.toContain(number);
      expect(documents.join('\n')).not.toContain(number);
      expect(logLines.join('\n')).not.toContain(number);
      // The add-method call's own answer carries the last four only, as every other.
      expect(answers.join('\n')).not.toContain(number);
    }
    // The sign-in answer lists the user's agreement records, the authorization's among them.
    await signIn(test.app, { username: 'jordan.rivers' });
  });
});
