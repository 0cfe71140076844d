import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';

function fileWith(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'portal-settings-')), 'config.json');
  writeFileSync(path, content);
  return path;
}

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(
    args,
    (line: string) => out.push(line),
    (line: string) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('portal-settings validate', () => {
  it('exits 0 and says valid for a good file', () => {
    const path = fileWith(JSON.stringify({ shared: { globalOptions: { useFAQOption: 'false' } } }));
    expect(run(['validate', path])).toMatchObject({ code: 0, out: `${path}: valid` });
  });

  it('prints each error with its key and exits non-zero', () => {
    const path = fileWith(
      JSON.stringify({ shared: { globalOptions: { useFAQOption: 'maybe', nope: 'x' } } }),
    );
    const result = run(['validate', path]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `${path}: globalOptions.useFAQOption (shared): must be "true" or "false"`,
    );
    expect(result.err).toContain(
      'globalOptions.nope (shared): unknown setting "globalOptions.nope"',
    );
    expect(result.err).toContain('2 error(s)');
  });

  it('reports a file that is not JSON', () => {
    const result = run(['validate', fileWith('{ nope')]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/config\.json: .*JSON/);
  });

  it('prints usage for an unknown command', () => {
    expect(run(['frobnicate']).code).toBe(2);
  });
});
