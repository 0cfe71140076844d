import { z } from 'zod';
import { Money } from './money';
import { withEnvelope } from '../envelope';

/**
 * The payoff quote's calls (spec 001), apart from account-details.ts: payments.ts lists them
 * among its endpoints, and account-details.ts reads GetPaymentInfo's payment shapes from
 * payments.ts, so a file of their own keeps them out of that import cycle.
 */

/** `GET /api/PaymentInformation/GetPayOffQuote?AccountNumber&PayOffDate` (spec 001). */
export const PayoffQuoteQuery = z.object({
  AccountNumber: z.string().min(1).max(40),
  PayOffDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
});
export const PayoffQuoteResponse = withEnvelope({ PayOffQuoteAmount: Money });
export const PayoffDownloadTokenRequest = z.object({
  AccountNumber: z.string().min(1).max(40),
  EffectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
});
