import {
  stubFetch as stubFetchWith,
  type FetchStub,
  type StubRoutes,
} from '@portal/web-kit/testing';

/** Stubs `fetch` for a portal test; unknown routes answer 404 with the envelope. */
export function stubFetch(routes: StubRoutes): FetchStub {
  return stubFetchWith(routes, {
    status: 404,
    body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
  });
}
