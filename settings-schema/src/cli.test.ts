import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('applies the schema bounds the admin editor applies (a negative lockout fails)', () => {
    const path = fileWith(
      JSON.stringify({ shared: { securityPolicyOptions: { lockoutMinutes: '-5' } } }),
    );
    const result = run(['validate', path]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `${path}: securityPolicyOptions.lockoutMinutes (shared): must be at least 0`,
    );
  });

  it('reports a range error beside a type error, and refuses a fractional lockout, each on its own line', () => {
    const path = fileWith(
      JSON.stringify({
        shared: {
          globalOptions: { useFAQOption: 'maybe' },
          securityPolicyOptions: { lockoutMinutes: '-1', maxFailedLoginAttempts: '2.5' },
        },
      }),
    );
    const result = run(['validate', path]);
    expect(result.code).toBe(1);
    expect(result.err.split('\n')).toEqual([
      `${path}: globalOptions.useFAQOption (shared): must be "true" or "false"`,
      `${path}: securityPolicyOptions.lockoutMinutes (shared): must be at least 0`,
      `${path}: securityPolicyOptions.maxFailedLoginAttempts (shared): must be a whole number`,
      '3 error(s)',
    ]);
  });

  it('refuses a regular expression setting that does not compile (as the editor and import do)', () => {
    const path = fileWith(
      JSON.stringify({
        shared: {
          securityQuestionOptions: { secretAnswerAllowedCharactersPattern: '[unclosed' },
          passwordRuleOptions: {
            passwordValidationRules: JSON.stringify([
              { ValidationRuleType: 8, ValidationRegex: '[unclosed', RegexMatchMeansError: true },
            ]),
          },
        },
      }),
    );
    const result = run(['validate', path]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `${path}: securityQuestionOptions.secretAnswerAllowedCharactersPattern (shared): must be a valid regular expression (Unterminated character class)`,
    );
    expect(result.err).toContain(
      `${path}: passwordRuleOptions.passwordValidationRules (shared): JSON value at /0/ValidationRegex must be a valid regular expression (Unterminated character class)`,
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

describe('portal-settings diff', () => {
  it('lists added, removed and changed keys per set, and exits 1 when they differ', () => {
    const a = fileWith(
      JSON.stringify({
        shared: { globalOptions: { useFAQOption: 'true', useBranchLocatorOption: 'true' } },
      }),
    );
    const b = fileWith(
      JSON.stringify({
        shared: { globalOptions: { useFAQOption: 'false' } },
        english: { loginTexts: { topHeadingText: 'Welcome' } },
      }),
    );
    const result = run(['diff', a, b]);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      '- globalOptions.useBranchLocatorOption (shared): "true" -> (default "false")',
      '~ globalOptions.useFAQOption (shared): "true" -> "false"',
      expect.stringMatching(
        /^\+ loginTexts\.topHeadingText \(english\): \(default .*\) -> "Welcome"$/,
      ),
      '3 difference(s)',
    ]);
  });

  it('exits 0 for identical files and 2 for an unreadable one', () => {
    const a = fileWith('{"shared":{}}');
    expect(run(['diff', a, a])).toMatchObject({ code: 0, out: 'No differences.' });
    expect(run(['diff', a, fileWith('{ nope')]).code).toBe(2);
  });
});

describe('portal-settings new-institution', () => {
  it('scaffolds a valid configuration, the create request and the logos', () => {
    const out = mkdtempSync(join(tmpdir(), 'portal-new-'));
    const result = run([
      'new-institution',
      '--name',
      'Lakeside Credit Union',
      '--slug',
      'lakeside',
      '--primary',
      '#5B2A86',
      '--host',
      'lakeside.example',
      '--radius',
      '6',
      '--out',
      out,
    ]);
    expect(result.code).toBe(0);
    const config: unknown = JSON.parse(
      readFileSync(join(out, 'lakeside', 'institution.json'), 'utf8'),
    );
    expect(run(['validate', join(out, 'lakeside', 'institution.json')]).code).toBe(0);
    expect(config).toMatchObject({
      shared: { themeOptions: { primaryColor: '#5b2a86', borderRadius: '6' } },
    });
    expect(
      JSON.parse(readFileSync(join(out, 'lakeside', 'create-request.json'), 'utf8')),
    ).toMatchObject({
      name: 'Lakeside Credit Union',
      slug: 'lakeside',
      hosts: ['lakeside.example'],
      theme: { primaryColor: '#5b2a86', borderRadius: 6 },
    });
    const logo = readFileSync(
      join(out, 'lakeside', 'cdn', 'branding', 'logos', 'logoFullWhite.svg'),
      'utf8',
    );
    expect(logo).toContain('Lakeside Credit Union');
    // The footer says "© <year> <name>." itself: the scaffold's copyright text does not repeat it.
    expect(config).toMatchObject({
      english: {
        loggedInLayout: { copyrightText: 'All rights reserved.' },
        loggedOutLayout: { copyrightText: 'All rights reserved.' },
      },
    });
    expect(existsSync(join(out, 'lakeside', 'cdn', 'branding', 'logos', 'logoIconWhite.svg'))).toBe(
      true,
    );
  });

  it('refuses an invalid colour naming the key, and warns about poor contrast', () => {
    const out = mkdtempSync(join(tmpdir(), 'portal-new-'));
    const bad = run([
      'new-institution',
      '--name',
      'X Bank',
      '--slug',
      'xbank',
      '--primary',
      'blue',
      '--out',
      out,
    ]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('themeOptions.primaryColor');
    const pale = run([
      'new-institution',
      '--name',
      'Pale Bank',
      '--slug',
      'pale',
      '--primary',
      '#ffee88',
      '--out',
      out,
    ]);
    expect(pale.code).toBe(0);
    expect(pale.out).toContain('WCAG AA needs 4.5:1');
  });

  it('needs a name, a slug and a primary colour', () => {
    expect(run(['new-institution', '--name', 'Only Name']).code).toBe(2);
  });
});
