// A feature folder (`<app>/src/features/<name>/`) never imports another feature folder: `app/`
// composes features, and what two features share moves down to `components/` or `lib/`
// (STYLE.md rule 1). Resolves each relative import against the importing file, so any depth of
// `../` is caught.
import { dirname, posix, relative, resolve, sep } from 'node:path';

const FEATURE = /^(portal|admin)\/src\/features\/([^/]+)\//;

function featureOf(path) {
  const match = FEATURE.exec(path);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one feature folder into another.' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}'. Compose them in app/, or move the shared piece to components/ or lib/.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join(posix.sep);
    const own = featureOf(file);
    if (!own) return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), source))
        .split(sep)
        .join(posix.sep);
      const other = featureOf(`${target}/`);
      if (other && other !== own) {
        context.report({
          node: node.source,
          messageId: 'crossFeature',
          data: { from: own, to: other },
        });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
