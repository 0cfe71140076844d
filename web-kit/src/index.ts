// The package's one entry point: named re-exports only, so each app bundles just what it uses
// (`sideEffects: false` in package.json).
//
// Each module is listed after the modules it loads (the rich text before the lazy rich text that
// imports it on first use). In the other order Rolldown moves Vite's preload helper out of the
// portal's entry chunk into a chunk of its own: one more request on the sign-in page.
export {
  CLIENT_ERROR_CODES,
  createApiClient,
  HttpError,
  type ApiClient,
  type ApiClientOptions,
  type ClientErrorCode,
  type RequestOptions,
} from './api-client';
export { createQueryClient } from './query-client';
export { sanitizeRichText, setSanitizerWithoutDom } from './sanitize-rich-text';
export { RichText } from './rich-text';
export { LazyRichText, preloadRichText, SuspendingRichText } from './lazy-rich-text';
export { VisuallyHidden, visuallyHidden } from './visually-hidden';
// The branch map: its rule and its types here; Leaflet only in the chunk `LazyBranchMap` loads.
export {
  mapViewFor,
  pinnedBranches,
  type BranchPin,
  type BranchSelection,
  type MapPoint,
  type MapView,
  type MapViewSettings,
} from './branch-map/map-view';
export type { BranchMapProps, BranchMapSettings } from './branch-map/branch-map-props';
export { MapBoundary, type MapBoundaryProps } from './branch-map/map-boundary';
export { LazyBranchMap } from './branch-map/lazy-branch-map';
