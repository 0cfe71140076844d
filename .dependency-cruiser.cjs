// The import rules of the code base: the server's layers and module boundaries, the front ends'
// shared -> features -> app direction, the packages' direction, no production code importing test
// support, and no import cycle anywhere. `npm run lint` runs it (docs/architecture.md draws what
// these rules keep; tests/architecture-rules.test.ts feeds each rule a small fixture).
//
// Type-only imports count: a type import is still an arrow a reader follows, and a cycle of types
// is a cycle of design. Paths are relative to the repository root.

/** Test code may reach anywhere: tests and test kits sit above everything they test. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^(server|portal|admin|web-kit|domain|settings-schema|themes)/src/testing/',
  '^tests/',
  '^e2e/',
];

/**
 * The server's layers, highest first. A folder may import its own layer and the layers below it,
 * never one above (docs/architecture.md, "Server layers").
 */
const SERVER_LAYERS = [
  ['entry', '^server/src/(main\\.ts|index\\.ts|cli/)'],
  ['root', '^server/src/app\\.ts$'],
  ['demo', '^server/src/demo/'],
  ['modules', '^server/src/modules/'],
  ['plugins', '^server/src/plugins/'],
  ['core', '^server/src/core/'],
  ['db', '^server/src/db/'],
  ['lib', '^server/src/(lib/|config\\.ts$)'],
];

const layerRules = SERVER_LAYERS.slice(1).map(([name, path], index) => ({
  name: `server-layer-${name}`,
  comment: `server/src ${name} imports a layer above it (${SERVER_LAYERS.slice(0, index + 1)
    .map(([above]) => above)
    .join(', ')}); arrows run down only (docs/architecture.md)`,
  severity: 'error',
  from: { path, pathNot: TEST_CODE },
  to: { path: SERVER_LAYERS.slice(0, index + 1).map(([, abovePath]) => abovePath) },
}));

const MODULE_FILE = '^server/src/modules/([^/]+)/';
const REPOSITORY = '^server/src/modules/[^/]+/.+\\.repository\\.ts$';
const ROUTES = '^server/src/modules/[^/]+/.+\\.routes\\.ts$';
const WIRING = '^server/src/modules/[^/]+/[^/]+\\.module\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle: split the shared part into a lower file both can import',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-testing-in-production',
      comment: 'production code imports test support (testing/, tests/, e2e/)',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    ...layerRules,
    {
      name: 'module-repository-is-its-own',
      comment:
        "a module imports another module's repository: call that module's service instead (only a module's own services use its repository)",
      severity: 'error',
      from: { path: `${MODULE_FILE}`, pathNot: TEST_CODE },
      to: { path: REPOSITORY, pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'repository-only-from-its-module',
      comment:
        "code outside the modules imports a module's repository: go through the module's service",
      severity: 'error',
      from: { path: '^server/src/', pathNot: [MODULE_FILE, ...TEST_CODE] },
      to: { path: REPOSITORY },
    },
    {
      name: 'routes-call-services',
      comment:
        'a routes file imports a repository, the database or the core: routes call services, which call those',
      severity: 'error',
      from: { path: ROUTES, pathNot: TEST_CODE },
      to: { path: ['\\.repository\\.ts$', '^server/src/(db|core)/'] },
    },
    {
      name: 'repositories-call-the-database',
      comment:
        'a repository imports a service, a route, a plugin or the core: repositories only build queries (db/, lib/)',
      severity: 'error',
      from: { path: REPOSITORY, pathNot: TEST_CODE },
      to: {
        path: [MODULE_FILE, '^server/src/(plugins|core)/'],
        pathNot: ['\\.repository\\.ts$', '\\.schema\\.ts$'],
      },
    },
    {
      name: 'services-do-not-call-routes',
      comment: 'a service imports a routes file: the HTTP layer sits above the services',
      severity: 'error',
      from: { path: MODULE_FILE, pathNot: [ROUTES, WIRING, ...TEST_CODE] },
      to: { path: ROUTES },
    },
    {
      name: 'modules-are-wired-by-the-root',
      comment: "a module's wiring (<name>.module.ts) is imported by app.ts alone",
      severity: 'error',
      from: { pathNot: ['^server/src/app\\.ts$', ...TEST_CODE] },
      to: { path: WIRING },
    },
    {
      name: 'builtin-core-only-from-the-root',
      comment:
        'the built-in core or processors are imported outside the composition root: modules use the interfaces in core/ (app.ts picks the implementation)',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/(app\\.ts$|demo/|cli/|core/builtin/)', ...TEST_CODE],
      },
      to: { path: '^server/src/core/builtin/' },
    },
    {
      name: 'front-end-shared-below-features',
      comment:
        'components/ and lib/ import a feature or app/: shared code sits below the features (shared -> features -> app)',
      severity: 'error',
      from: { path: '^(portal|admin)/src/(components|lib)/', pathNot: TEST_CODE },
      to: { path: '^(portal|admin)/src/(features|app)/' },
    },
    {
      name: 'front-end-features-below-app',
      comment: 'a feature imports app/: app/ composes the features, not the other way',
      severity: 'error',
      from: { path: '^(portal|admin)/src/features/', pathNot: TEST_CODE },
      to: { path: '^(portal|admin)/src/app/' },
    },
    {
      name: 'packages-run-one-way',
      comment:
        'a shared package imports an app or the server: settings-schema -> domain -> web-kit -> portal/admin, and domain -> server',
      severity: 'error',
      from: { path: '^(settings-schema|themes|domain|web-kit)/' },
      to: { path: '^(server|portal|admin)/' },
    },
    {
      name: 'web-kit-is-for-front-ends',
      comment: 'domain, settings-schema or themes import the web kit (React): they are UI-free',
      severity: 'error',
      from: { path: '^(settings-schema|themes|domain)/' },
      to: { path: '^web-kit/' },
    },
    {
      name: 'apps-do-not-import-each-other',
      comment: 'the portal, the admin app and the server share code only through the packages',
      severity: 'error',
      from: { path: '^(portal|admin|server)/' },
      to: { path: '^(portal|admin|server)/', pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.generated\\.'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
