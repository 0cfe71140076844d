import { fetchStubFor } from '@portal/web-kit/testing';

/** Stubs `fetch` for an admin app test; unknown routes answer the admin API's 404 error. */
export const stubFetch = fetchStubFor({
  status: 404,
  body: { error: { code: 'NotFound', message: 'Not found.' } },
});
