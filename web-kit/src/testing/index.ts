// Test helpers for the apps' component tests; a separate entry point, so that no production
// bundle can include them.
export { expectNoAxeViolations } from './axe';
export {
  fetchStubFor,
  stubFetch,
  type FetchStub,
  type StubHandler,
  type StubRequest,
  type StubResponse,
  type StubRoutes,
} from './fetch-stub';
export {
  stubXhr,
  type XhrStub,
  type XhrStubHandler,
  type XhrStubRequest,
  type XhrStubResponse,
} from './xhr-stub';
