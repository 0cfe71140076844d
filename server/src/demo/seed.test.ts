import { validateInstitutionConfig } from '@portal/settings-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../testing/clock';
import { testDatabases } from '../testing/databases';
import { TEST_DATA_PROTECTOR } from '../testing/keys';
import { createOutboxWorker } from '../modules/mail/mail-delivery';
import type { MailMessage } from '../modules/mail/transports';
import { referenceNumberOf } from '../modules/payments/payment-handles';
import type { DatabaseHandle } from '../db/create-database';
import { DEMO_INSTITUTIONS } from './demo-institutions';
import { assertValidDemoSettings, seedDemoData } from './seed-demo-data';
import type { CoreTables } from '../core/builtin/core.schema';

describe('the demo settings', () => {
  it.each(DEMO_INSTITUTIONS.map((institution) => [institution.slug, institution] as const))(
    'of %s pass the settings schema',
    (_slug, institution) => {
      expect(validateInstitutionConfig(institution.settings).errors).toEqual([]);
    },
  );

  it('stop the seed with the key at fault when invalid', () => {
    const [harbor] = DEMO_INSTITUTIONS;
    if (!harbor) throw new Error('no demo institution');
    const broken = {
      ...harbor,
      settings: { shared: { globalOptions: { useFAQOption: 'perhaps' } } },
    };
    expect(() => assertValidDemoSettings([broken])).toThrow(
      /Demo settings of "harbor" are invalid:\n {2}globalOptions\.useFAQOption: /,
    );
  });

  it('give the two institutions different themes and different navigation', () => {
    const [harbor, summit] = DEMO_INSTITUTIONS;
    expect(harbor?.settings.shared?.themeOptions?.primaryColor).not.toBe(
      summit?.settings.shared?.themeOptions?.primaryColor,
    );
    expect(harbor?.settings.shared?.globalOptions?.useFAQOption).toBe('true');
    expect(summit?.settings.shared?.globalOptions?.useFAQOption).toBe('false');
  });
});

