import { lazy, Suspense, type ComponentProps } from 'react';

// DOMPurify loads with the first rich text shown, not with the login page.
const RichText = lazy(() => import('./rich-text').then((module) => ({ default: module.RichText })));

/** `RichText`, loaded on first use. */
export function LazyRichText(props: ComponentProps<typeof RichText>) {
  return (
    <Suspense fallback={null}>
      <RichText {...props} />
    </Suspense>
  );
}
