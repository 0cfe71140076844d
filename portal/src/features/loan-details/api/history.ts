// The history itself is read through lib/accounts/account-history.ts (the deposits area reads it
// too); this file keeps the loan page's downloads.
import { DOWNLOAD_TYPES } from '@portal/domain';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/AccountHistory/RetrieveDownloadToken` → a single-use token, then the download opens
 * in a new tab at `GET /api/AccountHistory/DownloadAccountHistory?token=`.
 */
export async function historyDownloadUrl(
  accountNumber: string,
  days: number,
  type: 'csv' | 'pdf',
): Promise<string> {
  const token = await api.post(
    'api/AccountHistory/RetrieveDownloadToken',
    { AccountNumber: accountNumber, DaysOfHistory: days, DownloadType: DOWNLOAD_TYPES[type] },
    z.string(),
    { text: true },
  );
  return `api/AccountHistory/DownloadAccountHistory?token=${encodeURIComponent(token)}`;
}
