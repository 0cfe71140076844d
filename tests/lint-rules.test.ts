import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own lint configuration, run on small sources placed at real paths, so a rule that
// stops firing (or a config that stops applying it) fails here.
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint rules of the project', () => {
  it('refuses a portal feature importing another feature, at any depth', async () => {
    const code = "import { a } from '../../registration/utils/a';\nexport const b = a;\n";
    expect(await messagesFor('portal/src/features/auth/components/x.tsx', code)).toContain(
      'local/no-cross-feature-imports',
    );
    const deeper =
      "import { a } from '../../../../features/recovery/api/a';\nexport const b = a;\n";
    expect(await messagesFor('portal/src/features/auth/components/steps/x.tsx', deeper)).toContain(
      'local/no-cross-feature-imports',
    );
  });

  it('refuses an admin feature importing another feature', async () => {
    const code = "import { a } from '../../transfer/api/transfer';\nexport const b = a;\n";
    expect(await messagesFor('admin/src/features/history/components/x.tsx', code)).toContain(
      'local/no-cross-feature-imports',
    );
  });

  it('lets a feature import itself, components, lib, and lets app/ compose features', async () => {
    const own =
      "import { a } from '../utils/a';\nimport { c } from '../../../lib/c';\nexport const b = [a, c];\n";
    expect(await messagesFor('portal/src/features/auth/components/x.tsx', own)).not.toContain(
      'local/no-cross-feature-imports',
    );
    const app = "import { a } from '../features/auth/utils/a';\nexport const b = a;\n";
    expect(await messagesFor('portal/src/app/x.tsx', app)).not.toContain(
      'local/no-cross-feature-imports',
    );
  });

  it('keeps query building in repositories and db/', async () => {
    const code =
      "import type { Kysely } from 'kysely';\nexport const q = (db: Kysely<{ t: { a: number } }>) => db.selectFrom('t').selectAll().execute();\n";
    expect(await messagesFor('server/src/modules/auth/auth.service.ts', code)).toContain(
      'no-restricted-syntax',
    );
    expect(await messagesFor('server/src/modules/auth/users.repository.ts', code)).not.toContain(
      'no-restricted-syntax',
    );
  });

  it('gives server routes the signed-in caller through signedInCaller only', async () => {
    const session =
      "import { sessionOf } from '../../plugins/auth';\nexport const s = sessionOf;\n";
    expect(await messagesFor('server/src/modules/payoff/payoff.routes.ts', session)).toContain(
      'no-restricted-imports',
    );
    expect(await messagesFor('server/src/modules/auth/auth.service.ts', session)).not.toContain(
      'no-restricted-imports',
    );
    const token =
      "import { presentedToken } from '../../plugins/auth';\nexport const t = presentedToken;\n";
    expect(await messagesFor('server/src/modules/auth/auth.routes.ts', token)).not.toContain(
      'no-restricted-imports',
    );
    // The routes' own rule keeps the server's SQL rule.
    const query = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    expect(await messagesFor('server/src/modules/payoff/payoff.routes.ts', query)).toContain(
      'no-restricted-imports',
    );
  });

  it('keeps request.user and request.session out of the modules (plugins read them)', async () => {
    const code =
      "import type { FastifyRequest } from 'fastify';\nexport const u = (request: FastifyRequest) => request.user?.id;\n";
    expect(await messagesFor('server/src/modules/payoff/payoff.routes.ts', code)).toContain(
      'no-restricted-syntax',
    );
    expect(await messagesFor('server/src/modules/payoff/payoff.service.ts', code)).toContain(
      'no-restricted-syntax',
    );
    const session =
      "import type { FastifyRequest } from 'fastify';\nexport const s = (request: FastifyRequest) => request.session;\n";
    expect(await messagesFor('server/src/modules/auth/post-login.routes.ts', session)).toContain(
      'no-restricted-syntax',
    );
    expect(await messagesFor('server/src/plugins/signed-in-caller.ts', code)).not.toContain(
      'no-restricted-syntax',
    );
  });

  it('forbids raw fetch in the front ends outside the API client', async () => {
    const code = "export const f = () => fetch('/api/x');\n";
    expect(await messagesFor('portal/src/features/auth/api/x.ts', code)).toContain(
      'no-restricted-globals',
    );
    expect(await messagesFor('admin/src/features/audit/api/x.ts', code)).toContain(
      'no-restricted-globals',
    );
    expect(await messagesFor('portal/src/lib/api-client.ts', code)).toContain(
      'no-restricted-globals',
    );
    expect(await messagesFor('web-kit/src/api-client.ts', code)).not.toContain(
      'no-restricted-globals',
    );
  });
});
