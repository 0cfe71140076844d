import { lazy, Suspense, type ComponentProps } from 'react';

const loadRichText = () => import('./rich-text');

/**
 * `RichText` as a lazy component, for a page that shows it inside its own Suspense boundary (so
 * the text appears with the rest of the page instead of pushing it down when it arrives).
 */
export const SuspendingRichText = lazy(() =>
  loadRichText().then((module) => ({ default: module.RichText })),
);

/** Starts loading the rich text code early (a page that will show rich text once its data is in). */
export function preloadRichText(): void {
  void loadRichText();
}

// DOMPurify loads with the first rich text shown, not with the login page.
/** `RichText`, loaded on first use. */
export function LazyRichText(props: ComponentProps<typeof SuspendingRichText>) {
  return (
    <Suspense fallback={null}>
      <SuspendingRichText {...props} />
    </Suspense>
  );
}
