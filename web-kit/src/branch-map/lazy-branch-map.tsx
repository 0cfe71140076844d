import { lazy } from 'react';

/**
 * The branch map (`BranchMap`), loaded when first shown: Leaflet, its style sheet and the state
 * outlines come in chunks of their own, so no other route of either app downloads them. Show it
 * inside a Suspense boundary (and a `MapBoundary`, should its chunk fail to load).
 */
export const LazyBranchMap = lazy(() => import('./branch-map'));
