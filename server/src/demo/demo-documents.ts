import { addDays, addMonths, type CalendarDate, formatUsd, formatUsDate } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DemoApplication, DemoLoanDefinition } from '../core/builtin/core-seed';
import { demoLoanTerms } from '../core/builtin/core-seed';
import { insertDocument } from '../core/builtin/documents.repository';
import { createBrandedPdf } from '../lib/pdf/branded-pdf';
import type { Database } from '../db/schema';

/**
 * The documents the built-in file services keep for a demo installment loan: its note and its
 * Truth in Lending disclosure, generated from the loan's own terms and dated on its opening, as a
 * lender's imaging system would hold the signed originals.
 */
export async function seedLoanDocuments(
  db: Kysely<Database>,
  owner: {
    institutionId: number;
    institutionName: string;
    primaryColor: string;
    customerId: string;
    number: string;
    borrowerName: string;
    today: CalendarDate;
  },
  loan: DemoLoanDefinition,
): Promise<void> {
  if (loan.creditLimitCents !== undefined) return;
  const terms = demoLoanTerms(loan, owner.today);
  const branding = { institutionName: owner.institutionName, primaryColor: owner.primaryColor };
  const lines: [string, string][] = [
    ['Borrower', owner.borrowerName],
    ['Account', owner.number],
    ['Amount financed', formatUsd(terms.originalPrincipalCents)],
    ['Annual percentage rate', `${(terms.rateHundredths / 100).toFixed(2)}%`],
    ['Number of payments', String(terms.termPayments)],
    ['Payment amount', formatUsd(terms.installmentCents)],
    ['First payment due', formatUsDate(terms.firstDueDate)],
    ['Final payment due', formatUsDate(addMonths(terms.firstDueDate, terms.termPayments - 1))],
    ['Late charge', `${formatUsd(terms.lateFeeCents)} after ${terms.graceDays} days`],
  ];
  for (const title of ['Promissory Note and Loan Agreement', 'Truth in Lending Disclosure']) {
    const pdf = createBrandedPdf(branding, { title, createdOn: terms.originationDate });
    pdf.doc.font('Helvetica-Bold').fontSize(16).text(title).moveDown();
    pdf.doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Dated ${formatUsDate(terms.originationDate)}`);
    pdf.doc.moveDown();
    for (const [label, value] of lines) pdf.doc.text(`${label}: ${value}`);
    pdf.doc.moveDown().text('A demonstration document of the built-in file services.');
    await insertDocument(db, {
      institution_id: owner.institutionId,
      customer_id: owner.customerId,
      account_number: owner.number,
      display_name: `${title} ${owner.number}`,
      file_format: 'pdf',
      content_type: 'application/pdf',
      content: await pdf.finish(),
      uploaded_at: new Date(`${terms.originationDate}T15:00:00Z`),
    });
  }
}

/**
 * The approval letter the file services keep for each approved or funded demo application, dated
 * on the application's last change, so the application details screen has a document to open.
 */
export async function seedApplicationDocuments(
  db: Kysely<Database>,
  owner: {
    institutionId: number;
    institutionName: string;
    primaryColor: string;
    customerId: string;
    borrowerName: string;
    today: CalendarDate;
  },
  applications: readonly DemoApplication[],
): Promise<void> {
  const branding = { institutionName: owner.institutionName, primaryColor: owner.primaryColor };
  for (const application of applications) {
    if (application.status !== 'Approved' && application.status !== 'Funded') continue;
    const dated = addDays(owner.today, -application.daysAgo);
    const title = 'Loan Approval Letter';
    const pdf = createBrandedPdf(branding, { title, createdOn: dated });
    pdf.doc.font('Helvetica-Bold').fontSize(16).text(title).moveDown();
    pdf.doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Dated ${formatUsDate(dated)}`)
      .moveDown();
    pdf.doc.text(`Dear ${owner.borrowerName},`).moveDown();
    pdf.doc.text(
      `Your application ${application.number} for ${formatUsd(application.amountRequestedCents)} ` +
        `is approved for ${formatUsd(application.amountApprovedCents)}.`,
    );
    pdf.doc.moveDown().text('A demonstration document of the built-in file services.');
    await insertDocument(db, {
      institution_id: owner.institutionId,
      customer_id: owner.customerId,
      application_number: application.number,
      display_name: `${title} ${application.number}`,
      file_format: 'pdf',
      content_type: 'application/pdf',
      content: await pdf.finish(),
      uploaded_at: new Date(`${dated}T15:00:00Z`),
    });
  }
}
