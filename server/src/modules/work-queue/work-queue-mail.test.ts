import { AccountListResponse, accountCategory, ApplyResponse } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, mailTo, publishShared } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import {
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { PDF, uploadAs } from '../../testing/uploads';

const MAILBOX = 'loans-desk@harbor-community.example';
/** Seeded at Harbor: Jordan's home equity loan. */
const HOME_EQUITY = '001-100235-2';

/**
 * Issue 22: "a new item can notify the institution's shared mailbox" (messagesOptions.
 * messageRecipientEmail). Each kind of item, sent as borrowers send it, is told of there, by its
 * kind, sender and summary: never a number of an account in full, a message, a file or an
 * application's figures.
 */
describe.each(testDatabases())(
  "the shared mailbox's notice of each new item on $name",
  (database) => {
    let test: TestApp;
    let documentsDir: string;
    let jordan: SignedIn;

    beforeAll(async () => {
      documentsDir = mkdtempSync(join(tmpdir(), 'portal-work-queue-mail-test-'));
      test = await startTestApp(database, { documentsDir });
      await institutionIdOf(test);
      await publishShared(test, {
        messagesOptions: { messageRecipientEmail: MAILBOX, useCaptchaOption: 'false' },
        profileOptions: { forceManualCifChangesOption: 'true' },
        globalOptions: { applyForLoanURLOption: '' },
      });
      jordan = await signIn(test.app, { username: 'jordan.rivers' });
    }, 120_000);
    afterAll(async () => {
      await test?.close();
      rmSync(documentsDir, { recursive: true, force: true });
    });

    /** The one notice a step sent to the shared mailbox. */
    async function noticeOf(step: () => Promise<void>) {
      const before = (await mailTo(test, MAILBOX)).length;
      await step();
      const notices = await mailTo(test, MAILBOX);
      expect(notices).toHaveLength(before + 1);
      const notice = notices.at(-1);
      if (!notice) throw new Error('no notice');
      return { subject: notice.subject, body: notice.body ?? '' };
    }

    const post = (url: string, payload: object, who?: SignedIn) =>
      test.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextClientAddress(),
        headers: { ...PORTAL_WRITE_HEADERS, ...(who ? { cookie: who.cookie } : {}) },
        payload,
      });

    it('tells of a question, a number typed in its subject masked and its message left out', async () => {
      const notice = await noticeOf(async () => {
        const sent = await post(
          '/api/Messages/ContactUs',
          {
            Subject: 'Payoff of 001-100234-1',
            Message: 'Please send the payoff letter for 001-100234-1.',
          },
          jordan,
        );
        expect(sent.statusCode).toBe(200);
      });
      expect(notice.subject).toBe('Harbor Community Bank: new question in the work queue');
      expect(notice.body).toContain('From: Jordan Rivers <jordan.rivers@example.test>');
      expect(notice.body).toContain('Summary: Payoff of ****2341');
      expect(notice.body).not.toContain('001-100234-1');
      expect(notice.body).not.toContain('payoff letter');
    });

    it('tells of feedback, without its message', async () => {
      const notice = await noticeOf(async () => {
        const sent = await post('/api/Messages/Feedback', {
          FeedbackType: 'Good',
          SurveyQuestions: [],
          Message: 'The new payment page is quick.',
          ReturnURL: 'http://localhost/#/home/messages',
          Alert: { PersonalName: 'Sam Visitor', Email: 'sam.visitor@example.test' },
        });
        expect(sent.statusCode).toBe(200);
      });
      expect(notice.subject).toBe('Harbor Community Bank: new feedback in the work queue');
      expect(notice.body).toContain('From: Sam Visitor <sam.visitor@example.test>');
      expect(notice.body).toContain('Summary: Feedback: Good');
      expect(notice.body).not.toContain('quick');
    });

    it('tells of a contact-info change, its loans masked and its addresses left out', async () => {
      const accounts = AccountListResponse.parse(
        (
          await test.app.inject({ url: '/api/accountList', headers: { cookie: jordan.cookie } })
        ).json(),
      ).Accounts;
      const loans = accounts
        .filter((account) => ['loan', 'lineOfCredit'].includes(accountCategory(account.Type) ?? ''))
        .map((account) => account.Number);
      expect(loans.length).toBeGreaterThan(0);
      const notice = await noticeOf(async () => {
        const sent = await test.app.inject({
          method: 'PUT',
          url: '/api/ManualChangeContactInfo',
          headers: { ...PORTAL_WRITE_HEADERS, cookie: jordan.cookie },
          payload: {
            AccountNumbers: loans,
            PhoneNumber1: { OldPhoneNumber: '(207) 555-0134', NewPhoneNumber: '207-555-0199' },
          },
        });
        expect(sent.statusCode).toBe(200);
      });
      expect(notice.subject).toBe(
        'Harbor Community Bank: new contact-info change in the work queue',
      );
      expect(notice.body).toMatch(/Summary: Phone change for \*{4}\d{4}/);
      for (const loan of loans) expect(notice.body).not.toContain(loan);
      expect(notice.body).not.toContain('555-0199');
    });

    it('tells of a document, its loan masked and nothing of the file but its name and type', async () => {
      const notice = await noticeOf(async () => {
        const sent = await uploadAs(
          test,
          jordan,
          '/api/file/UploadFileWithLoanNumber',
          { LoanNumber: HOME_EQUITY, FileTypeID: '1' },
          [{ bytes: PDF, name: 'insurance-declaration.pdf', type: 'application/pdf' }],
        );
        expect(sent.statusCode).toBe(200);
      });
      expect(notice.subject).toBe('Harbor Community Bank: new document in the work queue');
      expect(notice.body).toContain('insurance-declaration.pdf');
      expect(notice.body).toContain('****2352');
      expect(notice.body).not.toContain(HOME_EQUITY);
      expect(notice.body).not.toContain('%PDF');
    });

    it('tells of a loan application, without its purpose, income or employment', async () => {
      let number = '';
      const notice = await noticeOf(async () => {
        const sent = await test.app.inject({
          method: 'POST',
          url: '/api/Register/Apply',
          headers: {
            ...PORTAL_WRITE_HEADERS,
            cookie: jordan.cookie,
            'idempotency-key': randomUUID(),
          },
          payload: {
            ProductId: 'personal',
            AmountRequested: 12_500,
            TermMonths: 36,
            Purpose: 'Consolidate two credit cards',
            AnnualIncome: 85_000,
            EmploymentStatus: 'fullTime',
            ContactConsent: true,
          },
        });
        expect(sent.statusCode).toBe(200);
        number = ApplyResponse.parse(sent.json()).ApplicationNumber;
      });
      expect(notice.subject).toBe('Harbor Community Bank: new loan application in the work queue');
      expect(notice.body).toContain(`Summary: Personal Loan application ${number} for $12,500.00`);
      expect(notice.body).not.toContain('credit cards');
      expect(notice.body).not.toContain('85,000');
      expect(notice.body).not.toContain('full-time');
    });
  },
);
