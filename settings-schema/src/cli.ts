import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSettingDefinition } from './definitions';
import { SETTING_SETS, type InstitutionConfiguration, type SettingSet } from './types';
import { validateInstitutionConfig } from './validate';

const USAGE = `Usage: portal-settings <command>

Commands:
  validate FILE   Check an institution configuration JSON file against the settings schema.
  diff A B        Show the per-key differences between two configuration files
                  (exit 0: identical, 1: different, 2: a file could not be read).
  new-institution --name NAME --slug SLUG --primary #RRGGBB [options]
                  Scaffold an institution: configuration, theme, logos and the admin API's
                  create request, in OUT/SLUG (default ./SLUG).
    --host HOST         A host name it answers on (repeatable; default SLUG.localhost)
    --secondary #RRGGBB --error #RRGGBB
    --font "CSS font stack"   --radius 0-32   --scheme light|dark|system
    --logo FILE.svg     The full logo, white on the primary colour (else a text logo)
    --icon FILE.svg     The square icon (else the initials)
    --out DIR           Where to write (default: the current folder)
`;

type Print = (line: string) => void;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function validate(args: readonly string[], out: Print, err: Print): number {
  const [path] = args;
  if (args.length !== 1 || !path) {
    err(USAGE);
    return 2;
  }
  let config: unknown;
  try {
    config = readJson(path);
  } catch (error) {
    err(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const result = validateInstitutionConfig(config);
  if (result.valid) {
    out(`${path}: valid`);
    return 0;
  }
  for (const error of result.errors) {
    err(`${path}: ${error.key}${error.set ? ` (${error.set})` : ''}: ${error.message}`);
  }
  err(`${result.errors.length} error(s)`);
  return 1;
}

export interface ConfigurationChange {
  set: SettingSet;
  key: string;
  before: string | null;
  after: string | null;
}

function valuesOf(document: unknown, set: SettingSet): Map<string, string> {
  const values = new Map<string, string>();
  if (typeof document !== 'object' || document === null) return values;
  const sections: unknown = Object.entries(document).find(([name]) => name === set)?.[1];
  if (typeof sections !== 'object' || sections === null) return values;
  for (const [section, names] of Object.entries(sections)) {
    if (typeof names !== 'object' || names === null) continue;
    for (const [name, value] of Object.entries(names)) {
      if (typeof value === 'string') values.set(`${section}.${name}`, value);
    }
  }
  return values;
}

/** The per-key differences of two configuration documents, by set then key. */
export function diffConfigurationFiles(before: unknown, after: unknown): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [];
  for (const set of SETTING_SETS) {
    const from = valuesOf(before, set);
    const to = valuesOf(after, set);
    for (const key of [...new Set([...from.keys(), ...to.keys()])].sort()) {
      const old = from.get(key) ?? null;
      const next = to.get(key) ?? null;
      if (old !== next) changes.push({ set, key, before: old, after: next });
    }
  }
  return changes;
}

function shown(value: string | null, key: string): string {
  if (value !== null) return JSON.stringify(value);
  const fallback = findSettingDefinition(key)?.default;
  return fallback === undefined ? '(not set)' : `(default ${JSON.stringify(fallback)})`;
}

function diff(args: readonly string[], out: Print, err: Print): number {
  const [first, second] = args;
  if (args.length !== 2 || !first || !second) {
    err(USAGE);
    return 2;
  }
  let before: unknown;
  let after: unknown;
  try {
    before = readJson(first);
    after = readJson(second);
  } catch (error) {
    err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const changes = diffConfigurationFiles(before, after);
  if (changes.length === 0) {
    out('No differences.');
    return 0;
  }
  for (const change of changes) {
    const mark = change.before === null ? '+' : change.after === null ? '-' : '~';
    out(
      `${mark} ${change.key} (${change.set}): ${shown(change.before, change.key)} -> ${shown(change.after, change.key)}`,
    );
  }
  out(`${changes.length} difference(s)`);
  return 1;
}

/** Reads `--name value` pairs; a flag given twice collects both values. */
function parseFlags(args: readonly string[]): Map<string, string[]> | string {
  const flags = new Map<string, string[]>();
  for (let index = 0; index < args.length; index += 2) {
    const flag = args[index] ?? '';
    const value = args[index + 1];
    if (!flag.startsWith('--') || value === undefined) return `Expected --flag value at "${flag}"`;
    flags.set(flag.slice(2), [...(flags.get(flag.slice(2)) ?? []), value]);
  }
  return flags;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast of white text on a colour (logos and buttons are white on the primary). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function textLogo(text: string, title: string, width: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img"><title>${escapeXml(title)}</title><text x="${width / 2}" y="42" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" text-anchor="middle">${escapeXml(text)}</text></svg>\n`;
}

function newInstitution(args: readonly string[], out: Print, err: Print): number {
  const flags = parseFlags(args);
  if (typeof flags === 'string') {
    err(`${flags}\n\n${USAGE}`);
    return 2;
  }
  const one = (name: string) => flags.get(name)?.at(-1);
  const name = one('name');
  const slug = one('slug');
  const primary = one('primary');
  if (!name || !slug || !primary) {
    err(`--name, --slug and --primary are required.\n\n${USAGE}`);
    return 2;
  }
  if (!/^[a-z][a-z0-9-]{1,39}$/.test(slug)) {
    err('--slug: lower-case letters, digits and dashes, starting with a letter (2-40 characters)');
    return 1;
  }
  const theme = {
    primaryColor: primary.toLowerCase(),
    secondaryColor: (one('secondary') ?? '#2e7d32').toLowerCase(),
    errorColor: (one('error') ?? '#b3261e').toLowerCase(),
    fontFamily: one('font') ?? '"Source Sans 3", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    borderRadius: Number(one('radius') ?? '8'),
    colorScheme: one('scheme') ?? 'light',
  };
  const config: InstitutionConfiguration = {
    shared: {
      themeOptions: {
        primaryColor: theme.primaryColor,
        secondaryColor: theme.secondaryColor,
        errorColor: theme.errorColor,
        fontFamily: theme.fontFamily,
        borderRadius: String(theme.borderRadius),
        colorScheme: theme.colorScheme,
      },
    },
    // The footer already says "© <year> <institution name>." before the copyright text, so the
    // text carries no name (issue 20 item 24: the scaffold's footer said the name twice).
    english: {
      loggedInLayout: { copyrightText: 'All rights reserved.' },
      loggedOutLayout: { copyrightText: 'All rights reserved.' },
    },
  };
  const result = validateInstitutionConfig(config);
  if (!result.valid) {
    for (const error of result.errors) err(`${error.key}: ${error.message}`);
    return 1;
  }
  for (const logo of [one('logo'), one('icon')]) {
    if (logo === undefined) continue;
    if (!existsSync(logo) || !/<svg[\s>]/i.test(readFileSync(logo, 'utf8').slice(0, 4096))) {
      err(`${logo}: not an SVG file (the portal loads logos as SVG)`);
      return 1;
    }
    if (/<script|\son[a-z]+\s*=/i.test(readFileSync(logo, 'utf8'))) {
      err(`${logo}: an SVG with scripts or event handlers is refused`);
      return 1;
    }
  }

  const folder = join(one('out') ?? '.', slug);
  const logos = join(folder, 'cdn', 'branding', 'logos');
  mkdirSync(logos, { recursive: true });
  writeFileSync(join(folder, 'institution.json'), `${JSON.stringify(config, null, 2)}\n`);
  const hosts = flags.get('host') ?? [`${slug}.localhost`];
  const request = { name, slug, hosts, theme };
  writeFileSync(join(folder, 'create-request.json'), `${JSON.stringify(request, null, 2)}\n`);
  const logo = one('logo');
  const icon = one('icon');
  if (logo) copyFileSync(logo, join(logos, 'logoFullWhite.svg'));
  else
    writeFileSync(
      join(logos, 'logoFullWhite.svg'),
      textLogo(name, name, Math.max(120, Math.min(480, name.length * 13 + 24))),
    );
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  if (icon) copyFileSync(icon, join(logos, 'logoIconWhite.svg'));
  else writeFileSync(join(logos, 'logoIconWhite.svg'), textLogo(initials, name, 64));

  out(`Wrote ${folder}/institution.json (valid), create-request.json and cdn/branding/logos/.`);
  const contrast = contrastWithWhite(theme.primaryColor);
  if (contrast < 4.5) {
    out(
      `Warning: white text on ${theme.primaryColor} has a contrast of ${contrast.toFixed(2)}:1 (WCAG AA needs 4.5:1).`,
    );
  }
  out('Next: sign in to the admin as an implementer and create it (Institutions > New), or');
  out(
    `  POST create-request.json to /admin-api/institutions, then import institution.json as its draft`,
  );
  out(`  and copy cdn/ to DATA_DIR/cdn/${slug}/ (or upload the logos in the theme editor).`);
  return 0;
}

/** Runs the implementers' command line; returns the process exit code. */
export function runCli(
  argv: readonly string[],
  out: Print = console.log,
  err: Print = console.error,
): number {
  const [command, ...args] = argv;
  if (command === 'validate') return validate(args, out, err);
  if (command === 'diff') return diff(args, out, err);
  if (command === 'new-institution') return newInstitution(args, out, err);
  err(USAGE);
  return 2;
}
