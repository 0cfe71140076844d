import { sql, type Kysely } from 'kysely';
import type { CustomerRow, Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What a borrower is: the online user and the customer (identity data) it belongs to. */
function borrowers(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('customers', (join) =>
      join
        .onRef('customers.id', '=', 'users.customer_id')
        .onRef('customers.institution_id', '=', 'users.institution_id'),
    )
    .select([
      'users.id',
      'users.institution_id',
      'users.customer_id',
      'users.username',
      'users.password_hash',
      'users.email_verified',
      'users.email_opt_out',
      'users.email_communication_restricted',
      'users.must_change_password',
      'users.password_question',
      'users.password_answer_hash',
      'users.logon_allowed',
      'users.last_login_at',
      'users.last_login_ip',
      'customers.first_name',
      'customers.last_name',
      'customers.personal_name',
      'customers.email',
      'customers.ssn_encrypted',
      'customers.date_of_birth',
      'customers.zip',
      'customers.address1',
      'customers.city',
      'customers.state',
      'customers.phone',
      'customers.phone_primary',
      'customers.phone_opt_in_texting',
      'customers.company_number',
      'customers.servicing_branch',
      'customers.restricted',
    ]);
}

export type BorrowerRow = Awaited<
  ReturnType<ReturnType<typeof borrowers>['executeTakeFirstOrThrow']>
>;

/** Sign-in is case-insensitive on the user name (the unique index is on lower(username)). */
export async function findBorrowerByUsername(
  db: Db,
  institutionId: number,
  username: string,
): Promise<BorrowerRow | undefined> {
  return (
    borrowers(db)
      .where('users.institution_id', '=', institutionId)
      // The admin preview's sample borrower signs in only through a preview token.
      .where('users.is_preview_sample', '=', false)
      .where((eb) => eb(eb.fn('lower', ['users.username']), '=', username.trim().toLowerCase()))
      .executeTakeFirst()
  );
}

export async function findBorrowerById(
  db: Db,
  institutionId: number,
  userId: string,
): Promise<BorrowerRow | undefined> {
  return borrowers(db)
    .where('users.institution_id', '=', institutionId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function usernameTaken(
  db: Db,
  institutionId: number,
  username: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('institution_id', '=', institutionId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Borrowers whose e-mail address is this one (case-insensitive), for account recovery. */
export async function findBorrowersByEmail(
  db: Db,
  institutionId: number,
  email: string,
): Promise<BorrowerRow[]> {
  return borrowers(db)
    .where('users.institution_id', '=', institutionId)
    .where('users.is_preview_sample', '=', false)
    .where((eb) => eb(eb.fn('lower', ['customers.email']), '=', email.trim().toLowerCase()))
    .execute();
}

/** Account holders with this SSN (by its blind index), for registration. */
export async function findCustomersBySsnIndex(
  db: Db,
  institutionId: number,
  blindIndex: string,
): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('ssn_blind_index', '=', blindIndex)
    .execute();
}

export async function customerHasUser(db: Db, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewOnlineUser {
  institutionId: number;
  customerId: string;
  username: string;
  passwordHash: string;
  passwordQuestion: string;
  passwordAnswerHash: string | null;
  emailVerified: boolean;
  at: Date;
}

export async function insertUser(db: Db, user: NewOnlineUser): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      institution_id: user.institutionId,
      customer_id: user.customerId,
      username: user.username,
      password_hash: user.passwordHash,
      password_question: user.passwordQuestion,
      password_answer_hash: user.passwordAnswerHash,
      email_verified: user.emailVerified,
      password_changed_at: user.at,
      created_at: user.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomerContact(
  db: Db,
  customerId: string,
  contact: { email: string; phone?: string },
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ email: contact.email, ...(contact.phone ? { phone: contact.phone } : {}) })
    .where('id', '=', customerId)
    .execute();
}

/** A new login name (the unique index on lower(username) refuses a taken one). */
export async function updateUsername(db: Db, userId: string, username: string): Promise<void> {
  await db.updateTable('users').set({ username }).where('id', '=', userId).execute();
}

/** The customer's address and phone as the profile saves them. */
export async function updateCustomerPersonalInfo(
  db: Db,
  customerId: string,
  info: {
    address?: { address1: string; city: string; state: string; zip: string } | undefined;
    phone: { number: string; primary: boolean; optInToTexting: boolean };
  },
): Promise<void> {
  await db
    .updateTable('customers')
    .set({
      ...(info.address ?? {}),
      phone: info.phone.number,
      phone_primary: info.phone.primary,
      phone_opt_in_texting: info.phone.optInToTexting,
    })
    .where('id', '=', customerId)
    .execute();
}

/**
 * Opts the customer's phone in to texting, only while the phone on file is still `phone` (a
 * number changed meanwhile is not opted in); false when nothing was updated.
 */
export async function updatePhoneOptInToTexting(
  db: Db,
  customerId: string,
  phone: string,
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ phone_opt_in_texting: true })
    .where('id', '=', customerId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The customers of an institution opted in to texting at a number ending in these digits. */
export async function findTextingCustomersEndingWith(
  db: Db,
  institutionId: number,
  lastDigits: string,
): Promise<{ id: string; phone: string }[]> {
  return db
    .selectFrom('customers')
    .select(['id', 'phone'])
    .where('institution_id', '=', institutionId)
    .where('phone_opt_in_texting', '=', true)
    .where('phone', 'like', `%${lastDigits}`)
    .execute();
}

/** Withdraws the texting opt-in of these customers. */
export async function clearPhoneOptInToTexting(db: Db, customerIds: string[]): Promise<void> {
  if (customerIds.length === 0) return;
  await db
    .updateTable('customers')
    .set({ phone_opt_in_texting: false })
    .where('id', 'in', customerIds)
    .execute();
}

export async function updateLastLogin(db: Db, userId: string, at: Date, ip: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: at, last_login_ip: ip })
    .where('id', '=', userId)
    .execute();
}

/** A new password hash (sign-in rehash, change, reset, activation). */
export async function updatePasswordHash(
  db: Db,
  userId: string,
  change: { passwordHash: string; at: Date; changed: boolean },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: change.passwordHash,
      ...(change.changed ? { password_changed_at: change.at, must_change_password: false } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export async function updateUserFlags(
  db: Db,
  userId: string,
  flags: {
    emailVerified?: boolean;
    emailOptOut?: boolean;
    emailCommunicationRestricted?: boolean;
  },
): Promise<void> {
  const set = {
    ...(flags.emailVerified === undefined ? {} : { email_verified: flags.emailVerified }),
    ...(flags.emailOptOut === undefined ? {} : { email_opt_out: flags.emailOptOut }),
    ...(flags.emailCommunicationRestricted === undefined
      ? {}
      : { email_communication_restricted: flags.emailCommunicationRestricted }),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

export async function updateSecretQuestion(
  db: Db,
  userId: string,
  question: { question: string; answerHash: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_question: question.question, password_answer_hash: question.answerHash })
    .where('id', '=', userId)
    .execute();
}

export async function insertPasswordHistory(
  db: Db,
  entry: { userId: string; passwordHash: string; at: Date },
): Promise<void> {
  await db
    .insertInto('password_history')
    .values({ user_id: entry.userId, password_hash: entry.passwordHash, created_at: entry.at })
    .execute();
}

/** The user's latest `count` previous password hashes, newest first. */
export async function listPasswordHistory(
  db: Db,
  userId: string,
  count: number,
): Promise<string[]> {
  if (count <= 0) return [];
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((row) => row.password_hash);
}

/** Keeps only the latest `keep` entries. */
export async function trimPasswordHistory(db: Db, userId: string, keep: number): Promise<void> {
  const kept = db
    .selectFrom('password_history')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(0, keep));
  await db
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where('id', 'not in', kept)
    .execute();
}

export interface AgreementRecord {
  institutionId: number;
  userId: string;
  nameOfTerms: string;
  accountNumber: string;
  ipAddress: string;
  dateOfAgreement: Date;
  dateOfTerms: string;
  agreementType: number;
  whenToAgree: number;
}

export async function insertAgreementLogs(db: Db, records: readonly AgreementRecord[]) {
  if (records.length === 0) return;
  await db
    .insertInto('agreement_logs')
    .values(
      records.map((record) => ({
        institution_id: record.institutionId,
        user_id: record.userId,
        name_of_terms: record.nameOfTerms,
        account_number: record.accountNumber,
        ip_address: record.ipAddress,
        date_of_agreement: record.dateOfAgreement,
        date_of_terms: record.dateOfTerms,
        agreement_type: record.agreementType,
        when_to_agree: record.whenToAgree,
      })),
    )
    .execute();
}

export async function listAgreementLogs(db: Db, institutionId: number, userId: string) {
  return db
    .selectFrom('agreement_logs')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The calendar dates (in `timeZone`) on which the user accepted each agreement, by host number. */
export async function listAgreementAcceptances(
  db: Db,
  institutionId: number,
  userId: string,
  timeZone: string,
) {
  return db
    .selectFrom('agreement_logs')
    .select([
      'agreement_type',
      'name_of_terms',
      'date_of_terms',
      'date_of_agreement',
      sql<string>`to_char(date_of_agreement at time zone ${timeZone}, 'YYYY-MM-DD')`.as(
        'accepted_on',
      ),
    ])
    .where('institution_id', '=', institutionId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The user names of an institution, for the demo identity provider's page. */
export async function listUsernames(db: Db, institutionId: number, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('institution_id', '=', institutionId)
    .where('logon_allowed', '=', true)
    .orderBy('username')
    .limit(limit)
    .execute();
  return rows.map((row) => row.username);
}
