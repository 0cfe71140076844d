import { type CalendarDate, formatUsd, formatUsDate } from '@portal/domain';
import type { CorePayoffQuote } from '../../core/servicing-core';
import { createBrandedPdf, type PdfBranding } from '../../lib/pdf/branded-pdf';

/** The payoff quote dialog's download: the quote's parts, its total and the interest a day. */
export async function payoffBreakdownPdf(input: {
  branding: PdfBranding;
  accountNumber: string;
  description: string;
  /** The name on the account: the quote says whose loan it is. */
  borrowerName: string;
  /**
   * Where and how to send the payoff (payoffQuoteTexts.payoffInstructionsText, placeholders
   * filled); each line a paragraph.
   */
  instructions: string;
  /** The quote given the borrower: its total less the payments in flight (`inFlightCents`). */
  quote: CorePayoffQuote & { inFlightCents: number };
  /**
   * With payments in flight taken off the quote: the line that takes them off and the note that
   * says so (payoffQuoteTexts.breakdownProcessing*, placeholders filled).
   */
  processing?: { lineText: string; noteText: string };
  today: CalendarDate;
}): Promise<Uint8Array> {
  const { doc, finish } = createBrandedPdf(input.branding, {
    title: `Payoff quote ${input.accountNumber} ${input.quote.asOf}`,
    createdOn: input.today,
  });
  doc.font('Helvetica-Bold').fontSize(14).text('Payoff Quote');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Borrower: ${input.borrowerName}`);
  doc.text(`${input.description} ${input.accountNumber}`);
  doc.text(`Good through ${formatUsDate(input.quote.asOf)}, quoted ${formatUsDate(input.today)}`);
  doc.moveDown();
  const rows: [string, string][] = [
    ['Principal balance', formatUsd(input.quote.principalCents)],
    ['Interest to the payoff date', formatUsd(input.quote.interestCents)],
    ['Late charges', formatUsd(input.quote.lateChargesCents)],
    ['Other fees', formatUsd(input.quote.otherFeesCents)],
    // The core's parts do not know the payments in flight yet: taken off here, so the lines add
    // up to the total.
    ...(input.processing && input.quote.inFlightCents > 0
      ? [[input.processing.lineText, formatUsd(-input.quote.inFlightCents)] as [string, string]]
      : []),
    ['Total payoff amount', formatUsd(input.quote.totalCents)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(label.startsWith('Total') ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 50, y, { width: 220 });
    doc.text(value, 270, y, { width: 120, align: 'right' });
    doc.y = y + 16;
  }
  doc.moveDown();
  if (input.processing && input.quote.inFlightCents > 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(input.processing.noteText, 50, doc.y, {
        width: doc.page.width - 100,
      });
    doc.moveDown();
  }
  doc.font('Helvetica').fontSize(9).text(perDiemText(input.quote), 50);
  const paragraphs = input.instructions
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (paragraphs.length > 0) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text('How to send your payoff', 50);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10);
    for (const paragraph of paragraphs) {
      doc.text(paragraph, 50, doc.y, { width: doc.page.width - 100 });
      doc.moveDown(0.4);
    }
  }
  return finish();
}

/**
 * What each day after the quote's date adds. The core's per diem is one day's interest truncated
 * to the cent (loan-engine.ts, the header's rounding rule: interest is truncated and the fraction
 * carried), so n later days add n per diems plus at most n cents of carried fractions. Said as a
 * range: the per diem alone read as exact (issue 24: "$1.77 a day" for $1.778, a payment a week
 * late then short by cents).
 */
export function perDiemText(
  quote: Pick<CorePayoffQuote, 'perDiemCents' | 'asOf' | 'dayCount'>,
): string {
  const low = formatUsd(quote.perDiemCents);
  const high = formatUsd(quote.perDiemCents + 1);
  const after = formatUsDate(quote.asOf);
  const fees = 'Fees charged or payments made before then change the amount.';
  // 30/360 counts every month as 30 days (loan-engine.ts accrualDays): a calendar day is not
  // always one day of interest, so the sentence says which days add it.
  if (quote.dayCount === '30/360') {
    return (
      `Interest accrues at ${low} a day, counting every month as 30 days (a 31st adds none; the ` +
      `end of February adds the days up to the 30th), to the cent below; the fractions of a cent ` +
      `carry from day to day, so each such day after ${after} adds ${low} or ${high} to the ` +
      `payoff. ${fees}`
    );
  }
  return (
    `Interest accrues at ${low} a day, to the cent below; the fractions of a cent carry from day ` +
    `to day, so each day after ${after} adds ${low} or ${high} to the payoff. ${fees}`
  );
}
