import {
  ApplicationListResponse,
  ApplicationResponse,
  ApplyRefusedResponse,
  ApplyRequest,
  ApplyResponse,
} from '@portal/domain';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CoreUnavailableError, type ServicingCore } from '../../core/servicing-core';
import { institutionIdOf, publishShared } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { withPublishedSettings } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { createBorrowersService } from '../borrowers/borrowers.service';
import { listJobs } from '../jobs/jobs.repository';
import {
  APPLICATION_FINISH_DELAY_MS,
  APPLICATION_FINISH_QUEUE,
  createLoanApplyService,
  type ApplyCaller,
} from './loan-apply';
import { wireOf } from '../../testing/wire';

const URL = '/api/Register/Apply';

/** The default Personal Loan's documents (loanApplicationOptions.products). */
const PERSONAL_DOCUMENTS = [
  "Proof of income (two recent pay stubs or last year's tax return)",
  'Government-issued photo ID',
];

/** The body as the portal sends it: money in dollars. */
const APPLICATION = {
  ProductId: 'personal',
  AmountRequested: 12_500,
  TermMonths: 36,
  Purpose: 'Consolidate two credit cards',
  AnnualIncome: 85_000,
  EmploymentStatus: 'fullTime',
  ContactConsent: true,
} satisfies z.input<typeof ApplyRequest>;

/** The same body as the route hands it to the service: parsed, money in cents. */
const PARSED_APPLICATION: ApplyRequest = ApplyRequest.parse(APPLICATION);

