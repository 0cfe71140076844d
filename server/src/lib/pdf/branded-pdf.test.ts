import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text';
import { createBrandedPdf } from './branded-pdf';

/** The page objects of a PDF (pdfkit writes its object dictionaries uncompressed). */
function pageCount(bytes: Uint8Array): number {
  return (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b(?!s)/g) ?? []
  ).length;
}

describe('branded PDFs', () => {
  const branding = { institutionName: 'Harbor Community Bank', primaryColor: '#1f3a5f' };

  it('puts the footer on each page without adding an empty one', async () => {
    const one = createBrandedPdf(branding, { title: 'One page', createdOn: '2026-11-25' });
    one.doc.text('A short document.');
    const bytes = await one.finish();
    expect(pageCount(bytes)).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toContain('A short document.');
    expect(text).toContain('Harbor Community Bank · Page 1 of 1');
  });

  it('numbers every page of a longer document', async () => {
    const long = createBrandedPdf(branding, { title: 'Long', createdOn: '2026-11-25' });
    for (let line = 0; line < 120; line += 1) long.doc.text(`Line ${line}`);
    const bytes = await long.finish();
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(bytes);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).not.toContain(`Page ${pages + 1} of`);
  });
});
