import { z } from 'zod';
import { PaymentStatus } from './payment-timeline';

/*
 * The ACH processor's NACHA files for staff (the admin's ACH files page,
 * server/src/modules/ach-files). Money in integer cents (the admin API is ours, not the specs'
 * dollars on the wire).
 */

export const AchFileSummary = z.object({
  /** The File ID Modifier: A for the day's first file, then B... Z, 0... 9. */
  fileIdModifier: z.string(),
  entries: z.number().int(),
  totalDebitCents: z.number().int(),
  /** When it was made, ISO 8601. */
  sealedAt: z.string(),
  /** What the download is called: ACH-<slug>-<date>-<modifier>.txt. */
  fileName: z.string(),
});
export type AchFileSummary = z.infer<typeof AchFileSummary>;

/**
 * When a day's debits in no file yet are filed without staff (the sealing job,
 * server/src/modules/payments/ach-file-sealing.ts `automaticFilingOf`):
 * - atCutoff: at the day's ACH cut-off (it has not passed);
 * - soon: at the job's next run, within minutes (the cut-off passed and the day has no file made
 *   after it, or the day is over);
 * - nextMorning: the cut-off passed and the day's cut-off file is made: these came after it and
 *   go in a file after midnight, as a real processor's go in the next day's file.
 */
export const AUTOMATIC_FILINGS = ['atCutoff', 'soon', 'nextMorning'] as const;
export type AutomaticFiling = (typeof AUTOMATIC_FILINGS)[number];

/** The sealed file that sent a debit, when the processor's days show it. */
export const AchOriginalFile = z.object({
  /** The debit's processing day, 'YYYY-MM-DD'. */
  date: z.string(),
  fileIdModifier: z.string(),
  fileName: z.string(),
});

/** The portal's payment a returned (or corrected) debit was for, as staff find it under Payments. */
export const AchReturnPayment = z.object({
  /** The payment's confirmation number. */
  referenceNumber: z.string(),
  status: PaymentStatus,
});

/**
 * A return the ACH processor received: a borrower's bank sent a debit back (payments'
 * payment-returns.ts applies it to its payment on its own).
 */
export const AchReturnReceived = z.object({
  /** The original debit's trace number, 15 digits. */
  traceNumber: z.string(),
  amountCents: z.number().int(),
  /** NACHA's return reason code: R01... */
  reasonCode: z.string(),
  /** The reason in the bank's words: 'Insufficient funds'. */
  reason: z.string(),
  /** Absent when no payment of the portal has the debit's trace number. */
  payment: AchReturnPayment.optional(),
  /** Absent when the debit is in none of the processor's sealed files it lists. */
  originalFile: AchOriginalFile.optional(),
});
export type AchReturnReceived = z.infer<typeof AchReturnReceived>;

/**
 * A notification of change the ACH processor received: the bank took the debit but names the
 * account differently now (payments' payment-returns.ts corrects the saved account). The
 * corrected account number itself is never sent to the admin app.
 */
export const AchChangeNoticeReceived = z.object({
  traceNumber: z.string(),
  /** NACHA's change code: C01... */
  changeCode: z.string(),
  /** What is to be corrected, in words: 'Incorrect account number'. */
  change: z.string(),
  payment: AchReturnPayment.optional(),
  originalFile: AchOriginalFile.optional(),
});
export type AchChangeNoticeReceived = z.infer<typeof AchChangeNoticeReceived>;

/** `GET /admin-api/institutions/:slug/ach-files`: the processing days, newest first. */
export const AchDayListResponse = z.object({
  /** The institution's ACH cut-off as published, HH:MM in its time zone. */
  cutoffTime: z.string(),
  days: z.array(
    z.object({
      /** The processing day, 'YYYY-MM-DD' in the institution's time zone. */
      date: z.string(),
      /** All the day's debits, in a file or not. */
      entries: z.number().int(),
      totalDebitCents: z.number().int(),
      /** The day's sealed files, A first. */
      files: z.array(AchFileSummary),
      /** The debits in no file yet: the day's next file, and when it is made on its own. */
      pending: z.object({
        entries: z.number().int(),
        totalDebitCents: z.number().int(),
        /** Absent when nothing waits. */
        filedOnItsOwn: z.enum(AUTOMATIC_FILINGS).optional(),
      }),
      /**
       * The returns and notifications of change received on this day (a day may have these and
       * no debits of its own: then entries is 0 and files empty).
       */
      returns: z.array(AchReturnReceived),
      notices: z.array(AchChangeNoticeReceived),
    }),
  ),
});
export type AchDay = z.infer<typeof AchDayListResponse>['days'][number];

/**
 * `POST /admin-api/institutions/:slug/ach-files/:date`'s body: what staff were shown waiting and
 * confirmed. The server makes the file only when exactly this waits (409 Conflict otherwise,
 * saying what waits now), so a question left open while payments came in or the sealing job made
 * the file never files what staff did not see.
 */
export const AchFileMakeRequest = z.object({
  entries: z.number().int().positive(),
  totalDebitCents: z.number().int().nonnegative(),
});
export type AchFileMakeRequest = z.infer<typeof AchFileMakeRequest>;

/** `POST /admin-api/institutions/:slug/ach-files/:date`: the file just made. */
export const AchFileMadeResponse = z.object({
  date: z.string(),
  file: AchFileSummary,
});
