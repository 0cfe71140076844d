import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The server's configuration, read once from the environment at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute. PGlite files live in `<dataDir>/pglite`, uploaded branding in `<dataDir>/cdn`. */
  dataDir: string;
  pgliteDir: string;
  cdnDir: string;
  /**
   * Uploaded documents (DOCUMENTS_DIR, `<dataDir>/documents` by default): never inside a folder
   * the server serves (the built apps, `cdnDir`). Storage the instances share when several run.
   */
  documentsDir: string;
  /** PostgreSQL when set; PGlite under `pgliteDir` otherwise. */
  databaseUrl: string | undefined;
  logLevel: LogLevel;
  production: boolean;
  /** Seeds the demo institutions and borrowers into an empty database. */
  demoMode: boolean;
  /**
   * DEMO_CLOCK_START (demo mode only): the instant the server's clock reads when it starts; it
   * then runs on in real time. The journeys use it to walk a business day at a fixed hour on any
   * day of the year (e2e/journey-clock.ts).
   */
  clockStart: Date | undefined;
  /** Marks the session cookie Secure (it then only travels over HTTPS). */
  cookieSecure: boolean;
  /** Fastify's trustProxy: false, a hop count, or a list of proxy addresses and CIDR ranges. */
  trustProxy: boolean | number | string;
  portalDist: string;
  adminDist: string;
  /** Admin app origins on other hosts that may receive preview tokens (ADMIN_ORIGINS). */
  adminOrigins: string[];
  /** Things an operator should know at start (printed by main.ts), such as demo mode off loopback. */
  warnings: string[];
}

/** Whether `host` is a loopback interface: plain http and demo mode are for these alone. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * Variables whose value may hold a credential: a bad one is named, never echoed (a DATABASE_URL
 * carries its password, and the message goes to stderr and log collectors).
 */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'DATA_ENCRYPTION_KEY']);

/** A bad environment variable; the message names every variable that is wrong and why. */
export class ConfigError extends Error {
  readonly problems: readonly { variable: string; reason: string }[];

  constructor(problems: readonly { variable: string; reason: string }[]) {
    super(
      `Invalid configuration:\n${problems
        .map(({ variable, reason }) => `  ${variable}: ${reason}`)
        .join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Whether `path` is `folder` or inside it. */
function isWithin(path: string, folder: string): boolean {
  const inside = relative(folder, path);
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
}

/** The server package folder, from src/config.ts and from the bundled dist/main.js alike. */
const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** proxy-addr's names for the private ranges, which Fastify's trustProxy list accepts. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * The widest range a list of proxies may name. A range wider than this holds addresses of the
 * public internet that are no proxy of ours, and a client there could name its own address in
 * X-Forwarded-For (0.0.0.0/0 and ::/0 are `true` in disguise). The widest real fleets are
 * narrower: private 10.0.0.0/8, a CDN's published /13 (IPv4) or /29 (IPv6); `uniquelocal`
 * names fc00::/7.
 */
const WIDEST_PROXY_PREFIX = { 4: 8, 6: 16 } as const;

/** A dotted netmask (255.255.0.0) as its prefix length, or undefined when it is not one. */
function netmaskPrefix(mask: string): number | undefined {
  if (isIP(mask) !== 4) return undefined;
  const bits = mask
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) ? (bits.indexOf('0') === -1 ? 32 : bits.indexOf('0')) : undefined;
}

/**
 * Why a TRUST_PROXY list is refused, or undefined when every entry is an address, a range no
 * wider than WIDEST_PROXY_PREFIX or one of proxy-addr's private range names.
 */
export function proxyListProblem(text: string): string | undefined {
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (entry === '') return 'an empty entry';
    if (PROXY_RANGE_NAMES.includes(entry.toLowerCase())) continue;
    const [address = '', prefixText, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return `"${entry}" is not an address or a range`;
    if (prefixText === undefined) continue;
    const bits = version === 4 ? 32 : 128;
    let prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : netmaskPrefix(prefixText);
    if (prefix === undefined || prefix > bits) return `"${entry}" has no valid prefix length`;
    // ::ffff:0:0/96 is every IPv4 address; count such a range by its IPv4 part.
    const mappedIpv4 = version === 6 && /^::ffff:/i.test(address);
    if (mappedIpv4) prefix -= 96;
    const widest = WIDEST_PROXY_PREFIX[mappedIpv4 || version === 4 ? 4 : 6];
    if (prefix < widest) {
      return `"${entry}" is wider than /${widest}: it would trust any client's X-Forwarded-For, like true`;
    }
  }
  return undefined;
}

export interface LoadConfigOptions {
  /** Relative paths in the environment resolve from here (default: the process's directory). */
  cwd?: string;
}

