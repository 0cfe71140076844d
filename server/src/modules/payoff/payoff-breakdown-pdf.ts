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
  quote: CorePayoffQuote;
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
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Interest accrues at ${formatUsd(input.quote.perDiemCents)} a day. A payment received after ` +
        `${formatUsDate(input.quote.asOf)} owes that much more for each later day; fees charged or ` +
        'payments made before then change the amount.',
      50,
    );
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
