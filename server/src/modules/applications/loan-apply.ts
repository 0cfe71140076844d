import {
  APPLY_ERROR_CODES,
  applyInputOf,
  ApplyResponse,
  calendarDateIn,
  employmentStatusText,
  errorEnvelope,
  findLoanProduct,
  formatUsd,
  formatUsDateTime,
  isEmploymentStatus,
  loanApplicationConsentText,
  loanApplicationEntry,
  loanApplicationProblems,
  loanApplicationProblemTexts,
  loanApplicationSummary,
  loanProductsOf,
  okEnvelope,
  termText,
  type ApplyRefusedResponse,
  type ApplyRequest,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  CoreUnavailableError,
  type CoreApplication,
  type ServicingCore,
} from '../../core/servicing-core';
import { idempotencyKeys } from '../../db/idempotency-keys';
import type { Database } from '../../db/schema';
import type { SignedInCaller } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import {
  completeResumableWithin,
  IDEMPOTENCY_REFUSALS,
  type IdempotentAnswer,
  type IdempotentSubmission,
  peekResumable,
  requestFingerprint,
  runOnceResumable,
} from '../../lib/idempotency';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import type { WorkQueueService } from '../work-queue/work-queue.service';

/*
 * Applying for a loan in the portal (`POST /api/Register/Apply`, issue 22): the application is
 * made in the core and becomes an 'application' item of the institution's work queue (its
 * reference the application's number), exactly once per attempt, and never one without the
 * other for longer than it takes to finish.
 *
 * - Offered only where Apply for a loan leads to the portal's form (domain loanApplicationEntry:
 *   no applyForLoanURLOption, consumer applications on, a product offered); else 403 NotOffered.
 * - Checked with the domain's rules (applications/loan-application.ts) before anything is kept:
 *   a refusal answers 400 with each problem in the rules' words and InvalidFields; it is not
 *   stored on the key (the same body is refused the same way again).
 * - Every attempt carries an Idempotency-Key, as a payment does (IdempotencyKeyMissing 400
 *   without one; a key of another body IdempotencyKeyReused 422; one whose first request is
 *   still running IdempotencyKeyInProgress 409). A double-click sends the same key: the second
 *   request gets the first one's application.
 * - The core is not our database (a bank's core is another system), so the application and the
 *   work item cannot be written in one transaction. Instead: (1) the key's claim commits with a
 *   safety job ('applications.finish', APPLICATION_FINISH_DELAY_MS later); (2) the core makes the
 *   application under a request key derived from the user and the Idempotency-Key, so making it
 *   again answers the same application; (3) the work item and the key's answer commit together,
 *   written only by whoever answers the key first. A request that dies after (1) or (2) is
 *   finished by its retry (same key) or, if the borrower never retries, by the job: the item
 *   exists exactly when the application does, after at most the job's delay.
 * - The core out of reach answers 503 Connection; any other failure 500 Generic. Either way the
 *   key stays claimed: a retry with it, or the job, finishes the same application.
 * - The job row (kept a week in the jobs table) holds only what the job cannot read again: the
 *   key's scope and fingerprint, when it was sent, and the application as sent (amount, purpose,
 *   income, employment, the consent's words), sealed with the data key (DataProtector.encrypt,
 *   as staff TOTP secrets and saved bank accounts are). The borrower's name, e-mail address and
 *   customer, and the institution's time zone, are read again when the job runs.
 * - A refusal's words and the work item's are the institution's (`loanApplicationTexts`).
 */

export const APPLICATION_FINISH_QUEUE = 'applications.finish';

/** How long after an attempt its job looks whether the attempt finished (and finishes it). */
export const APPLICATION_FINISH_DELAY_MS = 2 * 60_000;

/** The application as sent, and the words it was sent with: sealed in the job. */
const SentApplication = z.object({
  productId: z.string(),
  productName: z.string(),
  amountRequestedCents: z.number().int(),
  termMonths: z.number().int(),
  purpose: z.string(),
  annualIncomeCents: z.number().int(),
  employmentStatus: z.string(),
  requiredDocuments: z.array(z.string()),
  /** The employment and the consent as the form worded them (the work item keeps them). */
  employmentText: z.string(),
  consentText: z.string(),
});
type SentApplication = z.infer<typeof SentApplication>;

/** What the key's record of the attempt needs: its scope and fingerprint. */
interface AttemptKey {
  institutionId: number;
  userId: string;
  key: string;
  fingerprint: string;
}

/**
 * The job's payload (JSON in the jobs table): the attempt's key, when it was sent (the consent's
 * time, ISO), and the application sealed (`sealed`: DataProtector.encrypt of its JSON).
 */
const FinishJob = z.object({
  institutionId: z.number().int(),
  userId: z.string(),
  key: z.string(),
  fingerprint: z.string(),
  sentAt: z.string(),
  sealed: z.string(),
});
type FinishJob = z.infer<typeof FinishJob>;

/** What finishing an attempt needs, in memory: the job's payload opened and read again. */
interface FinishWork extends AttemptKey {
  timeZone: string;
  customerId: string;
  sentAt: string;
  date: string;
  sender: { name: string; email: string };
  application: SentApplication;
}

