import { testDatabases } from '../../testing/databases';
import { memoPostingCore } from '../../testing/memo-posting-core';
import {
  describeServicingCore,
  type ServicingCoreFixture,
} from '../../testing/servicing-core-contract';
import type { TestDatabase } from '../../testing/databases';
import type { ServicingCore } from '../servicing-core';
import { startTestApp } from '../../testing/test-app';
import { createBuiltinCore } from './builtin-core';
import type { CoreTables } from './core.schema';

/** The test clock's day (the seed closed the day before it). */
const TODAY = '2025-03-14';

// The built-in core passes the contract an adapter to a real core must pass (README "Plugging in
// a core"), on the demo seed: jordan.rivers's home equity loan (paid on time) and a deposit.
/** The fixture on the demo seed; `wrap` puts another core in front of the built-in books. */
async function fixtureOn(
  testDatabase: TestDatabase,
  wrap?: (books: ServicingCore) => { core: ServicingCore; batch(): Promise<void> },
): Promise<ServicingCoreFixture> {
  const test = await startTestApp(testDatabase);
  const db = test.database.db.withTables<CoreTables>();
  const books = createBuiltinCore({
    db,
    clock: test.clock,
    branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
    timeZone: async (institutionId) =>
      (await test.app.services.institutions.findById(institutionId))?.timeZone,
  });
  const front = wrap?.(books);
  const loan = await db
    .selectFrom('core_accounts')
    .select(['number', 'customer_id'])
    .where('institution_id', '=', 1)
    .where('number', 'like', '001-100235-%')
    .executeTakeFirstOrThrow();
  const customer = { institutionId: 1, customerId: loan.customer_id };
  const deposit = (await books.listAccounts(customer, TODAY)).find((account) =>
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
    core: front?.core ?? books,
    ...(front ? { batch: () => front.batch() } : {}),
    today: TODAY,
    customer,
    otherCustomer: { institutionId: 1, customerId: other.customer_id },
    loan: loan.number,
    deposit: deposit.number,
    missing: '001-999999-9',
    close: () => test.close(),
  };
}

for (const testDatabase of testDatabases()) {
  describeServicingCore(`the built-in core on ${testDatabase.name}`, () => fixtureOn(testDatabase));
  // A core that answers 'pending' and posts in its batch passes the same contract (the suite runs
  // the batch and asks again), as the portal's posting job does (payment-pending-posting.test.ts).
  describeServicingCore(`a core that posts in its own batch, on ${testDatabase.name}`, () =>
    fixtureOn(testDatabase, (books) => memoPostingCore(books, () => TODAY)),
  );
}