/**
 * Reads the configuration from environment variables (README "Configuration"). An empty value
 * counts as unset. Every problem is collected, then one ConfigError names them all.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: LoadConfigOptions = {},
): ServerConfig {
  const cwd = options.cwd ?? process.cwd();
  const problems: { variable: string; reason: string }[] = [];
  const read = (variable: string): string | undefined => {
    const value = env[variable]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const fail = <T>(variable: string, reason: string, fallback: T): T => {
    const shown = SECRET_VARIABLES.has(variable)
      ? '(value not shown)'
      : `(got "${(env[variable] ?? '').slice(0, 80)}")`;
    problems.push({ variable, reason: `${reason} ${shown}` });
    return fallback;
  };
  const warnings: string[] = [];
  const readBoolean = (variable: string, fallback: boolean): boolean => {
    const value = read(variable);
    if (value === undefined) return fallback;
    if (TRUE_WORDS.includes(value.toLowerCase())) return true;
    if (FALSE_WORDS.includes(value.toLowerCase())) return false;
    return fail(variable, 'must be true or false', fallback);
  };
  const readPath = (variable: string, fallback: string, base: string): string =>
    resolve(base, read(variable) ?? fallback);

  const production = read('NODE_ENV') === 'production';

  const portText = read('PORT');
  let port = 3000;
  if (portText !== undefined) {
    const parsed = Number(portText);
    port =
      /^\d+$/.test(portText) && parsed <= 65535
        ? parsed
        : fail('PORT', 'must be a whole number from 0 to 65535', port);
  }

  const host = read('HOST') ?? '127.0.0.1';
  if (/\s/.test(host)) fail('HOST', 'must be a host name or an address', host);

  const dataDir = readPath('DATA_DIR', './data', cwd);

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    fail('DATABASE_URL', 'must be a postgres:// or postgresql:// URL', undefined);
  }

  const levelText = read('LOG_LEVEL')?.toLowerCase() ?? 'info';
  const logLevel =
    LOG_LEVELS.find((level) => level === levelText) ??
    fail<LogLevel>('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`, 'info');

  // The demo signs anyone in and shows every code: on by default only where nobody else can
  // reach it (a loopback interface), and off on any other address unless asked for by name.
  const loopback = isLoopbackHost(host);
  const demoMode = readBoolean('DEMO_MODE', loopback && !production);
  if (demoMode && !loopback) {
    warnings.push(
      `DEMO_MODE=true on ${host}: the demo identity provider, the demo mailbox and the demo users with a published password are reachable from the network.`,
    );
  }

  const clockText = read('DEMO_CLOCK_START');
  let clockStart: Date | undefined;
  if (clockText !== undefined) {
    const instant = new Date(clockText);
    if (
      !/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(clockText) ||
      isNaN(instant.getTime())
    ) {
      fail(
        'DEMO_CLOCK_START',
        'must be an ISO 8601 instant such as 2026-11-27T15:00:00Z',
        undefined,
      );
    } else if (!demoMode) {
      fail('DEMO_CLOCK_START', 'is for demo mode only (DEMO_MODE=true)', undefined);
    } else {
      clockStart = instant;
    }
  }

  // Secure cookies unless the server listens on loopback outside production (a browser on this
  // machine over http); in production a local proxy terminates https in front of it.
  const cookieText = read('COOKIE_SECURE')?.toLowerCase();
  const cookieSecure =
    cookieText === undefined || cookieText === 'auto'
      ? production || !loopback
      : readBoolean('COOKIE_SECURE', production || !loopback);
  if (!cookieSecure && !loopback) {
    fail('COOKIE_SECURE', 'may be false only when HOST is a loopback address', undefined);
  }

  const trustText = read('TRUST_PROXY');
  let trustProxy: boolean | number | string = false;
  if (trustText !== undefined) {
    // `true` would take any client's X-Forwarded-For as its address (and defeat every
    // per-address limit): name the proxies, or how many stand in front.
    const listProblem = /^\d+$/.test(trustText) ? undefined : proxyListProblem(trustText);
    if (FALSE_WORDS.includes(trustText.toLowerCase())) trustProxy = false;
    else if (/^\d+$/.test(trustText) && Number(trustText) >= 1) trustProxy = Number(trustText);
    else if (listProblem === undefined) trustProxy = trustText;
    else {
      fail(
        'TRUST_PROXY',
        `must be false, the number of proxies in front of the server, or a comma-separated list of proxy addresses or CIDR ranges (${listProblem})`,
        false,
      );
    }
  }

  const adminOrigins: string[] = [];
  for (const entry of (read('ADMIN_ORIGINS') ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    try {
      const url = new URL(text);
      if (!/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, ''))
        throw new Error();
      adminOrigins.push(url.origin);
    } catch {
      fail(
        'ADMIN_ORIGINS',
        'must be a comma-separated list of origins such as https://admin.bank.example',
        undefined,
      );
    }
  }

  const portalDist =
    read('PORTAL_DIST') !== undefined
      ? readPath('PORTAL_DIST', '', cwd)
      : resolve(SERVER_ROOT, '../portal/dist');
  const adminDist =
    read('ADMIN_DIST') !== undefined
      ? readPath('ADMIN_DIST', '', cwd)
      : resolve(SERVER_ROOT, '../admin/dist');

  const cdnDir = resolve(dataDir, 'cdn');
  const documentsDir =
    read('DOCUMENTS_DIR') !== undefined
      ? readPath('DOCUMENTS_DIR', '', cwd)
      : resolve(dataDir, 'documents');
  // Uploads are never where the server serves files from, nor hold those folders.
  const served = [cdnDir, portalDist, adminDist];
  if (served.some((folder) => isWithin(documentsDir, folder) || isWithin(folder, documentsDir))) {
    fail(
      'DOCUMENTS_DIR',
      'must be outside the folders the server serves (DATA_DIR/cdn, PORTAL_DIST, ADMIN_DIST)',
      undefined,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    cdnDir,
    documentsDir,
    databaseUrl,
    logLevel,
    production,
    demoMode,
    clockStart,
    cookieSecure,
    trustProxy,
    portalDist,
    adminDist,
    adminOrigins,
    warnings,
  };
}
