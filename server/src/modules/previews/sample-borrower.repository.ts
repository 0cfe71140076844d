import { calendarDateIn } from '@portal/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The sample borrower's user name: no registration can choose it (it has a space). */
export const SAMPLE_USERNAME = 'Preview sample';

export interface SampleBorrower {
  userId: string;
  username: string;
  personalName: string;
  email: string;
  servicingBranch: string;
  companyNumber: number;
}

function sample(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'users.id as userId',
      'users.username',
      'customers.personal_name as personalName',
      'customers.email',
      'customers.servicing_branch as servicingBranch',
      'customers.company_number as companyNumber',
    ]);
}

export async function findSampleBorrower(
  db: Db,
  institutionId: number,
): Promise<SampleBorrower | undefined> {
  return sample(db)
    .where('users.institution_id', '=', institutionId)
    .where('users.is_preview_sample', '=', true)
    .executeTakeFirst();
}

/** Serialises the first creation of an institution's sample (two previews opened at once). */
export async function lockSampleCreation(trx: Db, institutionId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('preview-sample'), ${institutionId})`.execute(
    trx,
  );
}

/**
 * Writes the sample: a customer without an SSN (so no registration can match it), a loan due
 * soon, a line of credit and a savings account, and a user without a password.
 */
export async function insertSampleBorrower(
  trx: Db,
  sampleOf: {
    institutionId: number;
    timeZone: string;
    at: Date;
    /** Opens the sample's accounts in the core, in the same transaction. */
    openAccounts(
      trx: Db,
      owner: { customerId: string; today: string; personalName: string },
    ): Promise<void>;
  },
): Promise<SampleBorrower> {
  const { institutionId, at } = sampleOf;
  const today = calendarDateIn(sampleOf.timeZone, at);
  const { id: customerId } = await trx
    .insertInto('customers')
    .values({
      institution_id: institutionId,
      first_name: 'Sample',
      last_name: 'Borrower',
      personal_name: 'Sample Borrower',
      email: 'sample.borrower@example.invalid',
      ssn_encrypted: null,
      ssn_blind_index: null,
      servicing_branch: '',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sampleOf.openAccounts(trx, { customerId, today, personalName: 'Sample Borrower' });
  await trx
    .insertInto('users')
    .values({
      institution_id: institutionId,
      customer_id: customerId,
      username: SAMPLE_USERNAME,
      password_hash: null,
      email_verified: true,
      is_preview_sample: true,
      created_at: at,
    })
    .execute();
  const created = await findSampleBorrower(trx, institutionId);
  if (!created) throw new Error('the sample borrower was not written');
  return created;
}
