import { AccountAlerts } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The user's saved alert choices for an account, or undefined when none were saved. */
export async function findAccountAlerts(
  db: Db,
  userId: string,
  accountNumber: string,
): Promise<AccountAlerts | undefined> {
  const row = await db
    .selectFrom('account_alerts')
    .select('alerts')
    .where('user_id', '=', userId)
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = AccountAlerts.safeParse(row.alerts);
  return parsed.success ? parsed.data : undefined;
}

/** Every saved copy of an institution's loans' alerts (those that no longer parse left out). */
export async function listAccountAlerts(
  db: Db,
  institutionId: number,
): Promise<{ userId: string; accountNumber: string; alerts: AccountAlerts }[]> {
  const rows = await db
    .selectFrom('account_alerts')
    .select(['user_id', 'account_number', 'alerts'])
    .where('institution_id', '=', institutionId)
    .orderBy('user_id')
    .orderBy('account_number')
    .execute();
  return rows.flatMap((row) => {
    const parsed = AccountAlerts.safeParse(row.alerts);
    return parsed.success
      ? [{ userId: row.user_id, accountNumber: row.account_number, alerts: parsed.data }]
      : [];
  });
}

export async function saveAccountAlerts(
  db: Db,
  entry: {
    institutionId: number;
    userId: string;
    accountNumber: string;
    alerts: AccountAlerts;
    at: Date;
  },
): Promise<void> {
  const alerts = JSON.stringify(entry.alerts);
  await db
    .insertInto('account_alerts')
    .values({
      institution_id: entry.institutionId,
      user_id: entry.userId,
      account_number: entry.accountNumber,
      alerts,
      updated_at: entry.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'account_number']).doUpdateSet({ alerts, updated_at: entry.at }),
    )
    .execute();
}
