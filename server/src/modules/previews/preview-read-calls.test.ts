import { describe, expect, it } from 'vitest';
import { allowedInPreview, previewReadOnlyEnvelope } from './preview-read-calls';

describe('what the preview’s read-only session may call', () => {
  it('allows every GET and the specs’ POST reads, and nothing else', () => {
    expect(allowedInPreview('GET', '/api/accountList')).toBe(true);
    expect(allowedInPreview('POST', '/api/PaymentMethod/GetPaymentMethods')).toBe(true);
    expect(allowedInPreview('POST', '/api/PaymentInformation/GetThirdPartyFee')).toBe(true);
    expect(allowedInPreview('POST', '/api/PaymentMethod/PaymentsOfMethod')).toBe(true);
    expect(allowedInPreview('POST', '/api/PaymentMethod/AddCardPaymentMethod')).toBe(false);
    expect(allowedInPreview('POST', '/api/PaymentImmediate/SubmitCard')).toBe(false);
    expect(allowedInPreview('DELETE', '/api/PaymentMethod/GetPaymentMethods')).toBe(false);
    expect(allowedInPreview('POST', undefined)).toBe(false);
  });

  it('answers a change with the notice first and the code after', () => {
    expect(previewReadOnlyEnvelope('Preview only: nothing was saved.')).toEqual({
      HasNoErrors: false,
      Errors: [
        { ErrorMessage: 'Preview only: nothing was saved.' },
        { ErrorMessage: 'PreviewReadOnly' },
      ],
    });
    // A notice without words (emptied in the settings) leaves the code alone.
    expect(previewReadOnlyEnvelope('  ').Errors).toEqual([{ ErrorMessage: 'PreviewReadOnly' }]);
  });
});
