import {
  accountCategory,
  calendarDateIn,
  daysBetween,
  formatUsd,
  formatUsdPlain,
  historyTimeOf,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createBrandedPdf, drawTable, type PdfBranding } from '../../lib/pdf/branded-pdf';
import type { CoreTransaction } from '../../core/servicing-core';
import { formatUsDate as usDate } from '@portal/domain';
import { createBorrowersService } from '../borrowers/borrowers.service';
import type { AccountDetailsService } from './account-details.service';

export interface HistoryFile {
  contentType: string;
  filename: string;
  body: Uint8Array;
}

/** The account history as a CSV file or a PDF in the institution's name. */
export interface HistoryDownloads {
  render(request: {
    institutionId: number;
    timeZone: string;
    userId: string;
    accountNumber: string;
    days: number;
    format: 'csv' | 'pdf';
  }): Promise<HistoryFile | undefined>;
}

/**
 * The column words of the history files: the history table's own (the loanDetailsTexts.history*
 * settings), so a file reads as the screen it was downloaded from. A deposit's amount and balance
 * columns are its own words (dashboardTexts.depositHistory*: a checking account has no principal).
 */
export interface HistoryColumns {
  date: string;
  time: string;
  description: string;
  amount: string;
  interest: string;
  other: string;
  total: string;
  balance: string;
}

export function historyColumns(
  settings: Pick<SettingsAccessor, 'get'>,
  kind: 'loan' | 'deposit',
): HistoryColumns {
  const deposit = kind === 'deposit';
  return {
    date: settings.get('loanDetailsTexts.historyDateColumnText'),
    time: settings.get('loanDetailsTexts.historyTimeColumnText'),
    description: settings.get('loanDetailsTexts.historyDescriptionColumnText'),
    amount: settings.get(
      deposit
        ? 'dashboardTexts.depositHistoryAmountColumnText'
        : 'loanDetailsTexts.historyPrincipalColumnText',
    ),
    interest: settings.get('loanDetailsTexts.historyInterestColumnText'),
    other: settings.get('loanDetailsTexts.historyOtherColumnText'),
    total: settings.get('loanDetailsTexts.historyTotalColumnText'),
    balance: settings.get(
      deposit
        ? 'dashboardTexts.depositHistoryBalanceColumnText'
        : 'loanDetailsTexts.historyPrincipalBalanceColumnText',
    ),
  };
}

/** The history kind of an account type: loans and lines are loans, the rest deposits. */
export function historyKindOf(type: number): 'loan' | 'deposit' {
  const category = accountCategory(type);
  return category === 'loan' || category === 'lineOfCredit' ? 'loan' : 'deposit';
}

/** A cell a spreadsheet would run as a formula starts with one of these: quote it as text. */
function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function historyCsv(lines: readonly CoreTransaction[], columns: HistoryColumns): string {
  return stringify([
    [
      columns.date,
      columns.time,
      columns.description,
      columns.amount,
      columns.interest,
      columns.other,
      columns.total,
      columns.balance,
    ].map(safeCell),
    ...lines.map((line) => [
      usDate(line.date),
      // 'HH:MM:SS' for programs; blank where the core gives the date only (its midnight).
      historyTimeOf(line.time) ?? '',
      safeCell(line.description),
      formatUsdPlain(line.principalCents),
      formatUsdPlain(line.interestCents),
      formatUsdPlain(line.otherCents),
      formatUsdPlain(line.totalCents),
      formatUsdPlain(line.principalBalanceCents),
    ]),
  ]);
}

/**
 * The files' name, in the institution's name: 'Harbor Community Bank history 001-100234-1
 * 2025-03-14.csv'. The CSV itself stays a plain table (a title line would break the reading of
 * its header), so its name carries the institution. The name goes into a quoted
 * Content-Disposition filename, which takes printable ASCII only: accents are dropped, and
 * anything else outside it, quotes and the characters a file name cannot hold are left out.
 */
