import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CreateStaffRequest, type StaffRole } from '@portal/domain';
import { systemClock } from '../lib/clock';
import {
  createAdminAuthService,
  isStaffRole,
  STAFF_ROLES,
} from '../modules/staff/staff-auth.service';
import {
  listStaffAccounts,
  setStaffAccountDisabled,
  staffAccountExists,
} from '../modules/staff/staff-accounts.service';
import {
  createInstitutionsService,
  institutionBySlug,
  listInstitutionDirectory,
} from '../modules/institutions/institutions.service';
import { createAuditLog } from '../modules/audit/audit.service';
import { createJobQueue } from '../modules/jobs/job-queue';
import { createMailService } from '../modules/mail/mail.service';
import { createThrottleService } from '../modules/throttle/throttle.service';
import {
  dataProtectorOf,
  exitCodeOf,
  isUniqueViolation,
  readConfig,
  Refusal,
  text,
  withDatabase,
  type OperatorIo,
} from './operator-database';

const IMPLEMENTER = 'implementer';
const ROLES = [IMPLEMENTER, ...STAFF_ROLES].join(', ');

const USAGE = `Usage: npm run staff --workspace @portal/server -- <command>
       (production: node server/dist/staff.js <command>)

Commands:
  create --email EMAIL --role ROLE [--institution SLUG] [--name NAME] [--password-stdin]
      Creates a staff account with an authenticator (TOTP) secret and prints, once, its
      password and the secret. ROLE is implementer (every institution) or viewer, editor or
      publisher of the institution SLUG. Without --password-stdin a password is generated.
  list
      Every staff account: e-mail, role, institution and whether it is disabled (no secrets).
  disable --email EMAIL
      Stops the account signing in; its open sessions end at once.
  enable --email EMAIL
      Lets a disabled account sign in again.

The database is the server's: DATABASE_URL (PostgreSQL), else PGlite in DATA_DIR (default ./data,
from the folder the command was started in). DATA_ENCRYPTION_KEY encrypts the TOTP secret as it
does for the server (required outside demo mode).

Exit codes: 0 done, 1 refused or failed (nothing written), 2 wrong usage.`;

export interface StaffCommandIo extends OperatorIo {
  /** The whole of standard input (`--password-stdin`). */
  readStdin(): Promise<string>;
}

const usageError = (message: string) => new Refusal(`${message}\n\n${USAGE}`, 2);

function parseOptions(args: readonly string[], names: readonly string[]) {
  const all = {
    email: { type: 'string' },
    role: { type: 'string' },
    institution: { type: 'string' },
    name: { type: 'string' },
    'password-stdin': { type: 'boolean' },
  } as const;
  const options = Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
}

function required(value: unknown, option: string): string {
  const found = text(value);
  if (found === undefined) throw usageError(`--${option} is required.`);
  return found;
}

