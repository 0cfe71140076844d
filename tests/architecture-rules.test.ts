import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  'server/src/app.ts':
    "import { loansModule } from './modules/loans/loans.module';\nimport { builtin } from './core/builtin/builtin-core';\nexport const app = [loansModule, builtin];\n",
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
    ['server/src', 'portal/src', '--config', config, '--output-type', 'json'],
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

  it('let the lawful imports through: routes, services, repositories, the root and tests', () => {
    const lawful = [
      'server/src/modules/loans/loans.routes.ts',
      'server/src/modules/loans/loans.service.ts',
      'server/src/modules/loans/loans.repository.ts',
      'server/src/modules/loans/loans.module.ts',
      'server/src/modules/loans/loans.test.ts',
      'server/src/modules/fees/fees.service.ts',
      'server/src/app.ts',
    ];
    for (const from of lawful) expect(rulesBrokenBy(from), from).toEqual([]);
  });
});
