import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of .dependency-cruiser.cjs (docs/architecture.md), run by the same command
// `npm run lint` runs, on a small tree of fixture files at the paths the rules name: each rule
// must report the file that breaks it, and the tree's lawful imports must pass. A rule that stops
// firing, or a lint script that stops running it, fails here.
const root = join(import.meta.dirname, '..');
const config = join(root, '.dependency-cruiser.cjs');
const require = createRequire(import.meta.url);
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

/** The fixture tree: path -> source. Each file says in its name what it is. */
const FIXTURES: Record<string, string> = {
  'tsconfig.json': '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "Bundler" } }',
  // Lawful: routes -> own service -> own repository -> db; a service -> another module's service.
  'server/src/db/schema.ts': 'export interface Database { t: { a: number } }\n',
  'server/src/lib/money.ts': 'export const cents = 100;\n',
  'server/src/modules/loans/loans.repository.ts':
    "import type { Database } from '../../db/schema';\nexport const findLoan = (db: Database) => db;\n",
  'server/src/modules/loans/loans.service.ts':
    "import { findLoan } from './loans.repository';\nimport { cents } from '../../lib/money';\nexport const loanService = { findLoan, cents };\n",
  'server/src/modules/loans/loans.routes.ts':
    "import { loanService } from './loans.service';\nexport const routes = loanService;\n",
  'server/src/modules/loans/loans.module.ts':
    "import { routes } from './loans.routes';\nexport const loansModule = routes;\n",
  'server/src/modules/fees/fees.service.ts':
    "import { loanService } from '../loans/loans.service';\nexport const fees = loanService;\n",
  'server/src/core/servicing-core.ts': 'export interface ServicingCore { day: string }\n',
  'server/src/core/builtin/builtin-core.ts':
    "import type { ServicingCore } from '../servicing-core';\nexport const builtin: ServicingCore = { day: '' };\n",
  // app.ts wires the modules and picks the built-in core (lawful), and imports an entry point (not).
  'server/src/app.ts':
    "import { loansModule } from './modules/loans/loans.module';\nimport { builtin } from './core/builtin/builtin-core';\nimport { run } from './cli/run';\nexport const app = [loansModule, builtin, run];\n",
  'server/src/testing/kit.ts': "export const kit = 'test kit';\n",
  'server/src/modules/loans/loans.test.ts':
    "import { kit } from '../../testing/kit';\nimport { findLoan } from '../fees/../loans/loans.repository';\nexport const t = [kit, findLoan];\n",

  // Unlawful, one rule each.
  'server/src/modules/bad-routes/bad-routes.routes.ts':
    "import { findLoan } from '../loans/loans.repository';\nexport const r = findLoan;\n",
  'server/src/modules/bad-service/bad-service.service.ts':
    "import { findLoan } from '../loans/loans.repository';\nexport const s = findLoan;\n",
  'server/src/modules/bad-testing/bad-testing.service.ts':
    "import { kit } from '../../testing/kit';\nexport const s = kit;\n",
  'server/src/modules/bad-builtin/bad-builtin.service.ts':
    "import { builtin } from '../../core/builtin/builtin-core';\nexport const s = builtin;\n",
  'server/src/modules/bad-root/bad-root.service.ts':
    "import { app } from '../../app';\nexport const s = app;\n",
  'server/src/modules/bad-wiring/bad-wiring.service.ts':
    "import { loansModule } from '../loans/loans.module';\nexport const s = loansModule;\n",
  'server/src/lib/bad-lib.ts':
    "import { loanService } from '../modules/loans/loans.service';\nexport const l = loanService;\n",
  'server/src/modules/cycle/first.ts': "import { b } from './second';\nexport const a = () => b;\n",
  'server/src/modules/cycle/second.ts': "import { a } from './first';\nexport const b = () => a;\n",
  'portal/src/features/one/a.ts': "import { b } from '../two/b';\nexport const a = b;\n",
  'portal/src/features/two/b.ts': "export const b = 'b';\n",
  'portal/src/lib/bad-shared.ts': "import { a } from '../features/one/a';\nexport const s = a;\n",

  // Every layer of the server refuses the layer above it.
  'server/src/main.ts': "import { app } from './app';\nexport const main = app;\n",
  'server/src/cli/run.ts': "export const run = 'run';\n",
  'server/src/demo/seed.ts':
    "import { loanService } from '../modules/loans/loans.service';\nimport { builtin } from '../core/builtin/builtin-core';\nexport const seed = [loanService, builtin];\n",
  'server/src/demo/bad-demo.ts': "import { app } from '../app';\nexport const d = app;\n",
  'server/src/demo/bad-demo-repository.ts':
    "import { findLoan } from '../modules/loans/loans.repository';\nexport const d = findLoan;\n",
  'server/src/plugins/auth.ts': "export const auth = 'auth';\n",
  'server/src/plugins/bad-plugin.ts':
    "import { loanService } from '../modules/loans/loans.service';\nexport const p = loanService;\n",
  'server/src/core/bad-core.ts':
    "import { auth } from '../plugins/auth';\nexport const c = auth;\n",
  'server/src/db/bad-db.ts':
    "import type { ServicingCore } from '../core/servicing-core';\nexport type D = ServicingCore;\n",
  // Inside a module: routes reach only services; repositories only the database; services never
  // routes.
  'server/src/modules/bad-routes-db/bad-routes-db.routes.ts':
    "import type { Database } from '../../db/schema';\nexport type R = Database;\n",
  'server/src/modules/bad-repository/bad-repository.repository.ts':
    "import { auth } from '../../plugins/auth';\nexport const r = auth;\n",
  'server/src/modules/bad-service-routes/bad-service-routes.service.ts':
    "import { routes } from '../loans/loans.routes';\nexport const s = routes;\n",
  // Front ends and packages.
  'portal/src/app/routes.ts': "import { a } from '../features/one/a';\nexport const routes = a;\n",
  'portal/src/features/two/bad-app.ts':
    "import { routes } from '../../app/routes';\nexport const c = routes;\n",
  'admin/src/lib/bad-app-import.ts':
    "import { s } from '../../../portal/src/lib/bad-shared';\nexport const x = s;\n",
  'web-kit/src/api.ts': "export const api = 'api';\n",
  'domain/src/testing/cases.ts': "export const cases = ['case'];\n",
  'domain/src/rules/bad-package.ts':
    "import { cents } from '../../../server/src/lib/money';\nexport const d = cents;\n",
  'domain/src/rules/bad-web-kit.ts':
    "import { api } from '../../../web-kit/src/api';\nexport const d = api;\n",
  'domain/src/rules/bad-domain-testing.ts':
    "import { cases } from '../testing/cases';\nexport const d = cases;\n",
};