export function historyFileName(
  institutionName: string,
  accountNumber: string,
  today: string,
  extension: 'csv' | 'pdf',
): string {
  const ascii = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]|["\\/:*?<>|]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const institution = ascii(institutionName);
  return `${institution ? `${institution} ` : ''}history ${ascii(accountNumber)} ${today}.${extension}`;
}

export async function historyPdf(input: {
  branding: PdfBranding;
  accountNumber: string;
  description: string;
  today: string;
  days: number;
  /** When the account was opened: a window reaching back to it is the whole history ("All"). */
  openedOn: string;
  lines: readonly CoreTransaction[];
  columns: HistoryColumns;
}): Promise<Uint8Array> {
  const { columns } = input;
  const { doc, finish } = createBrandedPdf(input.branding, {
    title: `Account history ${input.accountNumber}`,
    createdOn: input.today,
  });
  doc.font('Helvetica-Bold').fontSize(14).text('Account History');
  doc.font('Helvetica').fontSize(10);
  doc.text(`${input.description} ${input.accountNumber}`);
  doc.text(
    daysBetween(input.openedOn, input.today) <= input.days
      ? `All history since ${usDate(input.openedOn)}, as of ${usDate(input.today)}`
      : `The last ${input.days} days, as of ${usDate(input.today)}`,
  );
  doc.moveDown();
  if (input.lines.length === 0) {
    doc.text('No account history found.');
  } else {
    drawTable(
      doc,
      [
        { header: columns.date, width: 58, value: (line: CoreTransaction) => usDate(line.date) },
        { header: columns.description, width: 124, value: (line) => line.description },
        {
          header: columns.amount,
          width: 62,
          align: 'right',
          value: (line) => formatUsd(line.principalCents),
        },
        {
          header: columns.interest,
          width: 56,
          align: 'right',
          value: (line) => formatUsd(line.interestCents),
        },
        {
          header: columns.other,
          width: 50,
          align: 'right',
          value: (line) => formatUsd(line.otherCents),
        },
        {
          header: columns.total,
          width: 64,
          align: 'right',
          value: (line) => formatUsd(line.totalCents),
        },
        {
          header: columns.balance,
          // Wide enough for 'Principal Balance' on one line.
          width: 84,
          align: 'right',
          value: (line) => formatUsd(line.principalBalanceCents),
        },
      ],
      input.lines,
    );
  }
  return finish();
}

export function createHistoryDownloads(options: {
  db: Kysely<Database>;
  clock: Clock;
  details: AccountDetailsService;
  branding(institutionId: number): Promise<PdfBranding>;
  settings(institutionId: number): Promise<SettingsAccessor>;
}): HistoryDownloads {
  const borrowers = createBorrowersService({ db: options.db });
  return {
    async render(request) {
      const customer = await borrowers.customerOf(request.institutionId, request.userId);
      if (!customer) return undefined;
      const caller = {
        institutionId: request.institutionId,
        timeZone: request.timeZone,
        userId: request.userId,
        customerId: customer.customerId,
        companyNumber: customer.companyNumber,
      };
      const [lines, account] = await Promise.all([
        options.details.history(caller, request.accountNumber, request.days),
        options.details.account(caller, request.accountNumber),
      ]);
      if (!account || lines === undefined || lines === 'denied') return undefined;
      const today = calendarDateIn(request.timeZone, options.clock.now());
      const branding = await options.branding(request.institutionId);
      const columns = historyColumns(
        await options.settings(request.institutionId),
        historyKindOf(account.type),
      );
      const filename = historyFileName(
        branding.institutionName,
        request.accountNumber,
        today,
        request.format,
      );
      if (request.format === 'csv') {
        return {
          contentType: 'text/csv; charset=utf-8',
          filename,
          body: new TextEncoder().encode(historyCsv(lines, columns)),
        };
      }
      return {
        contentType: 'application/pdf',
        filename,
        body: await historyPdf({
          branding,
          accountNumber: request.accountNumber,
          description: account.description,
          today,
          days: request.days,
          openedOn: account.openedOn,
          lines,
          columns,
        }),
      };
    },
  };
}
