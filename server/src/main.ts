import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { createDatabase } from './db/create-database';
import { migrateToLatest } from './db/migrate';
import { PgliteLockedError } from './db/pglite-lock';
import { demoSeedRefusal, findDemoSeed } from './demo/demo-seed-guard';
import { demoSignIns, hasInstitutions, seedDemoData } from './demo/seed-demo-data';
import { DEMO_PASSWORD } from './demo/demo-users';
import { clockStartingAt, systemClock } from './lib/clock';
import { DataKeyError, loadDataKey } from './lib/data-key';
import { createDataProtector } from './lib/data-protection';
import { createSmtpTransport, type MailTransport } from './modules/mail/transports';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Addresses that mean "this machine" print as localhost, which the default institution serves. */
function browserHost(host: string): string {
  return ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host) ? 'localhost' : host;
}

function printAddresses(config: ServerConfig, startedInMs: number, anyInstitution: boolean): void {
  const base = `http://${browserHost(config.host)}:${config.port}`;
  const lines = [
    `Borrower portal ready in ${startedInMs} ms`,
    `  Portal: ${base}/#/home/login`,
    `  Admin:  ${base}/admin/`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`}`,
  ];
  if (config.demoMode) {
    lines.push(`  Demo mailbox (security codes, links): ${base}/demo/mailbox`);
    lines.push(`  Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const { institution, hosts, usernames } of demoSignIns()) {
      const named = hosts.find((host) => host.endsWith('.localhost')) ?? hosts[0] ?? 'localhost';
      lines.push(`    ${institution}: http://${named}:${config.port}/  ${usernames.join(', ')}`);
    }
    lines.push('  Demo staff, registration and activation data: see README.md "Demo sign-ins".');
  }
  if (!anyInstitution) {
    // A fresh deployment serves nothing until an institution exists (every page would be 404).
    lines.push(
      '  No institution yet: the portal answers 404 until one exists. Create the first institution',
      '  and implementer with `npm run institution` and `npm run staff` (on PGlite, stop the server',
      '  first): README.md "Starting a new deployment".',
    );
  }
  console.log(lines.join('\n'));
}

/**
 * SMTP when SMTP_URL is set (e.g. smtps://user:password@mail.example:465, sender MAIL_FROM),
 * otherwise the demo mailbox transport. Read here rather than in config.ts: only main needs it.
 */
function mailTransport(env: NodeJS.ProcessEnv): MailTransport | undefined {
  const url = env.SMTP_URL?.trim();
  if (!url) return undefined;
  if (!/^smtps?:\/\/./.test(url)) {
    console.error('Invalid configuration:\n  SMTP_URL: must be an smtp:// or smtps:// URL');
    process.exit(1);
  }
  const from = env.MAIL_FROM?.trim() || 'no-reply@localhost';
  return createSmtpTransport({ url, from });
}

function dataProtector(config: ServerConfig) {
  try {
    const { key } = loadDataKey({
      envKey: process.env.DATA_ENCRYPTION_KEY,
      dataDir: config.dataDir,
      demoMode: config.demoMode,
    });
    return createDataProtector(key);
  } catch (error) {
    if (error instanceof DataKeyError) {
      console.error(`Invalid configuration:\n  ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = readConfig();
  for (const warning of config.warnings) console.warn(`Warning: ${warning}`);
  mkdirSync(config.cdnDir, { recursive: true });
  const protector = dataProtector(config);
  const transport = mailTransport(process.env);

  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.pgliteDir,
    onPoolError: (error) => console.error('PostgreSQL connection error:', error.message),
  });
  await migrateToLatest(database.db);
  const clock = config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
  if (config.clockStart)
    console.log(`Clock: starts at ${config.clockStart.toISOString()} (DEMO_CLOCK_START)`);
  if (config.demoMode) {
    const { seeded } = await seedDemoData(database.db, {
      dataProtector: protector,
      clock,
      portalOrigin: `http://localhost:${config.port}`,
    });
    if (seeded) console.log('Seeded the demo institutions and borrowers.');
  } else {
    // Demo data is served in demo mode only. Outside it (DEMO_MODE=false, production, any HOST:
    // a proxy on this machine reaches a loopback server from the network) a database that holds
    // the demo seed (someone tried the demo, then deployed the same DATA_DIR or DATABASE_URL)
    // would serve users and staff whose password README.md publishes: refuse to start, and
    // delete nothing (the operator chooses DEMO_MODE=true or another database). README "Two
    // commands".
    const found = await findDemoSeed(database.db);
    if (found) {
      const where = config.databaseUrl
        ? 'the PostgreSQL database of DATABASE_URL'
        : `PGlite in ${config.pgliteDir} (DATA_DIR)`;
      console.error(demoSeedRefusal(found, where));
      await database.close();
      process.exit(1);
    }
  }

  const app = await buildApp({
    db: database.db,
    clock,
    logger: { level: config.logLevel },
    demoMode: config.demoMode,
    portalDist: config.portalDist,
    adminDist: config.adminDist,
    cdnDir: config.cdnDir,
    documentsDir: config.documentsDir,
    cookieSecure: config.cookieSecure,
    trustProxy: config.trustProxy,
    adminOrigins: config.adminOrigins,
    dataProtector: protector,
    ...(transport ? { mailTransport: transport } : {}),
    runJobs: true,
    // PGlite has one user, this process (its lock file keeps a second server out).
    rateWindows: config.databaseUrl ? 'database' : 'memory',
    watchStatements: database.watchStatements,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A request that never finishes must not keep the process alive forever.
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Not ready first, so a load balancer stops sending; then finish what is in flight.
    app.services.health.beginShutdown();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  printAddresses(config, Date.now() - started, await hasInstitutions(database.db));
}

main().catch((error: unknown) => {
  if (error instanceof PgliteLockedError) {
    console.error(`The server could not start: ${error.message}`);
    process.exit(1);
  }
  console.error('The server could not start:', error);
  process.exit(1);
});