interface Violation {
  rule: string;
  from: string;
  to: string;
}

let tree: string;
let violations: Violation[];

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'architecture-rules-'));
  for (const [path, source] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  // depcruise exits with the number of errors; its JSON lists them either way.
  const { stdout } = await promisify(execFile)(
    depcruise,
    [
      'server/src',
      'portal/src',
      'admin/src',
      'domain/src',
      'web-kit/src',
      '--config',
      config,
      '--output-type',
      'json',
    ],
    { cwd: tree, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  violations = result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }));
}, 60_000);

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

const rulesBrokenBy = (from: string) =>
  violations.filter((violation) => violation.from === from).map((violation) => violation.rule);

describe('the import rules npm run lint enforces', () => {
  it('are run by npm run lint, on every package, with this configuration', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.lint).toMatch(/depcruise .*--config \.dependency-cruiser\.cjs/);
    for (const folder of ['domain/src', 'server/src', 'portal/src', 'admin/src', 'web-kit/src']) {
      expect(scripts.lint).toContain(folder);
    }
  });

  it('refuse a route importing a repository', () => {
    expect(rulesBrokenBy('server/src/modules/bad-routes/bad-routes.routes.ts')).toEqual(
      expect.arrayContaining(['routes-call-services', 'module-repository-is-its-own']),
    );
  });

  it("refuse a module importing another module's repository", () => {
    expect(rulesBrokenBy('server/src/modules/bad-service/bad-service.service.ts')).toEqual([
      'module-repository-is-its-own',
    ]);
  });

  it('refuse production code importing test support', () => {
    expect(rulesBrokenBy('server/src/modules/bad-testing/bad-testing.service.ts')).toEqual([
      'no-testing-in-production',
    ]);
  });

  it('refuse an import cycle', () => {
    // A cycle is reported once, from whichever of its files the cruise met first.
    const cycle = ['server/src/modules/cycle/first.ts', 'server/src/modules/cycle/second.ts'];
    expect(violations.filter((violation) => violation.rule === 'no-circular')).toEqual([
      expect.objectContaining({ from: expect.toBeOneOf(cycle), to: expect.toBeOneOf(cycle) }),
    ]);
  });

  it('refuse a module picking the built-in core, importing app.ts or wiring another module', () => {
    expect(rulesBrokenBy('server/src/modules/bad-builtin/bad-builtin.service.ts')).toEqual([
      'builtin-core-only-from-the-root',
    ]);
    expect(rulesBrokenBy('server/src/modules/bad-root/bad-root.service.ts')).toEqual([
      'server-layer-modules',
    ]);
    expect(rulesBrokenBy('server/src/modules/bad-wiring/bad-wiring.service.ts')).toEqual([
      'modules-are-wired-by-the-root',
    ]);
  });

  it('refuse a lower layer importing a higher one', () => {
    expect(rulesBrokenBy('server/src/lib/bad-lib.ts')).toEqual(['server-layer-lib']);
  });

  it('refuse shared front-end code importing a feature', () => {
    expect(rulesBrokenBy('portal/src/lib/bad-shared.ts')).toEqual([
      'front-end-shared-below-features',
    ]);
  });

  it('refuse each server layer importing one above it', () => {
    expect(rulesBrokenBy('server/src/demo/bad-demo.ts')).toEqual(['server-layer-demo']);
    expect(rulesBrokenBy('server/src/plugins/bad-plugin.ts')).toEqual(['server-layer-plugins']);
    expect(rulesBrokenBy('server/src/core/bad-core.ts')).toEqual(['server-layer-core']);
    expect(rulesBrokenBy('server/src/db/bad-db.ts')).toEqual(['server-layer-db']);
    expect(rulesBrokenBy('server/src/app.ts')).toEqual(['server-layer-root']);
  });

  it("refuse code outside the modules importing a module's repository", () => {
    expect(rulesBrokenBy('server/src/demo/bad-demo-repository.ts')).toEqual([
      'repository-only-from-its-module',
    ]);
  });

  it('refuse a route importing the database, a repository importing a plugin, a service importing routes', () => {
    expect(rulesBrokenBy('server/src/modules/bad-routes-db/bad-routes-db.routes.ts')).toEqual([
      'routes-call-services',
    ]);
    expect(rulesBrokenBy('server/src/modules/bad-repository/bad-repository.repository.ts')).toEqual(
      ['repositories-call-the-database'],
    );
    expect(
      rulesBrokenBy('server/src/modules/bad-service-routes/bad-service-routes.service.ts'),
    ).toEqual(['services-do-not-call-routes']);
  });

  it('refuse a feature importing app/, and an app importing another app', () => {
    expect(rulesBrokenBy('portal/src/features/two/bad-app.ts')).toEqual([
      'front-end-features-below-app',
    ]);
    expect(rulesBrokenBy('admin/src/lib/bad-app-import.ts')).toEqual([
      'apps-do-not-import-each-other',
    ]);
  });

  it('refuse a shared package importing an app, the web kit, or its own test support', () => {
    expect(rulesBrokenBy('domain/src/rules/bad-package.ts')).toEqual(['packages-run-one-way']);
    expect(rulesBrokenBy('domain/src/rules/bad-web-kit.ts')).toEqual(['web-kit-is-for-front-ends']);
    expect(rulesBrokenBy('domain/src/rules/bad-domain-testing.ts')).toEqual([
      'no-testing-in-production',
    ]);
  });

  it('have a fixture that breaks each rule of the configuration', () => {
    const rules = (require(config) as { forbidden: { name: string }[] }).forbidden.map(
      (rule) => rule.name,
    );
    const broken = new Set(violations.map((violation) => violation.rule));
    expect(rules.filter((rule) => !broken.has(rule))).toEqual([]);
  });

  it('place every top-level entry of server/src in a layer the document draws', () => {
    const rules = (
      require(config) as {
        forbidden: { name: string; from: { path?: string }; to: { path?: string | string[] } }[];
      }
    ).forbidden.filter((rule) => rule.name.startsWith('server-layer-'));
    const layerPaths = rules.flatMap((rule) => [rule.from.path ?? '', rule.to.path ?? []].flat());
    const entries = readdirSync(join(root, 'server/src'), { withFileTypes: true })
      .filter((entry) => !/\.test\.ts$/.test(entry.name) && entry.name !== 'testing')
      .map((entry) => `server/src/${entry.name}${entry.isDirectory() ? '/' : ''}`);
    const outside = entries.filter(
      (entry) => !layerPaths.some((path) => new RegExp(path).test(entry)),
    );
    expect(outside).toEqual([]);
  });

  it('let the lawful imports through: routes, services, repositories, the root and tests', () => {
    const lawful = [
      'server/src/modules/loans/loans.routes.ts',
      'server/src/modules/loans/loans.service.ts',
      'server/src/modules/loans/loans.repository.ts',
      'server/src/modules/loans/loans.module.ts',
      'server/src/modules/loans/loans.test.ts',
      'server/src/modules/fees/fees.service.ts',
      'server/src/main.ts',
      'server/src/demo/seed.ts',
      'portal/src/app/routes.ts',
    ];
    for (const from of lawful) expect(rulesBrokenBy(from), from).toEqual([]);
  });
});