describe.each(testDatabases())('seedDemoData on $name', (testDatabase) => {
  let handle: DatabaseHandle;
  const clock = createTestClock('2025-06-01T12:00:00Z');

  beforeAll(async () => {
    handle = await testDatabase.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const count = async (
    table: 'institutions' | 'users' | 'core_accounts' | 'core_transactions' | 'settings_versions',
  ) => {
    const row = await handle.db
      .withTables<CoreTables>()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('seeds an empty database once and leaves it alone afterwards', async () => {
    await expect(
      seedDemoData(handle.db, {
        clock,
        dataProtector: TEST_DATA_PROTECTOR,
        // The server's port (PORT=3456): the seeded activation e-mail links there.
        portalOrigin: 'http://localhost:3456',
      }),
    ).resolves.toEqual({ seeded: true });
    const before = {
      institutions: await count('institutions'),
      users: await count('users'),
      accounts: await count('core_accounts'),
      transactions: await count('core_transactions'),
      versions: await count('settings_versions'),
    };
    // Fifteen borrowers of demo-users.ts plus the account-flow demo's user to activate
    // (sam.taylor); the registration holders (Harbor's and Summit's) have accounts but no user.
    expect(before).toMatchObject({ institutions: 3, users: 16, accounts: 44, versions: 3 });
    // Every account's history, generated from its opening.
    expect(before.transactions).toBeGreaterThan(1_000);
    await expect(
      seedDemoData(handle.db, { clock, dataProtector: TEST_DATA_PROTECTOR }),
    ).resolves.toEqual({ seeded: false });
    expect({
      institutions: await count('institutions'),
      users: await count('users'),
      accounts: await count('core_accounts'),
      transactions: await count('core_transactions'),
      versions: await count('settings_versions'),
    }).toEqual(before);
  });

  it("queues sam.taylor's activation e-mail with its delivery job, so the server sends it", async () => {
    const sent: MailMessage[] = [];
    const worker = createOutboxWorker({
      db: handle.db,
      clock,
      dataProtector: TEST_DATA_PROTECTOR,
      keepSentBodies: true,
      transport: { name: 'test', send: async (message) => void sent.push(message) },
    });
    await expect(worker.runOnce()).resolves.toBe(1);
    expect(sent).toEqual([
      expect.objectContaining({
        to: 'sam.taylor@example.test',
        text: expect.stringMatching(/http:\/\/localhost:3456\/#\/home\/activate\?token=/),
      }),
    ]);
  });

  it('publishes each institution as version 1 with the comment "Demo seed"', async () => {
    const versions = await handle.db
      .selectFrom('settings_versions')
      .innerJoin('institutions', 'institutions.id', 'settings_versions.institution_id')
      .select(['institutions.slug', 'version', 'comment', 'is_default'])
      .orderBy('institutions.slug')
      .execute();
    expect(versions).toEqual([
      { slug: 'cedar', version: 1, comment: 'Demo seed', is_default: false },
      { slug: 'harbor', version: 1, comment: 'Demo seed', is_default: true },
      { slug: 'summit', version: 1, comment: 'Demo seed', is_default: false },
    ]);
  });

  it('keeps the host names of each institution', async () => {
    const hosts = await handle.db
      .selectFrom('institution_hosts')
      .innerJoin('institutions', 'institutions.id', 'institution_hosts.institution_id')
      .select(['host', 'slug'])
      .orderBy('host')
      .execute();
    expect(hosts).toEqual([
      { host: '127.0.0.1', slug: 'harbor' },
      { host: 'cedar.localhost', slug: 'cedar' },
      { host: 'harbor.localhost', slug: 'harbor' },
      { host: 'localhost', slug: 'harbor' },
      { host: 'summit.localhost', slug: 'summit' },
    ]);
  });

  it('gives the non-personal user a commercial loan beyond 32-bit cents', async () => {
    const loans = await handle.db
      .withTables<CoreTables>()
      .selectFrom('core_accounts')
      .innerJoin('core_loans', 'core_loans.account_id', 'core_accounts.id')
      .innerJoin('customers', 'customers.id', 'core_accounts.customer_id')
      .innerJoin('users', 'users.customer_id', 'customers.id')
      .select(['customers.company_number', 'core_loans.state'])
      .where('users.username', '=', 'casey.morgan')
      .execute();
    expect(loans).toHaveLength(2);
    for (const loan of loans) {
      expect(loan.company_number).toBe(7);
      expect(loan.state.principalCents).toBeGreaterThan(2 ** 31);
    }
  });

  it('records the E-Sign disclosure for every paperless Harbor user, sign-in agreement pending or not', async () => {
    const accepted = await handle.db
      .selectFrom('agreement_logs')
      .innerJoin('users', 'users.id', 'agreement_logs.user_id')
      .select(['users.username', 'agreement_logs.name_of_terms'])
      .where('agreement_logs.name_of_terms', '=', 'E-Sign Disclosure')
      .execute();
    const names = accepted.map((row) => row.username);
    // avery.stone must still accept the sign-in agreement, but her paperless loans were agreed.
    expect(names).toEqual(expect.arrayContaining(['jordan.rivers', 'avery.stone']));
    // sky.bennett takes paper statements and has never accepted it.
    expect(names).not.toContain('sky.bennett');
    const login = await handle.db
      .selectFrom('agreement_logs')
      .innerJoin('users', 'users.id', 'agreement_logs.user_id')
      .select('agreement_logs.name_of_terms')
      .where('users.username', '=', 'avery.stone')
      .execute();
    expect(login.map((row) => row.name_of_terms)).toEqual(['E-Sign Disclosure']);
  });

  it("writes devon.hayes's recurring and scheduled payments as accepted submissions, by his saved card", async () => {
    const db = handle.db;
    const devon = await db
      .selectFrom('users')
      .select(['id', 'institution_id'])
      .where('username', '=', 'devon.hayes')
      .executeTakeFirstOrThrow();
    const installment = async (number: string) => {
      const loan = await db
        .withTables<CoreTables>()
        .selectFrom('core_loans')
        .innerJoin('core_accounts', 'core_accounts.id', 'core_loans.account_id')
        .select('core_loans.terms')
        .where('core_accounts.number', '=', number)
        .executeTakeFirstOrThrow();
      return loan.terms.installmentCents;
    };
    const cards = await db
      .selectFrom('payment_methods')
      .selectAll()
      .where('user_id', '=', devon.id)
      .execute();
    expect(cards).toEqual([
      expect.objectContaining({
        is_card: true,
        saved: true,
        card_type: 'visa',
        debit_credit_type: 'DebitCard',
        last_four: '5556',
        expiration_date: '12/29',
      }),
    ]);
    const [card] = cards;
    if (!card) throw new Error('no card');
    // The method's snapshot, as every payment keeps one.
    const byCard = {
      user_id: devon.id,
      institution_id: devon.institution_id,
      payment_method_id: card.id,
      is_card: true,
      last_four: '5556',
      card_type: 'visa',
      debit_credit_type: 'DebitCard',
      processor_token: card.profile_id,
      routing_number: null,
      account_number_sealed: null,
    };

    const recurring = await db
      .selectFrom('recurring_payments')
      .selectAll()
      .where('user_id', '=', devon.id)
      .execute();
    // Seeded on Sunday 2025-06-01: the auto loan is due on Friday the 13th, and five days before
    // it is a Sunday, drawn on the Friday before.
    expect(recurring).toEqual([
      expect.objectContaining({
        ...byCard,
        loan_number: '001-100730-2',
        recurring_option: 'DaysBeforeDue',
        days_before_due: 5,
        first_date: null,
        next_date: '2025-06-06',
        amount_cents: await installment('001-100730-2'),
        first_party_fee_cents: 0,
        third_party_fee_cents: 0,
        pays_total_due: false,
        ach_draft_id: null,
        status: 'active',
      }),
    ]);
    const scheduled = await db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', devon.id)
      .execute();
    // Three business days after the Sunday: Monday, Tuesday, Wednesday.
    expect(scheduled).toEqual([
      expect.objectContaining({
        ...byCard,
        loan_number: '001-100731-3',
        kind: 'scheduled',
        recurring_payment_id: null,
        pay_date: '2025-06-04',
        amount_cents: await installment('001-100731-3'),
        is_payoff: false,
        status: 'scheduled',
      }),
    ]);
    // Confirmation numbers derived from the ids, as a submission's.
    for (const row of [...recurring, ...scheduled]) {
      expect(row.reference_number).toBe(referenceNumberOf(TEST_DATA_PROTECTOR, row.id));
    }
  });

  it('stores SSNs only encrypted, with a blind index that finds them', async () => {
    const customers = await handle.db
      .selectFrom('customers')
      .select(['ssn_encrypted', 'ssn_blind_index', 'last_name'])
      .execute();
    const riley = customers.find((customer) => customer.last_name === 'Chen');
    expect(riley?.ssn_encrypted).not.toContain('900445555');
    expect(TEST_DATA_PROTECTOR.decrypt(riley?.ssn_encrypted ?? '')).toBe('900445555');
    expect(riley?.ssn_blind_index).toBe(TEST_DATA_PROTECTOR.blindIndex('900445555'));
  });

  it('stores passwords as argon2id hashes only', async () => {
    const users = await handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('password_hash', 'is not', null)
      .execute();
    expect(users).toHaveLength(15);
    for (const user of users) {
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.password_hash).not.toContain('Demo-Pass-2024');
    }
  });
});
