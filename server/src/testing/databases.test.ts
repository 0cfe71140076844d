import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseOfFile, testDatabases } from './databases';

const WITH_POSTGRES = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
const root = fileURLToPath(new URL('../../..', import.meta.url));

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? testFiles(join(folder, entry.name))
      : entry.name.endsWith('.test.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}

describe('the databases of the server tests', () => {
  it('is PGlite alone without TEST_DATABASE_URL, whatever the file asks for', () => {
    expect(testDatabases('both', {}).map((database) => database.name)).toEqual(['pglite']);
    expect(testDatabases('one', {}, '/x/server/src/a.test.ts').map((d) => d.name)).toEqual([
      'pglite',
    ]);
  });

  it('runs a file about the database on both, any other on the one its path chooses', () => {
    expect(testDatabases('both', WITH_POSTGRES).map((database) => database.name)).toEqual([
      'pglite',
      'postgres',
    ]);
    const path = join(root, 'server/src/modules/auth/auth.test.ts');
    const chosen = testDatabases('one', WITH_POSTGRES, path).map((database) => database.name);
    expect(chosen).toEqual([databaseOfFile(path)]);
    // The same file in another checkout keeps its database.
    expect(databaseOfFile('/elsewhere/checkout/server/src/modules/auth/auth.test.ts')).toBe(
      databaseOfFile(path),
    );
  });

  it('gives each database a fair share of the server test files', () => {
    const files = testFiles(join(root, 'server/src')).map((file) => relative(root, file));
    const onPostgres = files.filter((file) => databaseOfFile(join(root, file)) === 'postgres');
    expect(files.length).toBeGreaterThan(100);
    expect(onPostgres.length / files.length).toBeGreaterThan(0.35);
    expect(onPostgres.length / files.length).toBeLessThan(0.65);
  });
});
