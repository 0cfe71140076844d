import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface SubscriptionRow {
  brandingId: number;
  optInMarketing: boolean;
  optInAccount: boolean;
}

/** A number's opt-ins, one row per programme it ever changed. */
export async function listSubscriptions(
  db: Db,
  key: { institutionId: number; phoneNumber: string },
): Promise<SubscriptionRow[]> {
  const rows = await db
    .selectFrom('text_subscriptions')
    .select(['branding_id', 'opt_in_marketing', 'opt_in_account'])
    .where('institution_id', '=', key.institutionId)
    .where('phone_number', '=', key.phoneNumber)
    .execute();
  return rows.map((row) => ({
    brandingId: row.branding_id,
    optInMarketing: row.opt_in_marketing,
    optInAccount: row.opt_in_account,
  }));
}

/** Sets one programme's flags; a null flag keeps its value (false for a new row). */
export async function saveSubscription(
  db: Db,
  change: {
    institutionId: number;
    phoneNumber: string;
    brandingId: number;
    optInMarketing: boolean | null;
    optInAccount: boolean | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('text_subscriptions')
    .values({
      institution_id: change.institutionId,
      phone_number: change.phoneNumber,
      branding_id: change.brandingId,
      opt_in_marketing: change.optInMarketing ?? false,
      opt_in_account: change.optInAccount ?? false,
      updated_at: change.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['institution_id', 'phone_number', 'branding_id']).doUpdateSet((eb) => ({
        opt_in_marketing: change.optInMarketing ?? eb.ref('text_subscriptions.opt_in_marketing'),
        opt_in_account: change.optInAccount ?? eb.ref('text_subscriptions.opt_in_account'),
        updated_at: change.at,
      })),
    )
    .execute();
}

/** STOP: every programme of the number off. */
export async function unsubscribeEverywhere(
  db: Db,
  key: { institutionId: number; phoneNumber: string; at: Date },
): Promise<void> {
  await db
    .updateTable('text_subscriptions')
    .set({ opt_in_marketing: false, opt_in_account: false, updated_at: key.at })
    .where('institution_id', '=', key.institutionId)
    .where('phone_number', '=', key.phoneNumber)
    .execute();
}
