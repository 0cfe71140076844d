import { ENVELOPE_CODES, errorEnvelope, PAYMENT_CALLS, type Envelope } from '@portal/domain';

/*
 * What the admin's preview (the sample borrower's read-only session) may call. A GET is always a
 * read; the specs make some reads POSTs (GetPaymentMethods takes the loan in its body), and the
 * preview must walk through them, or the Make Payment preview stops at its first step (issue 20
 * item 21). Only calls that change nothing the borrower owns are listed: a download token is a
 * read of the borrower's own history or quote, a fee or rule lookup answers a figure.
 * Everything else that is not a GET (a payment, a saved method, a single-use card, an address,
 * an alert, an agreement) is refused with the preview notice below.
 */
export const PREVIEW_READ_CALLS: ReadonlySet<string> = new Set([
  PAYMENT_CALLS.getPaymentMethods.path,
  PAYMENT_CALLS.getThirdPartyFee.path,
  // The payments a saved method's deletion would cancel: a read, asked before the question.
  PAYMENT_CALLS.paymentsOfMethod.path,
  PAYMENT_CALLS.retrievePayoffDownloadToken.path,
  '/api/AccountHistory/RetrieveDownloadToken',
  '/api/Insurance/GetInsuranceInformation',
  '/api/CredentialValidationRules/GetPasswordValidationRules',
  '/api/CredentialValidationRules/GetLogonValidationRules',
  '/api/Login/CheckTokenExpiration',
]);

/** Whether a read-only (preview) session may make this call: any GET, and the reads above. */
export function allowedInPreview(method: string, routeUrl: string | undefined): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && routeUrl !== undefined && PREVIEW_READ_CALLS.has(routeUrl);
}

/**
 * The answer to a change the preview asked for: the institution's preview notice first (text
 * with spaces, which the portal shows as it is, spec 001 section 8, instead of "An error
 * occurred."), then the PreviewReadOnly code for clients that act on it.
 */
export function previewReadOnlyEnvelope(notice: string): Envelope {
  const text = notice.trim();
  return text.includes(' ')
    ? errorEnvelope(text, ENVELOPE_CODES.previewReadOnly)
    : errorEnvelope(ENVELOPE_CODES.previewReadOnly);
}
