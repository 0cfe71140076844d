// The package's one entry point: named re-exports only, so each app bundles just what it uses
// (`sideEffects: false` in package.json). DOMPurify stays out of a bundle that only uses
// `LazyRichText`: it loads with the first rich text shown.
export { LazyRichText, preloadRichText, SuspendingRichText } from './lazy-rich-text';
export { RichText } from './rich-text';
export { sanitizeRichText } from './sanitize-rich-text';
export { VisuallyHidden, visuallyHidden } from './visually-hidden';
