import {
  achDraftChargedAmount,
  calendarDateIn,
  formatUsd,
  formatUsDate,
  formatUsDateTime,
} from '@portal/domain';
import sanitizeHtml from 'sanitize-html';
import { createBrandedPdf, type PdfBranding } from '../../lib/pdf/branded-pdf';

/** The amount of a line of credit's payment that pays its total due (sent as 0). */
const TOTAL_DUE_WORDS = 'The total amount due on each payment date';

/** The wording of the ACH draft agreement's title and documents (spec 001 "Documents screen"). */
export const AUTHORIZATION_TITLE = 'Recurring ACH Authorization';

/** What an ACH draft agreement PDF says: the preview's and the signed authorization's. */
export interface AchDraftDocument {
  branding: PdfBranding;
  /** true: the preview before agreeing (marked PREVIEW); false: the signed authorization. */
  preview: boolean;
  borrowerName: string;
  loanNumber: string;
  accountType: 'Checking' | 'Savings';
  /** The bank account's last four digits: the whole number is never in a document. */
  lastFour: string;
  amountCents: number;
  additionalPrincipalCents: number;
  firstPartyFeeCents: number;
  thirdPartyFeeCents: number;
  /** The schedule as the borrower reads it ('3 days before your loan is due', ...). */
  scheduleText: string;
  /** The first payment date ('YYYY-MM-DD'), when known (the signed authorization). */
  firstDate?: string;
  /** When it was previewed or signed. */
  at: Date;
  /**
   * The institution's time zone: the date and time signed are shown in it, naming the zone, as
   * every screen, e-mail and PDF shows times (the browser's offset stays on the draft's row).
   */
  timeZone: string;
  /** The authorization wording: the institution's ACH draft agreement text (rich text). */
  authorizationHtml: string;
}

/** The document's title: 'Recurring ACH Authorization {loan} {date}'. */
export function authorizationTitle(loanNumber: string, at: Date, timeZone: string): string {
  return `${AUTHORIZATION_TITLE} ${loanNumber} ${formatUsDateTime(at, timeZone)}`;
}

/** The rich text as plain paragraphs (tags dropped, entities decoded). */
export function richTextParagraphs(html: string): string[] {
  const marked = html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/\s*(p|div|li|h\d)\s*>/gi, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/**
 * The ACH draft agreement as a PDF: the institution's band (name and logo), the borrower, the
 * loan, the bank account by type and last four only, the amounts (the charged amount is the
 * payment amount plus the first- and third-party fees, spec 001 section 9), the schedule, the
 * date and the authorization wording. A preview carries a PREVIEW mark on every page.
 */
export async function renderAchDraftPdf(input: AchDraftDocument): Promise<Uint8Array> {
  const title = input.preview
    ? `${AUTHORIZATION_TITLE} (Preview) ${input.loanNumber}`
    : authorizationTitle(input.loanNumber, input.at, input.timeZone);
  const { doc, finish } = createBrandedPdf(input.branding, {
    title,
    createdOn: calendarDateIn(input.timeZone, input.at),
  });
  const left = doc.page.margins.left;

  const drawPreviewMark = () => {
    doc.save();
    doc
      .rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] })
      .font('Helvetica-Bold')
      .fontSize(96)
      .fillColor('#d0d0d0')
      .fillOpacity(0.5)
      .text('PREVIEW', 0, doc.page.height / 2 - 48, {
        width: doc.page.width,
        align: 'center',
        lineBreak: false,
      });
    doc.restore();
    doc.fillColor('#000000').fillOpacity(1).font('Helvetica').fontSize(10);
    doc.x = left;
  };
  if (input.preview) {
    const y = doc.y;
    drawPreviewMark();
    doc.y = y;
    doc.on('pageAdded', () => {
      const top = doc.y;
      drawPreviewMark();
      doc.y = top;
    });
  }

  doc.font('Helvetica-Bold').fontSize(14).text(AUTHORIZATION_TITLE, left);
  if (input.preview) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#b00020')
      .text('PREVIEW: not signed. This is what you will agree to.', left);
    doc.fillColor('#000000');
  }
  doc.font('Helvetica').fontSize(10);
  doc.moveDown(0.5);

  const chargedCents = achDraftChargedAmount({
    amountCents: input.amountCents,
    firstPartyFeeCents: input.firstPartyFeeCents,
    thirdPartyFeeCents: input.thirdPartyFeeCents,
  });
  // A line of credit paying its total due sends the amount as 0: each payment draws the total
  // due on its date, which the authorization says in words rather than as $0.00.
  const feesCents = input.firstPartyFeeCents + input.thirdPartyFeeCents;
  const totalDue = input.amountCents === 0;
  const paymentAmount = totalDue ? TOTAL_DUE_WORDS : formatUsd(input.amountCents);
  const charged = totalDue
    ? feesCents > 0
      ? `${TOTAL_DUE_WORDS}, plus ${formatUsd(feesCents)} in fees`
      : TOTAL_DUE_WORDS
    : formatUsd(chargedCents);
  const rows: [string, string][] = [
    ['Institution', input.branding.institutionName],
    ['Borrower', input.borrowerName],
    ['Loan account', input.loanNumber],
    ['Bank account', `${input.accountType} account ending in ${input.lastFour}`],
    ['Payment amount', paymentAmount],
    ['Fees', formatUsd(feesCents)],
    ['Amount charged each payment', charged],
    ['Additional principal', formatUsd(input.additionalPrincipalCents)],
    ['Schedule', input.scheduleText],
    ...(input.firstDate
      ? ([['First payment date', formatUsDate(input.firstDate)]] as [string, string][])
      : []),
    [input.preview ? 'Date' : 'Date signed', formatUsDateTime(input.at, input.timeZone)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 170 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(value, left + 180, y, { width: 330 });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text('Authorization', left);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  for (const paragraph of richTextParagraphs(input.authorizationHtml)) {
    doc.text(paragraph, left, doc.y, { width: doc.page.width - 2 * left });
    doc.moveDown(0.5);
  }
  doc.text(
    `I authorize ${input.branding.institutionName} to debit my ${input.accountType.toLowerCase()} ` +
      `account ending in ${input.lastFour} for ${totalDue ? charged.charAt(0).toLowerCase() + charged.slice(1) : charged} each payment ` +
      `(${input.scheduleText.charAt(0).toLowerCase()}${input.scheduleText.slice(1)}) for loan ` +
      `${input.loanNumber}, until I cancel this authorization.`,
    left,
    doc.y,
    { width: doc.page.width - 2 * left },
  );
  return finish();
}
