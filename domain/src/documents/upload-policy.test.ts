import { listSettingDefinitions } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  checkUploadContent,
  extensionOf,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MEGABYTES,
  SNIFF_BYTES,
  sniffUploadFormat,
  tooManyUploadsMessage,
  UPLOAD_ACCEPT,
  uploadFileIssue,
  uploadFormatOfName,
  uploadLimitBytes,
  uploadTooLargeMessage,
} from './upload-policy';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const PDF = text('%PDF-1.7\n');
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
/** What a Windows program starts with. */
const EXECUTABLE = text('MZ\x90\x00\x03\x00\x00\x00');

describe('the upload policy', () => {
  it('tells PDF, JPEG, PNG and TIFF by their first bytes, and nothing else', () => {
    expect(sniffUploadFormat(PDF)?.format).toBe('pdf');
    expect(sniffUploadFormat(PNG)?.format).toBe('png');
    expect(sniffUploadFormat(JPEG)?.format).toBe('jpg');
    expect(sniffUploadFormat(bytes(0x49, 0x49, 0x2a, 0x00))?.contentType).toBe('image/tiff');
    expect(sniffUploadFormat(bytes(0x4d, 0x4d, 0x00, 0x2a))?.format).toBe('tif');
    expect(sniffUploadFormat(text('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffUploadFormat(text('GIF89a......'))).toBeUndefined();
    expect(sniffUploadFormat(text('%PDF'))).toBeUndefined();
    expect(sniffUploadFormat(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffUploadFormat(EXECUTABLE)).toBeUndefined();
    expect(sniffUploadFormat(new Uint8Array())).toBeUndefined();
    expect(SNIFF_BYTES).toBe(8);
  });

  it('takes a file whose content is the format its extension says, in any case', () => {
    expect(checkUploadContent('Pay stub.March.PDF', PDF)).toEqual({
      format: expect.objectContaining({ format: 'pdf' }),
    });
    expect(checkUploadContent('C:\\fakepath\\photo.jpeg', JPEG)).toEqual({
      format: expect.objectContaining({ format: 'jpg' }),
    });
  });

  it('refuses a PDF renamed .png as a mismatch, and a program renamed .pdf as no document', () => {
    expect(checkUploadContent('licence.png', PDF)).toEqual({ refusal: 'formatMismatch' });
    expect(checkUploadContent('statement.pdf', EXECUTABLE)).toEqual({
      refusal: 'unsupportedFormat',
    });
    expect(checkUploadContent('setup.exe', EXECUTABLE)).toEqual({ refusal: 'unsupportedFormat' });
    // A document under a name of no accepted format, or of none at all.
    expect(checkUploadContent('scan.exe', PDF)).toEqual({ refusal: 'unsupportedFormat' });
    expect(checkUploadContent('scan', PDF)).toEqual({ refusal: 'unsupportedFormat' });
  });

  it('reads the extension of the last part of a path only', () => {
    expect(extensionOf('C:\\scans.pdf\\photo')).toBe('');
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
    expect(extensionOf('.pdf')).toBe('pdf');
  });

  it('tells the uploader what it can before sending: empty, over the limit, not a document name', () => {
    const limit = uploadLimitBytes(10);
    expect(uploadFileIssue({ name: 'a.pdf', size: 0 }, limit)).toBe('emptyFile');
    expect(uploadFileIssue({ name: 'a.pdf', size: limit + 1 }, limit)).toBe('tooLarge');
    expect(uploadFileIssue({ name: 'a.pdf', size: limit }, limit)).toBeUndefined();
    expect(uploadFileIssue({ name: 'a.gif', size: 10 }, limit)).toBe('unsupportedFormat');
    expect(UPLOAD_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.jpg', '.jpeg', '.png', '.tif', '.tiff', 'image/tiff']),
    );
  });

  it("takes the institution's limit in whole MB, within 1 MB and the hard cap, and names it", () => {
    expect(uploadLimitBytes(10)).toBe(10 * 1024 * 1024);
    expect(uploadLimitBytes(2.7)).toBe(2 * 1024 * 1024);
    expect(uploadLimitBytes(0)).toBe(1024 * 1024);
    expect(uploadLimitBytes(500)).toBe(MAX_UPLOAD_BYTES);
    expect(uploadTooLargeMessage(uploadLimitBytes(4))).toBe(
      'The file is larger than 4 MB. Upload a smaller file.',
    );
    expect(uploadTooLargeMessage(1536 * 1024)).toBe(
      'The file is larger than 1.5 MB. Upload a smaller file.',
    );
  });

  it("keeps the setting's range and default to the hard cap", () => {
    const setting = listSettingDefinitions().find(
      (definition) => definition.key === 'documentCenterOptions.maxUploadMegabytes',
    );
    expect(setting).toMatchObject({ minimum: 1, maximum: MAX_UPLOAD_MEGABYTES, integer: true });
    expect(Number(setting?.default)).toBeLessThanOrEqual(MAX_UPLOAD_MEGABYTES);
  });

  it('reads the format a name says for the icon, as it decides what is sent', () => {
    expect(uploadFormatOfName('Scan.TIFF')?.format).toBe('tif');
    expect(uploadFormatOfName('photo.heic')).toBeUndefined();
    expect(uploadFormatOfName('anim.gif')).toBeUndefined();
  });

  it('tells a borrower past the hourly upload limit when to try again, in whole minutes', () => {
    expect(tooManyUploadsMessage(30)).toBe(
      'You have uploaded many files in the last hour. Please try again in 1 minute.',
    );
    expect(tooManyUploadsMessage(601)).toContain('try again in 11 minutes.');
  });
});
