import { calendarDateIn, LoginResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../../app';
import { createBuiltinCore } from '../../core/builtin/builtin-core';
import type { CoreTables } from '../../core/builtin/core.schema';
import type { DatabaseHandle } from '../../db/create-database';
import { createTestClock } from '../../testing/clock';
import { testDatabases } from '../../testing/databases';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { memoPostingCore } from '../../testing/memo-posting-core';
import { PORTAL_WRITE_HEADERS } from '../../testing/test-app';

// With a bank's core (options.core), the preview's sample borrower has no accounts: they would be
// written into the built-in core's tables, which the bank's core never reads (issue 24: what only
// the built-in core has stays behind it). The preview still signs in, and shows the pages.
describe.each(testDatabases())(
  'the preview sample borrower with a bank core, on $name',
  (testDatabase) => {
    let database: DatabaseHandle;
    let app: PortalApp;
    let token: string;

    beforeAll(async () => {
      database = await testDatabase.openSeeded();
      const clock = createTestClock();
      const books = createBuiltinCore({
        db: database.db.withTables<CoreTables>(),
        clock,
        branding: () => Promise.resolve({ institutionName: 'Test', primaryColor: '#123456' }),
        timeZone: async () => 'America/New_York',
      });
      const bank = memoPostingCore(books, () => calendarDateIn('America/New_York', clock.now()));
      app = await buildApp({
        db: database.db,
        clock,
        dataProtector: TEST_DATA_PROTECTOR,
        core: bank.core,
        coreDays: books,
      });
      const { institutions, adminAuth, previews } = app.services;
      const harbor = await institutions.resolveHost('localhost');
      if (!harbor) throw new Error('no Harbor');
      const staff = await adminAuth.createStaff({
        email: 'viewer@harbor.test',
        name: 'Viewer',
        password: 'Staff-Pass-2026!',
        memberships: [{ institutionId: harbor.id, role: 'viewer' }],
      });
      const principal = {
        staffId: staff.id,
        email: 'viewer@harbor.test',
        name: 'Viewer',
        isImplementer: false,
      };
      const where = { adminOrigin: 'http://localhost:3000', adminHost: 'localhost:3000' };
      token = (await previews.createPreviewToken(principal, harbor, where)).token;
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('signs the sample in with no accounts, and writes none into the built-in core', async () => {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/Preview/SignIn',
        headers: { host: 'localhost', ...PORTAL_WRITE_HEADERS, 'x-preview-token': token },
      });
      expect(signedIn.statusCode).toBe(200);
      const body = LoginResponse.parse(signedIn.json());
      expect(body).toMatchObject({ UserName: 'Preview sample', PersonalName: 'Sample Borrower' });
      const sample = await database.db
        .selectFrom('users')
        .select('customer_id')
        .where('id', '=', body.UserId)
        .executeTakeFirstOrThrow();
      const opened = await database.db
        .withTables<CoreTables>()
        .selectFrom('core_accounts')
        .select('number')
        .where('customer_id', '=', sample.customer_id)
        .execute();
      expect(opened).toEqual([]);
    });
  },
);
