// The package's one entry point: named re-exports only, so each app bundles just what it uses
// (`sideEffects: false` in package.json).
export { VisuallyHidden, visuallyHidden } from './visually-hidden';
