import {
  amountDueBreakdown,
  amountDueLines,
  daysBetween,
  formatUsd,
  formatUsDate,
  isLoanPastDue,
  pastDueNotice,
  type PastDueTexts,
} from '@portal/domain';
import { createBrandedPdf, drawTable, type PdfBranding } from '../../lib/pdf/branded-pdf';
import type { CoreTransaction } from '../servicing-core';
import type { StatementSnapshot } from './core.schema';

export interface StatementDocument {
  branding: PdfBranding;
  account: { number: string; description: string; name: string; address: string[] };
  statementDate: string;
  periodStart: string;
  snapshot: StatementSnapshot;
  /** The period's transactions, oldest first. */
  lines: readonly CoreTransaction[];
  /**
   * The institution's past-due wording (domain pastDueTextsOf of its settings): a statement says
   * past due in the words the dashboard and the loan page use.
   */
  pastDueTexts: PastDueTexts;
}

/** MM/dd/yyyy, as the portal shows dates. */
export const usDate = formatUsDate;

/** A monthly statement: summary figures and the period's transactions. */
export async function renderStatementPdf(statement: StatementDocument): Promise<Uint8Array> {
  const { doc, finish } = createBrandedPdf(statement.branding, {
    title: `Statement ${statement.account.number} ${statement.statementDate}`,
    createdOn: statement.statementDate,
  });
  doc.font('Helvetica-Bold').fontSize(14).text('Account Statement');
  doc.font('Helvetica').fontSize(10);
  doc.text(`${statement.account.description} ${statement.account.number}`);
  doc.text(
    `Statement period ${usDate(statement.periodStart)} to ${usDate(statement.statementDate)}`,
  );
  doc.moveDown(0.5);
  doc.text(statement.account.name);
  for (const line of statement.account.address) doc.text(line);
  doc.moveDown();
  const { snapshot } = statement;
  drawPastDueNotice(doc, statement);
  // A loan's balances are principal: the principal paid (and any advance) takes the opening to
  // the closing figure; payments, interest and fees follow as what moved in the period.
  const loan = snapshot.principalPaidCents !== undefined;
  const summary: [string, string][] = loan
    ? [
        ['Opening principal balance', formatUsd(snapshot.openingBalanceCents)],
        ['Principal paid', formatUsd(snapshot.principalPaidCents ?? 0)],
        ...(snapshot.advancesCents
          ? ([['Advances', formatUsd(snapshot.advancesCents)]] as [string, string][])
          : []),
        ['Closing principal balance', formatUsd(snapshot.closingBalanceCents)],
        ['Payments received', formatUsd(snapshot.paymentsCents)],
        ['Interest charged', formatUsd(snapshot.interestCents)],
        ['Fees and charges', formatUsd(snapshot.feesCents)],
      ]
    : [
        ['Opening balance', formatUsd(snapshot.openingBalanceCents)],
        ['Deposits', formatUsd(snapshot.paymentsCents)],
        ...(snapshot.withdrawalsCents !== undefined
          ? ([['Withdrawals', formatUsd(snapshot.withdrawalsCents)]] as [string, string][])
          : []),
        ['Interest', formatUsd(snapshot.interestCents)],
        ['Fees and charges', formatUsd(snapshot.feesCents)],
        ['Closing balance', formatUsd(snapshot.closingBalanceCents)],
      ];
  if (snapshot.dueDate) {
    summary.push(['Amount due', formatUsd(snapshot.amountDueCents)]);
    summary.push(['Payment due date', usDate(snapshot.dueDate)]);
  }
  for (const [label, value] of summary) {
    const y = doc.y;
    doc.text(label, 50, y, { width: 200 });
    doc.text(value, 250, y, { width: 120, align: 'right' });
    doc.y = y + 14;
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text('Transactions', 50);
  doc.moveDown(0.3);
  if (statement.lines.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No transactions in this period.');
  } else {
    drawTable(
      doc,
      [
        { header: 'Date', width: 62, value: (line: CoreTransaction) => usDate(line.date) },
        { header: 'Description', width: 150, value: (line) => line.description },
        {
          header: 'Principal',
          width: 62,
          align: 'right',
          value: (line) => formatUsd(line.principalCents),
        },
        {
          header: 'Interest',
          width: 58,
          align: 'right',
          value: (line) => formatUsd(line.interestCents),
        },
        { header: 'Other', width: 52, align: 'right', value: (line) => formatUsd(line.otherCents) },
        { header: 'Total', width: 62, align: 'right', value: (line) => formatUsd(line.totalCents) },
        {
          header: 'Balance',
          width: 66,
          align: 'right',
          value: (line) => formatUsd(line.principalBalanceCents),
        },
      ],
      statement.lines,
    );
  }
  return finish();
}

type PdfDoc = ReturnType<typeof createBrandedPdf>['doc'];

/**
 * A loan past due on its statement date says so first, in red (issue 20 item 10): how late, what
 * brings it current and, where the statement keeps the parts (statements since 2026-11-29), what
 * the amount due is made of. The same rule (isLoanPastDue, amountDueBreakdown) and the same words
 * (pastDueNotice, amountDueLines with the institution's texts) as the portal's. A statement that
 * kept no parts has the whole amount due as what brings the loan current (paying it always does).
 */
function drawPastDueNotice(doc: PdfDoc, statement: StatementDocument): void {
  const { snapshot, statementDate, pastDueTexts: texts } = statement;
  if (snapshot.principalPaidCents === undefined || !snapshot.dueDate) return;
  if (
    !isLoanPastDue(
      { dueDate: snapshot.dueDate, amountDueCents: snapshot.amountDueCents },
      statementDate,
    )
  ) {
    return;
  }
  const known = snapshot.installmentCents !== undefined;
  const breakdown = amountDueBreakdown({
    totalCents: snapshot.amountDueCents,
    installmentCents: snapshot.installmentCents ?? 0,
    lateChargesCents: snapshot.lateChargesCents ?? 0,
    otherFeesCents: snapshot.otherFeesCents ?? 0,
    pastDue: true,
  });
  const top = doc.y;
  doc.fillColor('#b3261e').font('Helvetica-Bold').fontSize(12);
  doc.text(texts.title, 60, top + 8);
  doc.font('Helvetica').fontSize(10);
  doc.text(
    pastDueNotice(
      {
        loan: { description: statement.account.description, number: statement.account.number },
        daysPastDue: daysBetween(snapshot.dueDate, statementDate),
        dueDate: snapshot.dueDate,
        bringCurrentCents: breakdown.bringCurrentCents,
      },
      texts,
    ),
    60,
    doc.y + 2,
    { width: 440 },
  );
  if (known) {
    doc.moveDown(0.3);
    for (const line of amountDueLines(breakdown, texts)) {
      const y = doc.y;
      doc.text(line.label, 60, y, { width: 190 });
      doc.text(formatUsd(line.cents), 250, y, { width: 120, align: 'right' });
      doc.y = y + 13;
    }
  }
  const bottom = doc.y + 6;
  doc
    .lineWidth(1.5)
    .strokeColor('#b3261e')
    .rect(50, top, 460, bottom - top)
    .stroke();
  doc.fillColor('black').strokeColor('black').lineWidth(1);
  doc.x = 50;
  doc.y = bottom + 10;
}
