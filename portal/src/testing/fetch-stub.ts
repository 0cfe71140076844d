import {
  stubFetch as stubFetchWith,
  type FetchStub,
  type StubRoutes,
} from '@portal/tests/fetch-stub';

export type {
  FetchStub,
  StubHandler,
  StubRequest,
  StubResponse,
  StubRoutes,
} from '@portal/tests/fetch-stub';

/** Stubs `fetch` for a portal test; unknown routes answer 404 with the envelope. */
export function stubFetch(routes: StubRoutes): FetchStub {
  return stubFetchWith(routes, {
    status: 404,
    body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
  });
}
