import type { Kysely, Selectable } from 'kysely';
import type { AchRoutingDirectoryTable, Database } from '../../../db/schema';
import { fedAchParticipantToBank, type FedAchParticipant } from '../../ach/routing-directory';

type Db = Kysely<Database>;

export type StoredBankRow = Pick<
  Selectable<AchRoutingDirectoryTable>,
  'routing_number' | 'name' | 'address' | 'city' | 'state' | 'zip'
>;

export async function findStoredBank(
  db: Db,
  routingNumber: string,
): Promise<StoredBankRow | undefined> {
  return db
    .selectFrom('ach_routing_directory')
    .select(['routing_number', 'name', 'address', 'city', 'state', 'zip'])
    .where('routing_number', '=', routingNumber)
    .executeTakeFirst();
}

/**
 * Replaces the loaded directory with a file's participants in one transaction: a reader sees the
 * old directory or the new one, never half of either. Answers how many were loaded.
 */
export async function replaceStoredRoutingDirectory(
  db: Db,
  participants: readonly FedAchParticipant[],
  loadedAt: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ach_routing_directory').execute();
    // Batches of 1,000 rows (10 parameters each) stay well under PostgreSQL's 65,535.
    for (let start = 0; start < participants.length; start += 1000) {
      await trx
        .insertInto('ach_routing_directory')
        .values(
          participants.slice(start, start + 1000).map((participant) => {
            const bank = fedAchParticipantToBank(participant);
            return {
              routing_number: bank.routingNumber,
              name: bank.name,
              address: bank.address ?? null,
              city: bank.city,
              state: bank.state,
              zip: bank.zip ?? null,
              record_type_code: participant.recordTypeCode,
              new_routing_number: participant.newRoutingNumber ?? null,
              change_date: participant.changeDate,
              loaded_at: loadedAt,
            };
          }),
        )
        .execute();
    }
    return participants.length;
  });
}

/** How many banks the loaded directory holds, and when it was loaded (undefined when empty). */
export async function storedRoutingDirectoryStatus(
  db: Db,
): Promise<{ banks: number; loadedAt: Date | undefined }> {
  const row = await db
    .selectFrom('ach_routing_directory')
    .select((eb) => [eb.fn.countAll<number>().as('banks'), eb.fn.max('loaded_at').as('loaded_at')])
    .executeTakeFirst();
  return { banks: Number(row?.banks ?? 0), loadedAt: row?.loaded_at ?? undefined };
}
