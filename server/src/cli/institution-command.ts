import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CreateInstitutionRequest } from '@portal/domain';
import { systemClock } from '../lib/clock';
import { AdminError } from '../modules/admin/admin-errors';
import { createAuditLog } from '../modules/audit/audit.service';
import { createBrandingService } from '../modules/branding/branding.service';
import { createInstitutionsAdminService } from '../modules/institutions/institutions-admin.service';
import {
  createInstitutionsService,
  listInstitutionDirectory,
} from '../modules/institutions/institutions.service';
import { OPERATOR } from '../modules/staff/staff-principal';
import {
  dataProtectorOf,
  exitCodeOf,
  operatorCwd,
  readConfig,
  Refusal,
  text,
  withDatabase,
  type OperatorIo,
} from './operator-database';

const USAGE = `Usage: npm run institution --workspace @portal/server -- <command>
       (production: node server/dist/institution.js <command>)

Commands:
  create --request FILE
      Creates an institution from FILE, the body of POST /admin-api/institutions: the
      create-request.json that \`npx portal-settings new-institution ... --out DIR\` writes
      (name, slug, hosts, theme). The first institution becomes the default one: it also
      answers on localhost and staff sign in through it.
  list
      Every institution: slug, name, host names and which one is the default.

The database is the server's: DATABASE_URL (PostgreSQL), else PGlite in DATA_DIR (default ./data,
from the folder the command was started in); placeholder logos go to DATA_DIR/cdn/SLUG as with the
admin API. DATA_ENCRYPTION_KEY is required outside demo mode, as for the server.

Exit codes: 0 done, 1 refused or failed (nothing written), 2 wrong usage.`;

export type InstitutionCommandIo = OperatorIo;

const usageError = (message: string) => new Refusal(`${message}\n\n${USAGE}`, 2);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parseOptions(args: readonly string[], names: readonly string[]) {
  const all = { request: { type: 'string' } } as const;
  const options = Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageError(messageOf(error));
  }
}

/** The admin service's refusals (a taken slug or host, invalid settings) as the command's. */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof AdminError)) return error;
  const details = (error.details ?? []).map(
    (detail) => `  ${detail.key}${detail.set ? ` (${detail.set})` : ''}: ${detail.message}`,
  );
  return new Refusal(
    [
      'The institution was not created:',
      ...(details.length > 0 ? details : [`  ${error.message}`]),
    ].join('\n'),
  );
}

/** The request file, checked against the admin API's own contract. */
async function readRequest(file: string, io: InstitutionCommandIo) {
  let body: unknown;
  try {
    body = JSON.parse(await readFile(resolve(operatorCwd(io.env), file), 'utf8'));
  } catch (error) {
    throw new Refusal(`${file} cannot be read as JSON: ${messageOf(error)}`);
  }
  const request = CreateInstitutionRequest.safeParse(body);
  if (!request.success) {
    const problems = request.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'request'}: ${issue.message}`,
    );
    throw new Refusal(`The institution was not created:\n${problems.join('\n')}`);
  }
  return request.data;
}

async function create(args: readonly string[], io: InstitutionCommandIo): Promise<void> {
  const values = parseOptions(args, ['request']);
  const file = text(values.request);
  if (file === undefined) throw usageError('--request is required.');
  const request = await readRequest(file, io);

  const config = readConfig(io.env);
  // Before the database opens: a missing key must not leave anything half done.
  const dataProtector = dataProtectorOf(config, io.env);
  const clock = io.clock ?? systemClock;

  await withDatabase(config, io, async ({ db }) => {
    const institutions = createInstitutionsService({ db, clock, dataProtector });
    const auditLog = createAuditLog({ db, clock });
    const branding = createBrandingService({ db, auditLog, cdnDir: config.cdnDir });
    const creation = createInstitutionsAdminService({ db, institutions, auditLog, branding });
    const created = await creation.createInstitution(OPERATOR, request).catch((error: unknown) => {
      throw refusalOf(error);
    });
    const isDefault = (await institutions.defaultInstitution())?.slug === created.slug;
    io.out(`Created ${created.slug} (${created.name}), answering on ${created.hosts.join(', ')}.`);
    if (isDefault) {
      io.out(
        'It is the default institution: it also answers on localhost, and staff sign in through it.',
      );
    }
    io.out('');
    io.out('Next:');
    io.out(
      '  the first implementer, if there is none: npm run staff --workspace @portal/server -- ' +
        'create --email EMAIL --role implementer',
    );
    io.out(
      `  copy the scaffold's cdn/ folder to ${config.cdnDir}/${created.slug}/ for its logos, then ` +
        'sign in to /admin/ to import institution.json as its draft and publish it.',
    );
  });
}

async function list(args: readonly string[], io: InstitutionCommandIo): Promise<void> {
  parseOptions(args, []);
  const institutions = await withDatabase(readConfig(io.env), io, ({ db }) =>
    listInstitutionDirectory(db),
  );
  if (institutions.length === 0) {
    io.out('No institutions yet.');
    return;
  }
  const lines = [['SLUG', 'NAME', 'HOSTS', 'DEFAULT']];
  for (const institution of institutions) {
    lines.push([
      institution.slug,
      institution.name,
      institution.hosts.join(',') || '-',
      institution.isDefault ? 'default' : '-',
    ]);
  }
  const widths = [0, 1, 2].map((column) =>
    Math.max(...lines.map((line) => (line[column] ?? '').length)),
  );
  for (const line of lines) {
    io.out(
      line.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  '),
    );
  }
}

/** Runs the operators' institution command; returns the process exit code. */
export async function runInstitutionCommand(
  argv: readonly string[],
  io: InstitutionCommandIo,
): Promise<number> {
  const [command, ...args] = argv;
  return exitCodeOf(io, 'institution', async () => {
    if (command === 'create') await create(args, io);
    else if (command === 'list') await list(args, io);
    else if (command === 'help' || command === '--help') io.out(USAGE);
    else if (command === undefined) throw new Refusal(USAGE, 2);
    else throw usageError(`Unknown command "${command}".`);
  });
}