describe.each(testDatabases())('POST /api/Register/Apply on $name', (database) => {
  let test: TestApp;
  let harbor: number;
  let jordan: SignedIn;
  let casey: SignedIn;

  const apply = (who: SignedIn | null, payload: object, key: string | null = randomUUID()) =>
    test.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        ...PORTAL_WRITE_HEADERS,
        ...(who ? { cookie: who.cookie } : {}),
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload,
    });
  const listOf = async (who: SignedIn) =>
    wireOf(
      ApplicationListResponse,
      (
        await test.app.inject({
          url: '/api/Application/GetList?numDaysToRetrieve=30',
          headers: { cookie: who.cookie },
        })
      ).json(),
    ).Applications;
  const itemsOf = async (number: string) =>
    (await test.app.services.workQueue.list({ institutionId: harbor, kind: 'application' })).filter(
      (item) => item.reference === number,
    );

  beforeAll(async () => {
    test = await startTestApp(database);
    harbor = await institutionIdOf(test);
    // Harbor sends borrowers to its own site by default: the portal's form instead.
    await publishShared(test, { globalOptions: { applyForLoanURLOption: '' } });
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    casey = await signIn(test.app, { username: 'casey.morgan' });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('makes the application in the core and an item of the work queue; the borrower’s list shows it received, with its documents', async () => {
    const response = await apply(jordan, APPLICATION);
    expect(response.statusCode).toBe(200);
    const answer = ApplyResponse.parse(response.json());
    expect(answer).toMatchObject({
      HasNoErrors: true,
      Status: 'Received',
      RequiredDocuments: PERSONAL_DOCUMENTS,
    });
    expect(answer.ApplicationNumber).toMatch(/^A-\d{6}$/);

    const [newest] = await listOf(jordan);
    expect(newest).toMatchObject({
      ApplicationNumber: answer.ApplicationNumber,
      Status: 'Received',
      AmountRequested: 12_500,
      AmountApproved: 0,
      Office: 'Online',
      FundsExpected: '0001-01-01T00:00:00',
      Product: 'Personal Loan',
      TermMonths: 36,
      RequiredDocuments: PERSONAL_DOCUMENTS,
    });

    const items = await itemsOf(answer.ApplicationNumber);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'application',
      status: 'new',
      sender_name: 'Jordan Rivers',
      sender_email: 'jordan.rivers@example.test',
      summary: `Personal Loan application ${answer.ApplicationNumber} for $12,500.00`,
    });
    expect(items[0]?.details).toMatchObject({
      applicationNumber: answer.ApplicationNumber,
      product: 'Personal Loan',
      amountRequested: '$12,500.00',
      term: '36 months',
      purpose: 'Consolidate two credit cards',
      annualIncome: '$85,000.00',
      employment: 'Employed full-time',
      requiredDocuments: PERSONAL_DOCUMENTS,
    });

    // The safety job, when its time comes, finds the attempt finished and adds nothing.
    test.clock.advance(APPLICATION_FINISH_DELAY_MS);
    await test.app.services.jobs.runOnce(APPLICATION_FINISH_QUEUE);
    expect(await itemsOf(answer.ApplicationNumber)).toHaveLength(1);
  });

  it('is described in the OpenAPI document, its body and its answers', async () => {
    const document = (await test.app.inject({ url: '/api/openapi.json' })).json();
    const call = document.paths['/api/Register/Apply'].post;
    expect(call.summary).toBe('Apply for a loan');
    expect(call.description).toContain('Idempotency-Key');
    expect(Object.keys(call.requestBody.content['application/json'].schema.properties)).toEqual([
      'ProductId',
      'AmountRequested',
      'TermMonths',
      'Purpose',
      'AnnualIncome',
      'EmploymentStatus',
      'ContactConsent',
    ]);
    expect(Object.keys(call.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '422', '500', '503']),
    );
  });

  it('shows the application to its borrower only: another borrower neither lists nor opens it', async () => {
    const { ApplicationNumber } = ApplyResponse.parse((await apply(jordan, APPLICATION)).json());
    const opened = await test.app.inject({
      url: `/api/Application?applicationNumber=${ApplicationNumber}`,
      headers: { cookie: jordan.cookie },
    });
    expect(ApplicationResponse.parse(opened.json()).Application?.Status).toBe('Received');
    expect((await listOf(casey)).map((application) => application.ApplicationNumber)).not.toContain(
      ApplicationNumber,
    );
    const foreign = await test.app.inject({
      url: `/api/Application?applicationNumber=${ApplicationNumber}`,
      headers: { cookie: casey.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers a double-click with one application: the same key, the same answer, one work item', async () => {
    const key = randomUUID();
    const before = (await listOf(jordan)).length;
    const answers = await Promise.all([
      apply(jordan, APPLICATION, key),
      apply(jordan, APPLICATION, key),
    ]);
    const again = await apply(jordan, APPLICATION, key);
    const numbers = [...answers, again].map(
      (response) => ApplyResponse.parse(response.json()).ApplicationNumber,
    );
    expect(new Set(numbers).size).toBe(1);
    expect([...answers, again].map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await listOf(jordan)).toHaveLength(before + 1);
    expect(await itemsOf(numbers[0] ?? '')).toHaveLength(1);
  });

  it('keeps keys per borrower: the same key from another borrower is another application', async () => {
    const key = randomUUID();
    const mine = ApplyResponse.parse((await apply(jordan, APPLICATION, key)).json());
    const theirs = ApplyResponse.parse((await apply(casey, APPLICATION, key)).json());
    expect(theirs.ApplicationNumber).not.toBe(mine.ApplicationNumber);
    expect((await listOf(casey))[0]?.ApplicationNumber).toBe(theirs.ApplicationNumber);
    const [item] = await itemsOf(theirs.ApplicationNumber);
    // Casey signs in for a company: the item names it, as the profile does.
    expect(item?.sender_name).toBe('Morgan Freight Logistics LLC');
  });

  it('answers a failure it cannot explain with 500 Generic, and the retry with the same key makes the application once', async () => {
    const key = randomUUID();
    const before = (await listOf(jordan)).length;
    // The core's numbering out of order: the core fails before it makes anything.
    await sql`alter sequence core_application_numbers rename to core_application_numbers_away`.execute(
      test.database.db,
    );
    const failed = await apply(jordan, APPLICATION, key);
    await sql`alter sequence core_application_numbers_away rename to core_application_numbers`.execute(
      test.database.db,
    );
    expect(failed.statusCode).toBe(500);
    expect(ApplyRefusedResponse.parse(failed.json()).Errors).toEqual([{ ErrorMessage: 'Generic' }]);
    expect(await listOf(jordan)).toHaveLength(before);

    const retried = await apply(jordan, APPLICATION, key);
    expect(retried.statusCode).toBe(200);
    const { ApplicationNumber } = ApplyResponse.parse(retried.json());
    expect(await listOf(jordan)).toHaveLength(before + 1);
    expect(await itemsOf(ApplicationNumber)).toHaveLength(1);
  });

  it('refuses an attempt without an Idempotency-Key (400) and a key reused for another application (422)', async () => {
    const before = (await listOf(jordan)).length;
    const missing = await apply(jordan, APPLICATION, null);
    expect(missing.statusCode).toBe(400);
    expect(ApplyRefusedResponse.parse(missing.json()).Errors).toEqual([
      { ErrorMessage: 'IdempotencyKeyMissing' },
    ]);
    const key = randomUUID();
    expect((await apply(jordan, APPLICATION, key)).statusCode).toBe(200);
    const reused = await apply(jordan, { ...APPLICATION, AmountRequested: 13_000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(ApplyRefusedResponse.parse(reused.json()).Errors).toEqual([
      { ErrorMessage: 'IdempotencyKeyReused' },
    ]);
    expect(await listOf(jordan)).toHaveLength(before + 1);
  });

  it('refuses each field that breaks its rule in the rules’ words, naming it, and makes nothing', async () => {
    const before = (await listOf(jordan)).length;
    const response = await apply(jordan, {
      ProductId: 'auto',
      AmountRequested: 900,
      TermMonths: 12,
      Purpose: '   ',
      AnnualIncome: 20_000_000,
      EmploymentStatus: 'astronaut',
      ContactConsent: false,
    });
    expect(response.statusCode).toBe(400);
    const refusal = ApplyRefusedResponse.parse(response.json());
    expect(refusal.InvalidFields).toEqual([
      'AmountRequested',
      'TermMonths',
      'Purpose',
      'AnnualIncome',
      'EmploymentStatus',
      'ContactConsent',
    ]);
    expect(refusal.Errors.map((error) => error.ErrorMessage)).toEqual([
      'The smallest Auto Loan is $5,000.00.',
      'Choose a term of 24, 36, 48, 60, 72 or 84 months for this loan.',
      'Say what the loan is for.',
      'Enter a yearly income of $10,000,000.00 or less.',
      'Choose your employment.',
      'To apply, agree that we may contact you about this application.',
    ]);
    const unknown = ApplyRefusedResponse.parse(
      (await apply(jordan, { ...APPLICATION, ProductId: 'yacht' })).json(),
    );
    expect(unknown.InvalidFields).toEqual(['ProductId']);
    expect(unknown.Errors).toEqual([{ ErrorMessage: 'Choose the kind of loan.' }]);
    // A body the contract refuses (three decimals, a missing field) is the plain 400.
    const malformed = await apply(jordan, { ...APPLICATION, AmountRequested: 1_250.125 });
    expect(malformed.statusCode).toBe(400);
    const { ContactConsent: _left, ...incomplete } = APPLICATION;
    expect((await apply(jordan, incomplete)).statusCode).toBe(400);
    expect(await listOf(jordan)).toHaveLength(before);
  });

  it('refuses in the institution’s own words (loanApplicationTexts), and keeps them on the work item', async () => {
    const refusal = await withPublishedSettings(
      test.app,
      'localhost',
      {
        english: {
          loanApplicationTexts: {
            amountTooLowText: 'A {product} starts at {amount}.',
            consentRequiredText: 'Tick the box to let us contact you.',
          },
        },
      },
      async () =>
        ApplyRefusedResponse.parse(
          (
            await apply(jordan, { ...APPLICATION, AmountRequested: 10, ContactConsent: false })
          ).json(),
        ),
    );
    expect(refusal.Errors.map((error) => error.ErrorMessage)).toEqual([
      'A Personal Loan starts at $1,000.00.',
      'Tick the box to let us contact you.',
    ]);

    const answer = await withPublishedSettings(
      test.app,
      'localhost',
      {
        english: {
          loanApplicationTexts: {
            fullTimeText: 'Full-time work',
            consentText: 'You may call, write or text me about it.',
          },
        },
      },
      async () => ApplyResponse.parse((await apply(jordan, APPLICATION)).json()),
    );
    const [item] = await itemsOf(answer.ApplicationNumber);
    expect(item?.details).toMatchObject({
      employment: 'Full-time work',
      contactConsent: expect.stringMatching(/: “You may call, write or text me about it\.”$/),
    });
  });

  it('refuses where Apply for a loan leads elsewhere or nowhere (403 NotOffered), and a signed-out caller (401)', async () => {
    await publishShared(test, {
      globalOptions: { applyForLoanURLOption: 'https://apply.harbor-community.example/loans' },
    });
    const elsewhere = await apply(jordan, APPLICATION);
    expect(elsewhere.statusCode).toBe(403);
    expect(ApplyRefusedResponse.parse(elsewhere.json()).Errors).toEqual([
      { ErrorMessage: 'NotOffered' },
    ]);
    await publishShared(test, {
      globalOptions: { applyForLoanURLOption: '', useEgtConsumerOption: 'false' },
    });
    expect((await apply(jordan, APPLICATION)).statusCode).toBe(403);
    await publishShared(test, {
      globalOptions: { useEgtConsumerOption: 'true' },
      loanApplicationOptions: { products: '[]' },
    });
    expect((await apply(jordan, APPLICATION)).statusCode).toBe(403);
    await publishShared(test, {
      loanApplicationOptions: {
        products: JSON.stringify([
          {
            id: 'personal',
            name: 'Personal Loan',
            minAmountCents: 100_000,
            maxAmountCents: 2_000_000,
            termsMonths: [12, 36],
            documents: ['Pay stub'],
          },
        ]),
      },
    });
    const own = ApplyResponse.parse((await apply(jordan, APPLICATION)).json());
    expect(own.RequiredDocuments).toEqual(['Pay stub']);

    const anonymous = await apply(null, APPLICATION);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(testDatabases())('an application left unfinished on $name', (database) => {
  let test: TestApp;
  let harbor: number;
  let caller: ApplyCaller;
  let fault: 'none' | 'unavailable' | 'crashAfterCore' = 'none';

  const itemsOf = async (number: string) =>
    (await test.app.services.workQueue.list({ institutionId: harbor, kind: 'application' })).filter(
      (item) => item.reference === number,
    );
  const applicationsOfCaller = () =>
    test.app.services.core.applications(
      { institutionId: caller.institutionId, customerId: caller.customerId },
      '2000-01-01',
    );

  /** The service as app.ts builds it, on a core that fails as told. */
  function faultyService() {
    const core = test.app.services.core;
    const faulty: Pick<ServicingCore, 'createApplication'> = {
      async createApplication(customer, application) {
        if (fault === 'unavailable') throw new CoreUnavailableError();
        const made = await core.createApplication(customer, application);
        if (fault === 'crashAfterCore') throw new Error('the process died after the core');
        return made;
      },
    };
    return createLoanApplyService({
      db: test.database.db,
      clock: test.clock,
      core: faulty,
      institutions: test.app.services.institutions,
      borrowers: createBorrowersService({ db: test.database.db }),
      workQueue: test.app.services.workQueue,
      dataProtector: TEST_DATA_PROTECTOR,
      jobs: () => test.app.services.jobs,
    });
  }

  beforeAll(async () => {
    test = await startTestApp(database);
    harbor = await institutionIdOf(test);
    await publishShared(test, { globalOptions: { applyForLoanURLOption: '' } });
    const borrower = await createBorrowersService({ db: test.database.db }).findBorrowerSigningIn(
      harbor,
      'jordan.rivers',
    );
    if (!borrower) throw new Error('no jordan.rivers');
    caller = {
      institutionId: harbor,
      timeZone: 'America/New_York',
      userId: borrower.id,
      customerId: borrower.customer_id,
      email: borrower.email ?? '',
    };
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('the core out of reach: 503 Connection, nothing made; the retry with the same key makes it once', async () => {
    const service = faultyService();
    const key = randomUUID();
    const before = (await applicationsOfCaller()).length;
    fault = 'unavailable';
    const unreachable = await service.apply(caller, PARSED_APPLICATION, key);
    expect(unreachable).toEqual({
      status: 503,
      body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Connection' }] },
    });
    expect(await applicationsOfCaller()).toHaveLength(before);

    fault = 'none';
    const retried = await service.apply(caller, PARSED_APPLICATION, key);
    expect(retried.status).toBe(200);
    const { ApplicationNumber } = ApplyResponse.parse(retried.body);
    expect(await applicationsOfCaller()).toHaveLength(before + 1);
    expect(await itemsOf(ApplicationNumber)).toHaveLength(1);
    // The job of the attempt finds it answered.
    test.clock.advance(APPLICATION_FINISH_DELAY_MS);
    await test.app.services.jobs.runOnce(APPLICATION_FINISH_QUEUE);
    expect(await itemsOf(ApplicationNumber)).toHaveLength(1);
  });

  it('a request dying after the core made it: its job makes the work item, and a retry answers the same application', async () => {
    const service = faultyService();
    const key = randomUUID();
    const before = (await applicationsOfCaller()).map((application) => application.number);
    fault = 'crashAfterCore';
    await expect(service.apply(caller, PARSED_APPLICATION, key)).rejects.toThrow(
      'died after the core',
    );
    fault = 'none';
    const made = (await applicationsOfCaller()).filter(
      (application) => !before.includes(application.number),
    );
    expect(made).toHaveLength(1);
    const number = made[0]?.number ?? '';
    expect(await itemsOf(number)).toHaveLength(0);

    // Before its time the job does not run; then it finishes the attempt.
    await test.app.services.jobs.runOnce(APPLICATION_FINISH_QUEUE);
    expect(await itemsOf(number)).toHaveLength(0);
    test.clock.advance(APPLICATION_FINISH_DELAY_MS);
    await test.app.services.jobs.runOnce(APPLICATION_FINISH_QUEUE);
    expect(await itemsOf(number)).toHaveLength(1);

    const retried = await service.apply(caller, PARSED_APPLICATION, key);
    expect(retried.status).toBe(200);
    expect(ApplyResponse.parse(retried.body).ApplicationNumber).toBe(number);
    expect(await applicationsOfCaller()).toHaveLength(before.length + 1);
    expect(await itemsOf(number)).toHaveLength(1);
  });

  it('keeps nothing personal in the clear in the attempt’s job: the application sealed, the borrower read again', async () => {
    const service = faultyService();
    const key = randomUUID();
    const before = (await applicationsOfCaller()).map((application) => application.number);
    fault = 'crashAfterCore';
    await expect(service.apply(caller, PARSED_APPLICATION, key)).rejects.toThrow(
      'died after the core',
    );
    fault = 'none';
    const jobOfKey = async () =>
      (await listJobs(test.database.db, APPLICATION_FINISH_QUEUE)).find(
        (job) => job.key === `${caller.institutionId}:${caller.userId}:${key}`,
      );
    const atRest = async () => JSON.stringify((await jobOfKey())?.payload);
    const plain = [
      'Consolidate two credit cards',
      '8500000',
      '85000',
      'fullTime',
      'Employed full-time',
      'Jordan Rivers',
      caller.email,
      caller.customerId,
    ];
    const queued = await atRest();
    expect(queued).toContain('"sealed":"v1:');
    for (const text of plain) expect(queued).not.toContain(text);

    // The job opens it and finishes the attempt as the request would have.
    test.clock.advance(APPLICATION_FINISH_DELAY_MS);
    await test.app.services.jobs.runOnce(APPLICATION_FINISH_QUEUE);
    expect((await jobOfKey())?.state).toBe('done');
    const [made] = (await applicationsOfCaller()).filter(
      (application) => !before.includes(application.number),
    );
    const [item] = await itemsOf(made?.number ?? '');
    expect(item).toMatchObject({
      sender_name: 'Jordan Rivers',
      sender_email: caller.email,
      details: {
        purpose: 'Consolidate two credit cards',
        annualIncome: '$85,000.00',
        employment: 'Employed full-time',
      },
    });
    // The finished job, kept a week, is no more readable than the queued one.
    const done = await atRest();
    for (const text of plain) expect(done).not.toContain(text);
  });

  it('a retry finishing an attempt the core already made: the same application, one work item', async () => {
    const service = faultyService();
    const key = randomUUID();
    const before = (await applicationsOfCaller()).length;
    fault = 'crashAfterCore';
    await expect(service.apply(caller, PARSED_APPLICATION, key)).rejects.toThrow();
    fault = 'none';
    const retried = await service.apply(caller, PARSED_APPLICATION, key);
    const { ApplicationNumber } = ApplyResponse.parse(retried.body);
    expect(await applicationsOfCaller()).toHaveLength(before + 1);
    expect(await itemsOf(ApplicationNumber)).toHaveLength(1);
    test.clock.advance(APPLICATION_FINISH_DELAY_MS);
    await test.app.services.jobs.runOnce(APPLICATION_FINISH_QUEUE);
    expect(await itemsOf(ApplicationNumber)).toHaveLength(1);
  });
});
