import { fetchStubFor } from '@portal/web-kit/testing';

/** Stubs `fetch` for a portal test; unknown routes answer 404 with the envelope. */
export const stubFetch = fetchStubFor({
  status: 404,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
});