export type ApplyStatus = 200 | 400 | 403 | 409 | 422 | 500 | 503;
export type ApplyAnswer =
  { status: 200; body: ApplyResponse } | { status: ApplyStatus; body: ApplyRefusedResponse };

export type ApplyCaller = Pick<
  SignedInCaller,
  'institutionId' | 'timeZone' | 'userId' | 'customerId' | 'email'
>;

export interface LoanApplyDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: Pick<ServicingCore, 'createApplication'>;
  institutions: Pick<InstitutionsService, 'settings' | 'findById'>;
  borrowers: Pick<BorrowersService, 'findBorrowerById'>;
  workQueue: Pick<WorkQueueService, 'submit'>;
  dataProtector: Pick<DataProtector, 'digest' | 'encrypt' | 'decrypt'>;
  /** The job queue (built after this service: reached when an attempt is made). */
  jobs(): Pick<JobQueue, 'enqueue'>;
}

export interface LoanApplyService {
  apply(caller: ApplyCaller, body: ApplyRequest, key: string | undefined): Promise<ApplyAnswer>;
  /** The safety job's queue (app.ts hands it to the job queue). */
  queue: QueueDefinition<never>;
}

const ROUTE = 'Register/Apply';

function refused(status: ApplyStatus, ...codes: string[]): ApplyAnswer {
  return { status, body: errorEnvelope(...codes) };
}

function answerOf(application: CoreApplication): IdempotentAnswer<ApplyResponse> {
  return {
    status: 200,
    body: {
      ...okEnvelope(),
      ApplicationNumber: application.number,
      Status: application.status,
      RequiredDocuments: application.requiredDocuments,
    },
  };
}

/** Who the work item names: the borrower's name (or login name) and e-mail address. */
function senderOf(
  borrower: { personal_name: string; username: string; email: string } | undefined,
  fallbackEmail: string,
) {
  return {
    name: borrower?.personal_name || borrower?.username || fallbackEmail,
    email: borrower?.email ?? fallbackEmail,
  };
}

/** The work queue's item: what staff read of the application (no number of an account). */
function workItemOf(work: FinishWork, application: CoreApplication) {
  const sent = work.application;
  return {
    institutionId: work.institutionId,
    kind: 'application' as const,
    userId: work.userId,
    senderName: work.sender.name,
    senderEmail: work.sender.email,
    summary: loanApplicationSummary({
      productName: sent.productName,
      number: application.number,
      amountRequestedCents: sent.amountRequestedCents,
    }),
    details: {
      applicationNumber: application.number,
      product: sent.productName,
      amountRequested: formatUsd(sent.amountRequestedCents),
      term: termText(sent.termMonths),
      purpose: sent.purpose,
      annualIncome: formatUsd(sent.annualIncomeCents),
      employment: sent.employmentText,
      contactConsent: `Agreed ${formatUsDateTime(work.sentAt, work.timeZone)}: “${sent.consentText}”`,
      requiredDocuments: application.requiredDocuments,
    },
    reference: application.number,
  };
}

