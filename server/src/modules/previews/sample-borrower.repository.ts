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

/** The sample's saved methods: a debit card and a checking account (profile ids per institution). */
export const SAMPLE_CARD_PROFILE = 'preview-sample-card';
export const SAMPLE_ACH_PROFILE = 'preview-sample-ach';

export async function hasSampleMethods(db: Db, institutionId: number, userId: string) {
  const row = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('institution_id', '=', institutionId)
    .where('user_id', '=', userId)
    .where('saved', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the sample borrower saved payment methods, so the Make Payment preview shows the method
 * step as a borrower with saved methods sees it. Nothing is ever charged: the sample's session
 * is read-only. The card is a token no processor issued; the account number is sealed like a
 * real one (the table requires it) and is the ACH test number of no real account.
 */
export async function insertSampleMethods(
  trx: Db,
  sampleOf: {
    institutionId: number;
    userId: string;
    at: Date;
    /** MM/YY, some years ahead. */
    cardExpiration: string;
    sealedAccountNumber: string;
    sealedOwnerName: string;
  },
): Promise<void> {
  const common = {
    institution_id: sampleOf.institutionId,
    user_id: sampleOf.userId,
    saved: true,
    created_at: sampleOf.at,
  };
  await trx
    .insertInto('payment_methods')
    .values([
      {
        ...common,
        profile_id: SAMPLE_CARD_PROFILE,
        is_card: true,
        duplicate_key: `card:visa:4242:${sampleOf.cardExpiration}`,
        last_four: '4242',
        card_type: 'visa',
        debit_credit_type: 'DebitCard',
        expiration_date: sampleOf.cardExpiration,
      },
      {
        ...common,
        profile_id: SAMPLE_ACH_PROFILE,
        is_card: false,
        duplicate_key: 'ach:preview-sample',
        last_four: '6789',
        ach_account_type: 'Checking',
        routing_number: '011000015',
        account_number_sealed: sampleOf.sealedAccountNumber,
        owner_name_sealed: sampleOf.sealedOwnerName,
      },
    ])
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
