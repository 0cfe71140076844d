import {
  calendarDateIn,
  type CalendarDate,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  payoffDateAllowed,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CorePayoffQuote, CustomerRef, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SignedInCaller } from '../../lib/caller';
import type { PdfBranding } from '../../lib/pdf/branded-pdf';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import { loanPayoffLessInFlight } from '../payments/payments.service';
import { payoffBreakdownPdf } from './payoff-breakdown-pdf';

/** Who asks for a quote: the signed-in borrower's customer, in the institution's time zone. */
export type PayoffCaller = Pick<
  SignedInCaller,
  'institutionId' | 'timeZone' | 'userId' | 'customerId'
>;

/**
 * A quote as of a date: none for an account the customer does not hold, 'refused' for a date the
 * rules do not allow (payoffDateAllowed).
 */
export type PayoffQuoteOutcome =
  | { kind: 'notFound' }
  | { kind: 'refused' }
  | { kind: 'ok'; asOf: CalendarDate; totalCents: number };

/** The breakdown's PDF, with what its file is named after. */
export interface PayoffBreakdown {
  accountNumber: string;
  asOf: CalendarDate;
  pdf: Uint8Array;
}

/** Payoff quotes as of a date and their breakdown (spec 001 sections 7 and 5, spec 002 dialogs). */
export interface PayoffService {
  quote(caller: PayoffCaller, accountNumber: string, date: string): Promise<PayoffQuoteOutcome>;
  /**
   * A download token that opens the quote's breakdown; undefined when there is none to download
   * (no quote for the account or date, or the institution's loan page offers no payoff quote).
   */
  breakdownToken(
    caller: PayoffCaller,
    accountNumber: string,
    date: string,
  ): Promise<string | undefined>;
  /** The breakdown a download token opens (the token is spent); undefined for a bad token. */
  breakdown(input: {
    institutionId: number;
    timeZone: string;
    token: string;
    sessionUserId: string | undefined;
  }): Promise<PayoffBreakdown | undefined>;
}

const BreakdownPayload = z.object({ accountNumber: z.string(), date: z.string() });

/**
 * A quote as the borrower is given it: the core's, its total less what the loan's payments in
 * flight will still bring (`inFlightCents`, what was taken off), as GetPaymentInfo's PayOffAmount
 * counts them (payments.service `loanPayoffLessInFlight`): a borrower with a payment processing is
 * not quoted a payoff that would overpay by it. The core's parts (principal, interest, fees) are
 * as the core has them, before those payments; the breakdown shows what is taken off.
 */
type BorrowerPayoffQuote = CorePayoffQuote & { inFlightCents: number };

export function createPayoffService(options: {
  /** The loan's payments in flight are read through the payments module (its service). */
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  downloads: DownloadTokens;
  borrowers: BorrowersService;
  branding(institutionId: number): Promise<PdfBranding>;
  settings(institutionId: number): Promise<Pick<SettingsAccessor, 'get'>>;
}): PayoffService {
  const { db, clock, core, downloads, borrowers } = options;

  const quoteFor = async (
    customer: CustomerRef,
    timeZone: string,
    number: string,
    date: string,
  ): Promise<{ today: CalendarDate; quote: BorrowerPayoffQuote | 'refused' | undefined }> => {
    const today = calendarDateIn(timeZone, clock.now());
    const asOf = date.slice(0, 10);
    if (!payoffDateAllowed(asOf, today)) return { today, quote: 'refused' };
    const quoted = await core.payoffQuote(customer, number, asOf);
    if (!quoted) return { today, quote: undefined };
    const left = await loanPayoffLessInFlight(
      db,
      { institutionId: customer.institutionId, loanNumber: number },
      quoted.totalCents,
      // A future date: what is scheduled before it pays first (a payoff scheduled then pays the rest).
      asOf > today ? asOf : undefined,
    );
    return {
      today,
      quote: { ...quoted, totalCents: left.totalCents, inFlightCents: left.inFlightCountedCents },
    };
  };
  const customerOf = (caller: PayoffCaller): CustomerRef => ({
    institutionId: caller.institutionId,
    customerId: caller.customerId,
  });

  return {
    async quote(caller, accountNumber, date) {
      const { quote } = await quoteFor(customerOf(caller), caller.timeZone, accountNumber, date);
      if (quote === undefined) return { kind: 'notFound' };
      if (quote === 'refused') return { kind: 'refused' };
      return { kind: 'ok', asOf: quote.asOf, totalCents: quote.totalCents };
    },

    async breakdownToken(caller, accountNumber, date) {
      // The breakdown belongs to the loan page's payoff quote dialog, which the institution may
      // switch off (payoffQuoteOptions.usePayoffQuoteOption): then there is none to download.
      // The quote itself stays, for the payment screen's payoff line.
      const settings = await options.settings(caller.institutionId);
      if (!settings.get('payoffQuoteOptions.usePayoffQuoteOption')) return undefined;
      const { quote } = await quoteFor(customerOf(caller), caller.timeZone, accountNumber, date);
      if (quote === undefined || quote === 'refused') return undefined;
      return downloads.issue({
        institutionId: caller.institutionId,
        userId: caller.userId,
        purpose: 'payoff',
        payload: { accountNumber, date: quote.asOf },
      });
    },

    async breakdown({ institutionId, timeZone, token, sessionUserId }) {
      const redeemed = await downloads.redeem({
        institutionId,
        token,
        purpose: 'payoff',
        sessionUserId,
      });
      const payload = BreakdownPayload.safeParse(redeemed?.payload);
      const borrower = redeemed && (await borrowers.customerOf(institutionId, redeemed.userId));
      if (!payload.success || !borrower) return undefined;
      const customer = { institutionId, customerId: borrower.customerId };
      const { today, quote } = await quoteFor(
        customer,
        timeZone,
        payload.data.accountNumber,
        payload.data.date,
      );
      const account = await core.findAccount(customer, payload.data.accountNumber, today);
      if (!quote || quote === 'refused' || !account) return undefined;
      const [branding, settings] = await Promise.all([
        options.branding(institutionId),
        options.settings(institutionId),
      ]);
      const pdf = await payoffBreakdownPdf({
        branding,
        accountNumber: account.number,
        description: account.description,
        borrowerName: account.nameOnAccount,
        instructions: fillPlaceholders(settings.get('payoffQuoteTexts.payoffInstructionsText'), {
          institutionName: branding.institutionName,
          loanNumber: account.number,
          date: formatUsDate(quote.asOf),
          amount: formatUsd(quote.totalCents),
        }),
        quote,
        processing:
          quote.inFlightCents > 0
            ? {
                lineText: settings.get('payoffQuoteTexts.breakdownProcessingLineText'),
                noteText: fillPlaceholders(
                  settings.get('payoffQuoteTexts.breakdownProcessingNoteText'),
                  { amount: formatUsd(quote.inFlightCents) },
                ),
              }
            : undefined,
        today,
      });
      return { accountNumber: account.number, asOf: quote.asOf, pdf };
    },
  };
}
