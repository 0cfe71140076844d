import { validateInstitutionConfig } from '@portal/settings-schema';
import { sql, type Kysely } from 'kysely';
import { calendarDateIn } from '../../lib/calendar';
import { systemClock, type Clock } from '../../lib/clock';
import { hashPassword as argon2Hash } from '../../lib/passwords';
import type { Database } from '../schema';
import { DEMO_ACCOUNTS, demoAccountNumber, demoDueDate } from './demo-accounts';
import { DEMO_INSTITUTIONS, type DemoInstitution } from './demo-institutions';
import { DEMO_PASSWORD, DEMO_SECRET_ANSWER, DEMO_USERS, demoEmail } from './demo-users';

export interface SeedOptions {
  /** "Today" of the seed: due dates and previous sign-ins are relative to it. */
  clock?: Clock;
  hashPassword?: (password: string) => Promise<string>;
}

export interface SeedOutcome {
  /** False when the database already had an institution (nothing was written). */
  seeded: boolean;
}

/** Any number; it names the lock two instances take when both find the database empty. */
const SEED_LOCK_KEY = 7_406_113;

/** Fails loudly: a demo that starts with a configuration the admin app would reject is a bug. */
export function assertValidDemoSettings(institutions: readonly DemoInstitution[]): void {
  for (const institution of institutions) {
    const { valid, errors } = validateInstitutionConfig(institution.settings);
    if (!valid) {
      const lines = errors.map((error) => `  ${error.key}: ${error.message}`).join('\n');
      throw new Error(`Demo settings of "${institution.slug}" are invalid:\n${lines}`);
    }
  }
}

export async function hasInstitutions(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('institutions').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Seeds the two demo institutions, their published settings (version 1) and three borrowers each
 * into a database without institutions. Running it again, or on a database with real
 * institutions, writes nothing.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: SeedOptions = {},
): Promise<SeedOutcome> {
  if (await hasInstitutions(db)) return { seeded: false };
  assertValidDemoSettings(DEMO_INSTITUTIONS);
  const clock = options.clock ?? systemClock;
  const hash = options.hashPassword ?? argon2Hash;
  const now = clock.now();

  // Hashing is slow by design: do it before the transaction, in parallel.
  const hashes = new Map<string, { password: string; answer: string }>();
  await Promise.all(
    DEMO_INSTITUTIONS.flatMap((institution) =>
      DEMO_USERS.map(async (user) => {
        const [password, answer] = await Promise.all([
          hash(DEMO_PASSWORD),
          // Secret answers are compared case-insensitively: the lower-cased answer is hashed.
          hash(DEMO_SECRET_ANSWER.toLowerCase()),
        ]);
        hashes.set(`${institution.slug}/${user.username}`, { password, answer });
      }),
    ),
  );

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (await hasInstitutions(trx)) return { seeded: false };

    for (const institution of DEMO_INSTITUTIONS) {
      const { id: institutionId } = await trx
        .insertInto('institutions')
        .values({
          slug: institution.slug,
          name: institution.name,
          cdn_folder: institution.cdnFolder,
          time_zone: institution.timeZone,
          is_default: institution.isDefault,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('institution_hosts')
        .values(institution.hosts.map((host) => ({ host, institution_id: institutionId })))
        .execute();
      await trx
        .insertInto('settings_versions')
        .values({
          institution_id: institutionId,
          version: 1,
          document: JSON.stringify(institution.settings),
          comment: 'Demo seed',
          published_by: 'demo-seed',
          published_at: now,
        })
        .execute();

      const seedDay = calendarDateIn(institution.timeZone, now);
      for (const user of DEMO_USERS) {
        const secrets = hashes.get(`${institution.slug}/${user.username}`);
        if (!secrets) throw new Error(`No password hash for ${user.username}`);
        const lastLoginAt = new Date(now.getTime() - user.lastLoginDaysAgo * 86_400_000);
        const { id: userId } = await trx
          .insertInto('users')
          .values({
            institution_id: institutionId,
            username: user.username,
            password_hash: secrets.password,
            personal_name: user.personalName,
            first_name: user.firstName,
            last_name: user.lastName,
            email: demoEmail(user.username, institution.slug),
            email_verified: true,
            company_number: user.companyNumber,
            servicing_branch: institution.branch,
            date_of_birth: user.dateOfBirth,
            zip: user.zip,
            phone: user.phone,
            password_question: 'What was the name of your first boat?',
            password_answer_hash: secrets.answer,
            last_login_at: lastLoginAt,
            last_login_ip: user.lastLoginIp,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('login_history')
          .values({
            institution_id: institutionId,
            user_id: userId,
            username_attempted: user.username,
            ip: user.lastLoginIp,
            success: true,
            reason: '',
            created_at: lastLoginAt,
          })
          .execute();
        const accounts = DEMO_ACCOUNTS[user.username] ?? [];
        if (accounts.length === 0) continue;
        await trx
          .insertInto('accounts')
          .values(
            accounts.map((account) => ({
              institution_id: institutionId,
              user_id: userId,
              number: demoAccountNumber(institution.branch, account.account),
              type: account.type,
              description: account.description,
              comment: account.comment,
              balance_cents: account.balanceCents,
              available_balance_cents: account.availableBalanceCents,
              rate: account.rate,
              statement_preference: account.statementPreference,
              loan_due_date: demoDueDate(account, seedDay),
              loan_amount_due_cents: account.amountDueCents,
              monthly_installment_cents: account.monthlyInstallmentCents,
              fees_due_cents: account.feesDueCents,
              name_on_account: user.personalName,
              opened_on: account.openedOn,
              hidden_from_web: account.hiddenFromWeb ?? false,
            })),
          )
          .execute();
      }
    }
    return { seeded: true };
  });
}

/** What main prints in demo mode: where each institution answers and who can sign in. */
export function demoSignIns(): {
  institution: string;
  hosts: readonly string[];
  usernames: string[];
}[] {
  return DEMO_INSTITUTIONS.map((institution) => ({
    institution: institution.name,
    hosts: institution.hosts,
    usernames: DEMO_USERS.map((user) => user.username),
  }));
}
