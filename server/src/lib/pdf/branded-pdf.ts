import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

/**
 * PDFs in the institution's name (statements, history, payoff breakdowns, agreements): a band in
 * its primary colour with its full logo (white, as in the portal's header) or its name, then the
 * document's content. Built with pdfkit; the logo SVG is drawn as vectors by svg-to-pdfkit.
 */
export interface PdfBranding {
  institutionName: string;
  /** The full logo, white on the primary colour (logoFullWhite.svg). */
  logoSvg?: string;
  /** '#rrggbb'. */
  primaryColor: string;
}

export interface BrandedPdf {
  doc: PDFKit.PDFDocument;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Uint8Array>;
}

const MARGIN = 50;
const BAND_HEIGHT = 64;
/** svg-to-pdfkit's warnings when it drew nothing of the logo. */
const UNDRAWABLE_SVG = [
  'SVGtoPDF: the input does not look like a valid SVG',
  "SVGtoPDF: this element can't be rendered directly",
];

export function createBrandedPdf(
  branding: PdfBranding,
  meta: { title: string; createdOn: string },
): BrandedPdf {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: meta.title,
      Author: branding.institutionName,
      Producer: branding.institutionName,
      Creator: branding.institutionName,
      // A fixed date: the same document gives the same bytes.
      CreationDate: new Date(`${meta.createdOn}T12:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const drawBand = () => {
    doc.save();
    doc.rect(0, 0, doc.page.width, BAND_HEIGHT).fill(branding.primaryColor);
    let drawn = false;
    if (branding.logoSvg) {
      try {
        // svg-to-pdfkit draws what it can and only warns about the rest; when the text is no SVG
        // at all it draws nothing, and the band would carry neither the logo nor the name.
        let undrawable = false;
        SVGtoPDF(doc, branding.logoSvg, MARGIN, 12, {
          width: 220,
          height: BAND_HEIGHT - 24,
          preserveAspectRatio: 'xMinYMid meet',
          warningCallback: (warning) => {
            if (UNDRAWABLE_SVG.some((start) => warning.startsWith(start))) undrawable = true;
          },
        });
        drawn = !undrawable;
      } catch {
        drawn = false;
      }
    }
    if (!drawn) {
      doc
        .fillColor('#ffffff')
        .font('Helvetica-Bold')
        .fontSize(18)
        .text(branding.institutionName, MARGIN, 22, { lineBreak: false });
    }
    doc.restore();
    doc.fillColor('#000000').font('Helvetica').fontSize(10);
    doc.x = MARGIN;
    doc.y = BAND_HEIGHT + 24;
  };
  drawBand();
  doc.on('pageAdded', drawBand);

  return {
    doc,
    async finish() {
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index += 1) {
        doc.switchToPage(index);
        // The footer sits in the bottom margin: without lifting the margin, pdfkit would start a
        // new page for it (every document gained an empty last page).
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor('#555555')
          .text(
            `${branding.institutionName} · Page ${index + 1} of ${range.count}`,
            MARGIN,
            doc.page.height - MARGIN + 10,
            { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
          );
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return ended;
    },
  };
}

export interface PdfColumn<T> {
  header: string;
  width: number;
  align?: 'left' | 'right';
  value(row: T): string;
}

/** A simple table that continues on new pages, repeating its header. */
export function drawTable<T>(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn<T>[],
  rows: readonly T[],
) {
  const left = MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const header = () => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(8.5);
    const y = doc.y;
    for (const column of columns) {
      doc.text(column.header, x, y, { width: column.width - 4, align: column.align ?? 'left' });
      x += column.width;
    }
    doc.y = y + 14;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + columns.reduce((sum, column) => sum + column.width, 0), doc.y - 3)
      .strokeColor('#999999')
      .stroke();
    doc.font('Helvetica').fontSize(8.5);
  };
  header();
  for (const row of rows) {
    if (doc.y > bottom()) {
      doc.addPage();
      header();
    }
    let x = left;
    const y = doc.y;
    for (const column of columns) {
      doc.text(column.value(row), x, y, {
        width: column.width - 4,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    }
    doc.y = y + 13;
  }
  doc.x = left;
}