export function createLoanApplyService(deps: LoanApplyDeps): LoanApplyService {
  const { db, clock, core, workQueue } = deps;

  function submissionOf(work: AttemptKey): IdempotentSubmission<ApplyResponse, Database> {
    return {
      db,
      store: idempotencyKeys,
      institutionId: work.institutionId,
      userId: work.userId,
      key: work.key,
      fingerprint: work.fingerprint,
      now: clock.now(),
      parseBody: (stored) => ApplyResponse.parse(stored),
    };
  }

  /** The core's application of the attempt: made now, or the one the attempt made before. */
  async function createInCore(work: FinishWork): Promise<CoreApplication> {
    const sent = work.application;
    const { application } = await core.createApplication(
      { institutionId: work.institutionId, customerId: work.customerId },
      {
        // Per institution, user and Idempotency-Key, and no guessable text in the core.
        requestKey: deps.dataProtector.digest(
          'loan-application-request',
          `${work.institutionId}\n${work.userId}\n${work.key}`,
        ),
        date: work.date,
        productId: sent.productId,
        productName: sent.productName,
        amountRequestedCents: sent.amountRequestedCents,
        termMonths: sent.termMonths,
        purpose: sent.purpose,
        annualIncomeCents: sent.annualIncomeCents,
        employmentStatus: sent.employmentStatus,
        contactConsentAt: new Date(work.sentAt),
        requiredDocuments: sent.requiredDocuments,
      },
    );
    return application;
  }

  /** The key's answer and, when this call gives it, the work item, in `trx`. */
  async function record(
    trx: Kysely<Database>,
    work: FinishWork,
    application: CoreApplication,
  ): Promise<IdempotentAnswer<ApplyResponse>> {
    const done = await completeResumableWithin(trx, submissionOf(work), answerOf(application));
    if (done.stored) await workQueue.submit(workItemOf(work, application), trx);
    // The key gone (its user deleted meanwhile): the application's own answer.
    return done.answer ?? answerOf(application);
  }

  async function finish(work: FinishWork): Promise<ApplyAnswer> {
    let application: CoreApplication;
    try {
      application = await createInCore(work);
    } catch (error) {
      if (error instanceof CoreUnavailableError) {
        return refused(503, APPLY_ERROR_CODES.connection);
      }
      throw error;
    }
    const answer = await db.transaction().execute((trx) => record(trx, work, application));
    // Only an application received is ever stored on a key.
    return { status: 200, body: answer.body };
  }

  /** The job's payload: nothing personal in the clear. */
  function jobOf(work: FinishWork): FinishJob {
    return {
      institutionId: work.institutionId,
      userId: work.userId,
      key: work.key,
      fingerprint: work.fingerprint,
      sentAt: work.sentAt,
      sealed: deps.dataProtector.encrypt(JSON.stringify(work.application)),
    };
  }

  /** The job's payload opened, with what it does not keep read again; undefined: no borrower. */
  async function workOf(job: FinishJob): Promise<FinishWork | undefined> {
    const [borrower, institution] = await Promise.all([
      deps.borrowers.findBorrowerById(job.institutionId, job.userId),
      deps.institutions.findById(job.institutionId),
    ]);
    if (!borrower) return undefined;
    const timeZone = institution?.timeZone ?? 'America/New_York';
    return {
      institutionId: job.institutionId,
      userId: job.userId,
      key: job.key,
      fingerprint: job.fingerprint,
      timeZone,
      customerId: borrower.customer_id,
      sentAt: job.sentAt,
      date: calendarDateIn(timeZone, new Date(job.sentAt)),
      sender: senderOf(borrower, ''),
      application: SentApplication.parse(JSON.parse(deps.dataProtector.decrypt(job.sealed))),
    };
  }

  const queue: QueueDefinition<unknown> = {
    name: APPLICATION_FINISH_QUEUE,
    async handler({ job, complete }) {
      const stored = FinishJob.parse(job.payload);
      const state = await peekResumable(submissionOf(stored));
      // Answered (the request finished), or gone: nothing to do.
      if (state?.outcome !== 'continue') return;
      const work = await workOf(stored);
      // The borrower is gone (their keys go with them): there is no one to apply for.
      if (!work) return;
      const application = await createInCore(work);
      await complete((trx) => record(trx, work, application));
    },
  };

  return {
    queue,

    async apply(caller, body, key) {
      if (key === undefined) {
        return refused(IDEMPOTENCY_REFUSALS.IdempotencyKeyMissing, 'IdempotencyKeyMissing');
      }
      const settings = await deps.institutions.settings(caller.institutionId);
      if (loanApplicationEntry(settings).kind !== 'form') {
        return refused(403, APPLY_ERROR_CODES.notOffered);
      }
      const products = loanProductsOf(settings);
      const input = applyInputOf(body);
      const product = findLoanProduct(products, input.productId);
      const problems = loanApplicationProblemTexts(
        loanApplicationProblems(input, products),
        product,
        settings,
      );
      if (problems.length > 0 || !product) {
        return {
          status: 400,
          body: {
            ...errorEnvelope(...problems.map((problem) => problem.text)),
            InvalidFields: problems.map((problem) => problem.field),
          },
        };
      }

      const now = clock.now();
      const borrower = await deps.borrowers.findBorrowerById(caller.institutionId, caller.userId);
      const work: FinishWork = {
        institutionId: caller.institutionId,
        timeZone: caller.timeZone,
        userId: caller.userId,
        customerId: caller.customerId,
        key,
        fingerprint: requestFingerprint(deps.dataProtector, ROUTE, body),
        sentAt: now.toISOString(),
        date: calendarDateIn(caller.timeZone, now),
        sender: senderOf(borrower, caller.email),
        application: {
          productId: product.id,
          productName: product.name,
          amountRequestedCents: input.amountRequestedCents,
          termMonths: input.termMonths,
          purpose: input.purpose,
          annualIncomeCents: input.annualIncomeCents,
          employmentStatus: input.employmentStatus,
          requiredDocuments: [...product.documents],
          employmentText: isEmploymentStatus(input.employmentStatus)
            ? employmentStatusText(input.employmentStatus, settings)
            : input.employmentStatus,
          consentText: loanApplicationConsentText(settings),
        },
      };
      const outcome = await runOnceResumable(submissionOf(work), async (trx) => {
        await deps.jobs().enqueue(
          APPLICATION_FINISH_QUEUE,
          jobOf(work),
          {
            key: `${work.institutionId}:${work.userId}:${key}`,
            runAt: new Date(now.getTime() + APPLICATION_FINISH_DELAY_MS),
          },
          trx,
        );
        return { kind: 'continue' };
      });
      switch (outcome.outcome) {
        case 'refused':
          return refused(IDEMPOTENCY_REFUSALS[outcome.refusal], outcome.refusal);
        case 'ran':
        case 'replayed':
          return { status: 200, body: outcome.answer.body };
        case 'continue':
          return finish(work);
      }
    },
  };
}
