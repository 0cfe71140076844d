import { z } from 'zod';

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
    }),
  ),
});
export type AchDay = z.infer<typeof AchDayListResponse>['days'][number];

/** `POST /admin-api/institutions/:slug/ach-files/:date`: the file just made. */
export const AchFileMadeResponse = z.object({
  date: z.string(),
  file: AchFileSummary,
});
