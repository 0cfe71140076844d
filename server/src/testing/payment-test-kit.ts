import {
  AddPaymentMethodResponse,
  PaymentInfoResponse,
  type SavedPaymentMethod,
  SubmitPaymentResponse,
} from '@portal/domain';
import { passesLuhn } from '@portal/domain';
import type { PortalApp } from '../app';
import type { AchDayFile } from '../core/ach/ach-processor';
import { PAYMENT_POST_QUEUE } from '../modules/payments/payment-posting';
import { PORTAL_WRITE_HEADERS, type SignedIn } from './test-app';
import { wireOf } from './wire';

export { charges, coreLines, databaseText, debits } from './payment-test-counts';

/*
 * What the payments tests share: the demo loans, request bodies, calls and the counts that prove
 * a payment moved money and posted exactly once. Test code only.
 */

// Seeded at Harbor (branch 001) on 2025-03-14, America/New_York.
export const AUTO_LOAN = '001-100234-1';
export const HOME_EQUITY = '001-100235-2';
export const NO_SUCH_LOAN = '001-999999-9';
export const TODAY = '2025-03-14';

export const VISA = '4242424242424242';
export const VISA_DEBIT = '4000056655665556';
export const DECLINED_VISA = '4000000000000002';
export const OVER_LIMIT_VISA = '4000000000009995';
export const SECURITY_CODE = '739';
export const HARBOR_BANK = '011099990';
export const ACCOUNT_NUMBER = '90817263544';

export interface Caller {
  app: PortalApp;
  who: SignedIn;
  answers?: string[];
}

