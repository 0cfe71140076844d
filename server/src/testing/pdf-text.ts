import { PDFParse } from 'pdf-parse';

/** The text of a PDF, every page, for tests that check what a document says. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText();
    return result.text;
  } finally {
    await parser.destroy();
  }
}
