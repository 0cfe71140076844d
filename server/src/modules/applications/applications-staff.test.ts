import {
  AdminError,
  ApplicationListResponse,
  ApplicationResponse,
  ApplyResponse,
  AuditListResponse,
  WorkItemApplication,
  type ApplicationStatusChangeRequest,
} from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, mailTo, publishShared } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import { signedInStaff } from '../../testing/staff';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { wireOf } from '../../testing/wire';

const QUEUE = '/admin-api/institutions/harbor/work-items';

function errorOf(response: LightMyRequestResponse) {
  return AdminError.parse(response.json()).error;
}

describe.each(testDatabases())(
  'a loan application on the staff work queue on $name',
  (database) => {
    let test: TestApp;
    let harbor: number;
    let jordan: SignedIn;
    let casey: SignedIn;
    const cookie: Record<string, string> = {};

    const get = (who: string, url: string) =>
      test.app.inject({ method: 'GET', url, headers: { cookie: cookie[who] } });
    const post = (who: string, url: string, payload: object) =>
      test.app.inject({
        method: 'POST',
        url,
        headers: { ...PORTAL_WRITE_HEADERS, cookie: cookie[who] },
        payload,
      });
    const move = (who: string, item: string, change: ApplicationStatusChangeRequest) =>
      post(who, `${QUEUE}/${item}/application/status`, change);

    /** Jordan applies; the application's number and its work item's id. */
    async function applied(amount = 12_500): Promise<{ number: string; item: string }> {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/Register/Apply',
        headers: {
          ...PORTAL_WRITE_HEADERS,
          cookie: jordan.cookie,
          'idempotency-key': randomUUID(),
        },
        payload: {
          ProductId: 'personal',
          AmountRequested: amount,
          TermMonths: 36,
          Purpose: 'A new roof',
          AnnualIncome: 85_000,
          EmploymentStatus: 'fullTime',
          ContactConsent: true,
        },
      });
      const number = ApplyResponse.parse(response.json()).ApplicationNumber;
      const items = await test.app.services.workQueue.list({
        institutionId: harbor,
        kind: 'application',
      });
      const item = items.find((candidate) => candidate.reference === number);
      if (!item) throw new Error(`no work item for ${number}`);
      return { number, item: item.id };
    }

    /** The application as its borrower's list shows it. */
    async function borrowerSees(who: SignedIn, number: string) {
      const list = wireOf(
        ApplicationListResponse,
        (
          await test.app.inject({
            url: '/api/Application/GetList?numDaysToRetrieve=30',
            headers: { cookie: who.cookie },
          })
        ).json(),
      );
      return list.Applications.find((application) => application.ApplicationNumber === number);
    }

    const audit = async () =>
      AuditListResponse.parse(
        (await get('publisher', '/admin-api/institutions/harbor/audit')).json(),
      ).entries.filter((entry) => entry.action === 'workItem.applicationStatus');

    beforeAll(async () => {
      test = await startTestApp(database);
      harbor = await institutionIdOf(test);
      await publishShared(test, { globalOptions: { applyForLoanURLOption: '' } });
      jordan = await signIn(test.app, { username: 'jordan.rivers' });
      casey = await signIn(test.app, { username: 'casey.morgan' });
      const members = [
        ['viewer', 'viewer@loans.test', 'localhost', 'viewer'],
        ['editor', 'editor@loans.test', 'localhost', 'editor'],
        ['colleague', 'colleague@loans.test', 'localhost', 'editor'],
        ['publisher', 'publisher@loans.test', 'localhost', 'publisher'],
        ['summit', 'publisher@summit-loans.test', 'summit.localhost', 'publisher'],
      ] as const;
      for (const [who, email, host, role] of members) {
        cookie[who] = await signedInStaff(test, { email, host, role });
      }
    }, 120_000);

    afterAll(async () => {
      await test?.close();
    });

    it('shows every role of the institution the application as the core has it, with the moves it allows', async () => {
      const { number, item } = await applied();
      const response = await get('viewer', `${QUEUE}/${item}/application`);
      expect(response.statusCode).toBe(200);
      expect(WorkItemApplication.parse(response.json())).toEqual({
        number,
        status: 'Received',
        product: 'Personal Loan',
        termMonths: 36,
        amountRequestedCents: 1_250_000,
        amountApprovedCents: 0,
        lastModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        fundsExpected: null,
        requiredDocuments: [
          "Proof of income (two recent pay stubs or last year's tax return)",
          'Government-issued photo ID',
        ],
        moves: ['In Review', 'Documents Needed', 'Approved', 'Declined', 'Withdrawn'],
      });
    });

    it('lets a viewer read but not move it (403), and another institution’s staff neither (404)', async () => {
      const { number, item } = await applied();
      const viewer = await move('viewer', item, {
        status: 'In Review',
        expectedStatus: 'Received',
      });
      expect(viewer.statusCode).toBe(403);
      expect(errorOf(viewer).code).toBe('Forbidden');

      const summitRead = await get(
        'summit',
        `/admin-api/institutions/summit/work-items/${item}/application`,
      );
      expect(summitRead.statusCode).toBe(404);
      const summitHarbor = await get('summit', `${QUEUE}/${item}/application`);
      expect(summitHarbor.statusCode).toBe(404);
      const summitMove = await post(
        'summit',
        `/admin-api/institutions/summit/work-items/${item}/application/status`,
        { status: 'Declined', expectedStatus: 'Received' },
      );
      expect(summitMove.statusCode).toBe(404);
      expect((await borrowerSees(jordan, number))?.Status).toBe('Received');
    });

    it('answers 404 for an item that is not an application, and 401 without a staff session', async () => {
      const question = await test.app.services.workQueue.submit({
        institutionId: harbor,
        kind: 'question',
        userId: null,
        senderName: 'A visitor',
        senderEmail: 'visitor@example.test',
        summary: 'Rates',
        details: { message: 'What are your rates?' },
      });
      const read = await get('publisher', `${QUEUE}/${question}/application`);
      expect(read.statusCode).toBe(404);
      expect(errorOf(read).code).toBe('NotFound');
      const moved = await move('publisher', question, {
        status: 'Approved',
        expectedStatus: 'Received',
        amountApprovedCents: 100,
      });
      expect(moved.statusCode).toBe(404);
      const missing = await get('publisher', `${QUEUE}/${randomUUID()}/application`);
      expect(missing.statusCode).toBe(404);
      const anonymous = await test.app.inject({ url: `${QUEUE}/${question}/application` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('moves it through its statuses as the borrower sees them, each move in the audit log', async () => {
      const { number, item } = await applied();
      const review = await move('editor', item, {
        status: 'In Review',
        expectedStatus: 'Received',
      });
      expect(review.statusCode).toBe(200);
      expect(WorkItemApplication.parse(review.json())).toMatchObject({
        status: 'In Review',
        moves: ['Documents Needed', 'Approved', 'Declined', 'Withdrawn'],
      });
      expect((await borrowerSees(jordan, number))?.Status).toBe('In Review');

      const documents = await move('editor', item, {
        status: 'Documents Needed',
        expectedStatus: 'In Review',
        note: 'Pay stubs missing',
      });
      expect(documents.statusCode).toBe(200);
      expect((await borrowerSees(jordan, number))?.Status).toBe('Documents Needed');

      const today = test.clock.now().toISOString().slice(0, 10);
      const funds = '2099-01-05';
      const approved = await move('publisher', item, {
        status: 'Approved',
        expectedStatus: 'Documents Needed',
        amountApprovedCents: 1_000_000,
        fundsExpected: funds,
      });
      expect(approved.statusCode).toBe(200);
      expect(WorkItemApplication.parse(approved.json())).toMatchObject({
        status: 'Approved',
        amountApprovedCents: 1_000_000,
        fundsExpected: funds,
        moves: ['Funded', 'Withdrawn'],
      });
      const seen = await borrowerSees(jordan, number);
      expect(seen).toMatchObject({
        Status: 'Approved',
        AmountRequested: 12_500,
        AmountApproved: 10_000,
        FundsExpected: `${funds}T00:00:00`,
      });
      expect(seen?.LastModified.slice(0, 4)).toBe(today.slice(0, 4));
      const opened = await test.app.inject({
        url: `/api/Application?applicationNumber=${number}`,
        headers: { cookie: jordan.cookie },
      });
      expect(wireOf(ApplicationResponse, opened.json()).Application?.AmountApproved).toBe(10_000);
      // Another borrower still cannot open it.
      expect(await borrowerSees(casey, number)).toBeUndefined();

      const comments = (await audit()).map((entry) => [entry.staff, entry.comment]);
      expect(comments.slice(0, 3)).toEqual([
        [
          'publisher@loans.test',
          expect.stringContaining(
            `${number} moved from Documents Needed to Approved, $10,000.00 approved, funds expected 01/05/2099`,
          ),
        ],
        [
          'editor@loans.test',
          expect.stringContaining(
            `${number} moved from In Review to Documents Needed: Pay stubs missing`,
          ),
        ],
        [
          'editor@loans.test',
          expect.stringContaining(`${number} moved from Received to In Review`),
        ],
      ]);
      expect(comments[0]?.[1]).toContain(`Loan application ${item}`);
    });

    it('marks the work item changed at each move, and tells the borrower in the institution’s words', async () => {
      const { number, item } = await applied();
      const updatedAt = async () =>
        (await test.app.services.workQueue.find(harbor, item))?.updated_at.getTime();
      const notices = async () =>
        (await mailTo(test, 'jordan.rivers@example.test')).filter((message) =>
          message.subject.includes(number),
        );
      const sentAt = await updatedAt();
      expect(await notices()).toEqual([]);

      test.clock.advance(60_000);
      expect(
        (await move('editor', item, { status: 'In Review', expectedStatus: 'Received' }))
          .statusCode,
      ).toBe(200);
      expect(await updatedAt()).toBe(test.clock.now().getTime());
      expect(await updatedAt()).toBeGreaterThan(sentAt ?? Infinity);
      const [inReview] = await notices();
      expect(inReview?.subject).toBe(
        `Harbor Community Bank: your loan application ${number} is In Review`,
      );
      expect(inReview?.body).toMatch(
        new RegExp(
          `^The status of your Personal Loan application ${number} changed to In Review on \\w+ \\d{1,2}, \\d{4}\\.`,
        ),
      );

      // Back to a status it had: a move of its own, told again; the words are the settings'.
      test.clock.advance(60_000);
      await move('editor', item, { status: 'Documents Needed', expectedStatus: 'In Review' });
      test.clock.advance(60_000);
      await withPublishedSettings(
        test.app,
        'localhost',
        {
          english: {
            emailTexts: {
              applicationStatusSubjectText: 'News about {applicationNumber}',
              applicationStatusBodyText: 'Your {product} application is {status} now.',
            },
          },
        },
        async () => {
          const back = await move('editor', item, {
            status: 'In Review',
            expectedStatus: 'Documents Needed',
          });
          expect(back.statusCode).toBe(200);
        },
      );
      expect(await updatedAt()).toBe(test.clock.now().getTime());
      const told = await notices();
      expect(told.map((message) => message.subject)).toEqual([
        `Harbor Community Bank: your loan application ${number} is In Review`,
        `Harbor Community Bank: your loan application ${number} is Documents Needed`,
        `News about ${number}`,
      ]);
      expect(told.at(-1)?.body).toBe('Your Personal Loan application is In Review now.');

      // A move refused changes nothing: no alert, the item as it was.
      const before = await updatedAt();
      test.clock.advance(60_000);
      expect(
        (await move('editor', item, { status: 'Funded', expectedStatus: 'In Review' })).statusCode,
      ).toBe(409);
      expect(await updatedAt()).toBe(before);
      expect(await notices()).toHaveLength(3);
    });

    it('refuses a move the lifecycle does not allow (409), and an amount or date that breaks the rules (400)', async () => {
      const { number, item } = await applied();
      const funded = await move('editor', item, { status: 'Funded', expectedStatus: 'Received' });
      expect(funded.statusCode).toBe(409);
      expect(errorOf(funded).message).toBe(
        'An application that is Received can move to In Review, Documents Needed, Approved, Declined or Withdrawn, not Funded.',
      );
      const noAmount = await move('editor', item, {
        status: 'Approved',
        expectedStatus: 'Received',
      });
      expect(noAmount.statusCode).toBe(400);
      expect(errorOf(noAmount).message).toBe('Enter the amount approved.');
      const tooMuch = await move('editor', item, {
        status: 'Approved',
        expectedStatus: 'Received',
        amountApprovedCents: 1_250_001,
      });
      expect(errorOf(tooMuch).message).toBe(
        'The amount approved cannot be more than the $12,500.00 requested.',
      );
      const past = await move('editor', item, {
        status: 'Approved',
        expectedStatus: 'Received',
        amountApprovedCents: 1_000_000,
        fundsExpected: '2001-01-01',
      });
      expect(errorOf(past).message).toBe('The funds cannot be expected before today.');
      const amountWhenDeclining = await move('editor', item, {
        status: 'Declined',
        expectedStatus: 'Received',
        amountApprovedCents: 5,
      });
      expect(amountWhenDeclining.statusCode).toBe(400);
      expect((await borrowerSees(jordan, number))?.Status).toBe('Received');

      const declined = await move('editor', item, {
        status: 'Declined',
        expectedStatus: 'Received',
      });
      expect(WorkItemApplication.parse(declined.json()).moves).toEqual([]);
      const final = await move('editor', item, { status: 'In Review', expectedStatus: 'Declined' });
      expect(final.statusCode).toBe(409);
      expect(errorOf(final).message).toBe('An application that is Declined cannot change status.');
    });

    it('lets one of two staff moving it at once succeed; the other is told its status now (409)', async () => {
      const { number, item } = await applied();
      const [first, second] = await Promise.all([
        move('editor', item, { status: 'Declined', expectedStatus: 'Received' }),
        move('colleague', item, {
          status: 'Approved',
          expectedStatus: 'Received',
          amountApprovedCents: 1_000_000,
        }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? 'Declined' : 'Approved';
      expect((await borrowerSees(jordan, number))?.Status).toBe(winner);
      const loser = first.statusCode === 409 ? first : second;
      expect(errorOf(loser).message).toMatch(new RegExp(`^The application is ${winner} now`));
      // Staff who looked before the move and send it late are told too.
      const stale = await move('editor', item, { status: 'In Review', expectedStatus: 'Received' });
      expect(stale.statusCode).toBe(409);
      expect((await audit()).filter((entry) => entry.comment?.includes(number))).toHaveLength(1);
    });

    it('asks for a handled item to be reopened before its application moves', async () => {
      const { number, item } = await applied();
      const handled = await post('editor', `${QUEUE}/${item}/handle`, {
        note: 'Sent to underwriting',
      });
      expect(handled.statusCode).toBe(200);
      const refused = await move('editor', item, {
        status: 'In Review',
        expectedStatus: 'Received',
      });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(
        'This item is handled: reopen it before changing the application’s status.',
      );
      expect((await post('editor', `${QUEUE}/${item}/reopen`, {})).statusCode).toBe(200);
      const moved = await move('editor', item, { status: 'In Review', expectedStatus: 'Received' });
      expect(moved.statusCode).toBe(200);
      expect((await borrowerSees(jordan, number))?.Status).toBe('In Review');
    });
  },
);