export async function call(
  caller: Caller,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await caller.app.inject({
    method,
    url,
    headers: {
      cookie: caller.who.cookie,
      ...(method === 'GET' ? {} : PORTAL_WRITE_HEADERS),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  caller.answers?.push(response.body);
  return response;
}

/** Opens an ACH draft agreement preview as the portal's link does (the agreement needs it). */
export async function openAchDraftPreview(caller: Caller, token: string): Promise<void> {
  const opened = await call(
    caller,
    'GET',
    `/api/AchDraftAgreement/RenderACHDraftAgreementPreview?token=${encodeURIComponent(token)}`,
  );
  if (opened.statusCode !== 200) throw new Error(`the preview did not open: ${opened.statusCode}`);
}

export async function addCard(
  caller: Caller,
  loan: string,
  number = VISA,
  save = true,
): Promise<SavedPaymentMethod> {
  const response = await call(caller, 'POST', '/api/PaymentMethod/AddCardPaymentMethod', {
    BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
    CardHolderFirstName: 'Jordan',
    CardHolderLastName: 'Rivers',
    CardNumber: number,
    ExpirationDate: '12/29',
    SecurityCode: SECURITY_CODE,
    CardType: 'visa',
    DebitCreditType: 'CreditCard',
    LoanAccountNumber: loan,
    SavePaymentProfile: save,
  });
  const method = AddPaymentMethodResponse.parse(response.json()).PaymentMethod;
  if (!method) throw new Error(`No card: ${response.body}`);
  return method;
}

export async function addAccount(caller: Caller, accountNumber = ACCOUNT_NUMBER) {
  const response = await call(caller, 'POST', '/api/PaymentMethod/AddAchPaymentMethod', {
    AccountType: 'Checking',
    RoutingNumber: HARBOR_BANK,
    AccountNumber: accountNumber,
    OwnerName: 'Jordan Rivers',
  });
  const method = AddPaymentMethodResponse.parse(response.json()).PaymentMethod;
  if (!method) throw new Error(`No account: ${response.body}`);
  return method;
}

/** Runs the payments' posting jobs due now until none is left; how many finished. */
export async function runPostJobs(app: PortalApp): Promise<number> {
  let done = 0;
  for (;;) {
    const ran = await app.services.jobs.runOnce(PAYMENT_POST_QUEUE);
    if (ran === 0) return done;
    done += ran;
  }
}

/**
 * A bank-account payment posts once its debit is sent: the processing day's next ACH file made,
 * as staff's Make file makes it (the payments whose debits it sent queued for posting), and the
 * posting jobs run. The file made; undefined when no debit of the day waited for one.
 */
export async function sealAndPost(
  app: PortalApp,
  institutionId: number,
  date: string,
): Promise<AchDayFile | undefined> {
  const file = await app.services.achProcessor.sealNextFile(institutionId, date);
  await app.services.paymentPosting.queueSentPosts(institutionId);
  await runPostJobs(app);
  return file;
}

/** GetPaymentInfo's answer as on the wire (money in dollars), checked against its schema. */
export async function paymentInfo(caller: Caller, loan: string) {
  const response = await call(
    caller,
    'GET',
    `/api/PaymentInformation/GetPaymentInfo?accountNumber=${loan}`,
  );
  return { status: response.statusCode, body: wireOf(PaymentInfoResponse, response.json()) };
}

/** A payment request body (dollars on the wire). */
export function paymentBody(options: {
  loan: string;
  method: SavedPaymentMethod | { IsCard: false; AchInfo: Record<string, string> };
  date?: string;
  amount?: number;
  firstPartyFee?: number;
  thirdPartyFee?: number;
  additionalPrincipal?: number;
  isPayoff?: boolean;
  recurring?: { RecurringOption: string; DaysBeforeDue: number };
  achDraftToken?: string;
}) {
  return {
    EncryptedData: '',
    ...(options.recurring ? { AchDraftAgreementToken: options.achDraftToken ?? '' } : {}),
    Payment: {
      LogonName: 'jordan.rivers',
      Details: {
        PaymentDate: options.date ?? TODAY,
        LoanAccountNumber: options.loan,
        Company: 0,
        PaymentAmount: options.amount ?? 100,
        FirstPartyFee: options.firstPartyFee ?? 0,
        ThirdPartyFee: options.thirdPartyFee ?? 0,
        AdditionalPrincipalAmount: options.additionalPrincipal ?? 0,
      },
      AccountType: 0,
      IsPayoff: options.isPayoff ?? false,
      Method: options.method,
      ...(options.recurring ? { RecurringDetails: options.recurring } : {}),
    },
  };
}

export const SUBMIT_PATHS = {
  immediateCard: '/api/PaymentImmediate/SubmitCard',
  immediateAch: '/api/PaymentImmediate/SubmitAch',
  scheduledCard: '/api/PaymentScheduled/SubmitCard',
  scheduledAch: '/api/PaymentScheduled/SubmitAch',
  recurringCard: '/api/PaymentRecurring/SubmitCard',
  recurringAch: '/api/PaymentRecurring/SubmitAch',
} as const;

export async function submit(
  caller: Caller,
  path: keyof typeof SUBMIT_PATHS,
  body: unknown,
  key: string | undefined,
) {
  const response = await call(
    caller,
    'POST',
    SUBMIT_PATHS[path],
    body,
    key === undefined ? {} : { 'idempotency-key': key },
  );
  const parsed = SubmitPaymentResponse.safeParse(response.json());
  if (!parsed.success)
    throw new Error(`Not a submit answer: ${response.statusCode} ${response.body}`);
  return { status: response.statusCode, body: parsed.data };
}

/** Instants written as text: their digits are no card number. */
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;

/**
 * Luhn-valid runs of 13 to 19 digits standing on their own (inside a hex digest or an id they
 * are random characters), also when written in groups ('4242 4242 ...'), as the card
 * processor's scan reads them.
 */
export function cardNumbersIn(text: string): string[] {
  // The log's epoch milliseconds and decimal fractions (a response time) are no card numbers.
  const plain = text
    .replace(ISO_INSTANT, ' ')
    .replace(/"time":\d+/g, ' ')
    .replace(/\d*\.\d+/g, ' ');
  // A card number written as cards print it: groups of four (4-4-4-4, up to 19 digits) or the
  // amex 4-6-5, spaced or dashed. (Joining any digits a space apart made numbers of unrelated
  // columns: a random run is Luhn-valid one time in ten, and the test failed by chance.)
  const formatted = (
    plain.match(
      /(?<![0-9A-Za-z])(?:\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5})(?![0-9A-Za-z])/g,
    ) ?? []
  ).map((number) => number.replace(/[ -]/g, ''));
  const runs = [...(plain.match(/(?<![0-9A-Za-z])\d+(?![0-9A-Za-z])/g) ?? []), ...formatted];
  return [...new Set(runs)].filter(
    (run) => run.length >= 13 && run.length <= 19 && passesLuhn(run),
  );
}
