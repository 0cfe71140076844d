import { testDatabases } from '../../testing/databases';
import { describeServicingCore } from '../../testing/servicing-core-contract';
import { startTestApp } from '../../testing/test-app';
import { createBuiltinCore } from './builtin-core';
import type { CoreTables } from './core.schema';

/** The test clock's day (the seed closed the day before it). */
const TODAY = '2025-03-14';

// The built-in core passes the contract an adapter to a real core must pass (README "Plugging in
// a core"), on the demo seed: jordan.rivers's home equity loan (paid on time) and a deposit.
for (const testDatabase of testDatabases()) {
  describeServicingCore(`the built-in core on ${testDatabase.name}`, async () => {
    const test = await startTestApp(testDatabase);
    const db = test.database.db.withTables<CoreTables>();
    const core = createBuiltinCore({
      db,
      clock: test.clock,
      branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
      timeZone: async (institutionId) =>
        (await test.app.services.institutions.findById(institutionId))?.timeZone,
    });
    const loan = await db
      .selectFrom('core_accounts')
      .select(['number', 'customer_id'])
      .where('institution_id', '=', 1)
      .where('number', 'like', '001-100235-%')
      .executeTakeFirstOrThrow();
    const customer = { institutionId: 1, customerId: loan.customer_id };
    const deposit = (await core.listAccounts(customer, TODAY)).find((account) =>
      [1, 3, 5, 6].includes(account.type),
    );
    const other = await db
      .selectFrom('core_accounts')
      .select('customer_id')
      .where('institution_id', '=', 1)
      .where('customer_id', '!=', loan.customer_id)
      .executeTakeFirstOrThrow();
    if (!deposit) throw new Error('the seed gives jordan.rivers no deposit');
    return {
      core,
      today: TODAY,
      customer,
      otherCustomer: { institutionId: 1, customerId: other.customer_id },
      loan: loan.number,
      deposit: deposit.number,
      missing: '001-999999-9',
      close: () => test.close(),
    };
  });
}
