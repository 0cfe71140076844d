import {
  stubFetch as stubFetchWith,
  type FetchStub,
  type StubRoutes,
} from '@portal/web-kit/testing';

/** Stubs `fetch` for an admin app test; unknown routes answer the admin API's 404 error. */
export function stubFetch(routes: StubRoutes): FetchStub {
  return stubFetchWith(routes, {
    status: 404,
    body: { error: { code: 'NotFound', message: 'Not found.' } },
  });
}
