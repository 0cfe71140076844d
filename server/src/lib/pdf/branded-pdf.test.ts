import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SEED_ASSETS_DIR } from '../../demo/seed-assets';
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

/**
 * The drawing operators of a PDF's streams (pdfkit deflates each one), joined: what its pages
 * draw, in order.
 */
function drawn(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const text = raw.toString('latin1');
  const streams: string[] = [];
  for (let at = text.indexOf('>>\nstream\n'); at >= 0; at = text.indexOf('>>\nstream\n', at)) {
    const start = at + '>>\nstream\n'.length;
    const end = text.indexOf('\nendstream', start);
    streams.push(inflateSync(raw.subarray(start, end)).toString('latin1'));
    at = end;
  }
  return streams.join('\n');
}

/** How many times the text holds the part. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
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

  it("draws the institution's logo in the band, in place of its name", async () => {
    // A mark in its own colour and a word only the logo holds.
    const logoSvg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40">' +
      '<rect x="2" y="8" width="24" height="24" fill="#ff8800"/>' +
      '<text x="40" y="28" fill="#ffffff" font-family="Helvetica" font-size="18">Lighthouse</text>' +
      '</svg>';
    const build = async (logo?: string) => {
      const pdf = createBrandedPdf(
        { ...branding, ...(logo === undefined ? {} : { logoSvg: logo }) },
        { title: 'Logo', createdOn: '2026-11-25' },
      );
      pdf.doc.text('A short document.');
      return pdf.finish();
    };
    // pdfText hands its bytes to the PDF reader, which keeps them: it reads a copy.
    const withLogo = await build(logoSvg);
    const text = await pdfText(withLogo.slice());
    expect(text).toContain('Lighthouse');
    // The name only in the footer: the band shows the logo.
    expect(occurrences(text, 'Harbor Community Bank')).toBe(1);
    const drawing = drawn(withLogo);
    // The mark: its square, in its colour (#ff8800).
    expect(drawing).toContain('1 0.5333333333333333 0 scn');
    expect(drawing).toContain('2 8 m\n26 8 l\n26 32 l\n2 32 l');

    // Without a logo, or with one that cannot be drawn, the band names the institution.
    const fallbacks = [await build(), await build('<svg not closed'), await build('Harbor')];
    for (const fallback of fallbacks) {
      expect(drawn(fallback)).not.toContain('1 0.5333333333333333 0 scn');
      const fallbackText = await pdfText(fallback);
      expect(occurrences(fallbackText, 'Harbor Community Bank')).toBe(2);
      expect(fallbackText).not.toContain('Lighthouse');
    }
  });

  it("draws Harbor's own logo file (the demo's branding/logos/logoFullWhite.svg)", async () => {
    const logoSvg = await readFile(
      join(SEED_ASSETS_DIR, 'harbor', 'branding', 'logos', 'logoFullWhite.svg'),
      'utf8',
    );
    const pdf = createBrandedPdf(
      { ...branding, logoSvg },
      { title: 'Logo', createdOn: '2026-11-25' },
    );
    pdf.doc.text('A short document.');
    const drawing = drawn(await pdf.finish());
    // The anchor's shaft and stock (its path 'M24 15v26M14 22h20'), stroked in white.
    expect(drawing).toContain('24 15 m\n24 41 l\n14 22 m\n34 22 l');
    expect(drawing).toContain('1 1 1 SCN');
  });
});