/** 144 random bits, typeable: the staff member keeps it in a password manager. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

async function create(args: readonly string[], io: StaffCommandIo): Promise<void> {
  const values = parseOptions(args, ['email', 'role', 'institution', 'name', 'password-stdin']);
  const email = required(values.email, 'email').toLowerCase();
  const role = required(values.role, 'role');
  const slug = text(values.institution);
  const isImplementer = role === IMPLEMENTER;
  if (!isImplementer && !isStaffRole(role)) {
    throw new Refusal(`Unknown role "${role}": use one of ${ROLES}.`);
  }
  if (isImplementer && slug !== undefined) {
    throw new Refusal('An implementer works on every institution: leave out --institution.');
  }
  if (!isImplementer && slug === undefined) {
    throw new Refusal(`The role ${role} is for one institution: add --institution SLUG.`);
  }
  const staffRole: StaffRole | undefined = isStaffRole(role) ? role : undefined;

  const generated = values['password-stdin'] !== true;
  const password = generated ? generatePassword() : (await io.readStdin()).replace(/\r?\n$/, '');
  const request = CreateStaffRequest.safeParse({
    email,
    name: text(values.name) ?? email.split('@')[0],
    password,
    isImplementer,
    memberships: slug && staffRole ? [{ institutionSlug: slug, role: staffRole }] : [],
  });
  if (!request.success) {
    const problems = request.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'input'}: ${issue.message}`,
    );
    throw new Refusal(`The account was not created:\n${problems.join('\n')}`);
  }

  const config = readConfig(io.env);
  // Before the database opens: a missing key must not leave anything half done.
  const dataProtector = dataProtectorOf(config, io.env);
  const clock = io.clock ?? systemClock;

  const existsAlready = () =>
    new Refusal(`A staff account with the e-mail ${email} exists already.`);
  await withDatabase(config, io, async ({ db }) => {
    const institutions = createInstitutionsService({ db, clock, dataProtector });
    if (await staffAccountExists(db, email)) throw existsAlready();
    let memberships: { institutionId: number; role: StaffRole }[] = [];
    if (slug !== undefined && staffRole !== undefined) {
      const institution = await institutionBySlug(db, slug);
      if (!institution) {
        const known = (await listInstitutionDirectory(db)).map((listed) => listed.slug);
        throw new Refusal(
          `There is no institution "${slug}". ${
            known.length > 0 ? `Known: ${known.join(', ')}.` : 'No institution exists yet.'
          }`,
        );
      }
      memberships = [{ institutionId: institution.id, role: staffRole }];
    }
    const auth = createAdminAuthService({
      db,
      clock,
      dataProtector,
      // The running server's job queue delivers the mail this queues.
      mail: createMailService({
        db,
        clock,
        dataProtector,
        jobs: createJobQueue({ db, clock, queues: [] }),
      }),
      throttle: createThrottleService({ db, clock }),
      auditLog: createAuditLog({ db, clock }),
      demoMode: config.demoMode,
      anchorInstitutionId: async () => (await institutions.defaultInstitution())?.id,
    });
    // The e-mail is the only unique column a new account fills: a unique violation means the
    // account was created (by the admin API) between the check above and this insert.
    const created = await auth
      .createStaff({
        email: request.data.email,
        name: request.data.name,
        password: request.data.password,
        isImplementer,
        memberships,
        withTotp: true,
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? existsAlready() : error;
      });
    if (!created.totpSecret || !created.totpUri) throw new Error('No TOTP secret was created');

    const scope = isImplementer ? 'every institution' : `institution ${slug}`;
    io.out(`Created ${email}: ${role}, ${scope}.`);
    io.out('');
    io.out('Shown this once only; nothing else keeps them. Hand them over securely.');
    if (generated) io.out(`  Password:                 ${password}`);
    io.out(`  Authenticator secret:     ${created.totpSecret}`);
    io.out(`  Authenticator address:    ${created.totpUri}`);
    io.out('');
    io.out(
      'Add the secret (or the otpauth:// address as a QR code) to an authenticator app, then sign ' +
        'in at /admin/ with the e-mail, the password and the 6-digit code.',
    );
    if (!(await institutions.defaultInstitution())) {
      io.err(
        'Note: admin sign-in needs a default institution (the one serving localhost) and this ' +
          'database has none yet. The first institution created becomes it: ' +
          'npm run institution --workspace @portal/server -- create --request FILE',
      );
    }
  });
}

async function list(args: readonly string[], io: StaffCommandIo): Promise<void> {
  parseOptions(args, []);
  const rows = await withDatabase(readConfig(io.env), io, ({ db }) => listStaffAccounts(db));
  if (rows.length === 0) {
    io.out('No staff accounts yet.');
    return;
  }
  const lines = [['E-MAIL', 'ROLE', 'INSTITUTION', 'STATUS']];
  for (const row of rows) {
    const status = row.disabled ? 'disabled' : 'active';
    if (row.isImplementer) lines.push([row.email, IMPLEMENTER, '(all)', status]);
    for (const membership of row.memberships) {
      lines.push([row.email, membership.role, membership.institutionSlug, status]);
    }
    if (!row.isImplementer && row.memberships.length === 0) {
      lines.push([row.email, '(none)', '-', status]);
    }
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

async function setDisabled(
  args: readonly string[],
  io: StaffCommandIo,
  disabled: boolean,
): Promise<void> {
  const values = parseOptions(args, ['email']);
  const email = required(values.email, 'email').toLowerCase();
  const found = await withDatabase(readConfig(io.env), io, ({ db }) =>
    setStaffAccountDisabled(db, { email, disabled, at: (io.clock ?? systemClock).now() }),
  );
  if (!found) throw new Refusal(`There is no staff account with the e-mail ${email}.`);
  io.out(`${email} is ${disabled ? 'disabled: it can no longer sign in' : 'enabled again'}.`);
}

/** Runs the operators' staff command; returns the process exit code. */
export async function runStaffCommand(
  argv: readonly string[],
  io: StaffCommandIo,
): Promise<number> {
  const [command, ...args] = argv;
  return exitCodeOf(io, 'staff', async () => {
    if (command === 'create') await create(args, io);
    else if (command === 'list') await list(args, io);
    else if (command === 'disable') await setDisabled(args, io, true);
    else if (command === 'enable') await setDisabled(args, io, false);
    else if (command === 'help' || command === '--help') io.out(USAGE);
    else if (command === undefined) throw new Refusal(USAGE, 2);
    else throw usageError(`Unknown command "${command}".`);
  });
}
