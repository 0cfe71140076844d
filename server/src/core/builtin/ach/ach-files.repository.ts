import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AchFilesTable } from '../../../db/tables/ach-files';

type Db = Kysely<Database>;

export type AchFileRow = Selectable<AchFilesTable>;
/** A file without its bytes. */
export type AchFileListRow = Omit<AchFileRow, 'content_sealed'>;

const LISTED = [
  'id',
  'institution_id',
  'processing_date',
  'file_number',
  'file_id_modifier',
  'entries',
  'total_debit_cents',
  'sealed_at',
] as const;

/** The highest file number of the institution's processing day; 0 before its first file. */
export async function lastAchFileNumber(
  trx: Db,
  institutionId: number,
  processingDate: string,
): Promise<number> {
  const row = await trx
    .selectFrom('ach_files')
    .select((eb) => eb.fn.max('file_number').as('last'))
    .where('institution_id', '=', institutionId)
    .where('processing_date', '=', processingDate)
    .executeTakeFirst();
  return row?.last ?? 0;
}

export async function insertAchFile(
  trx: Db,
  row: Insertable<AchFilesTable>,
): Promise<AchFileListRow> {
  return trx.insertInto('ach_files').values(row).returning(LISTED).executeTakeFirstOrThrow();
}

/** The institution's files, without their bytes, by day and number. */
export async function listAchFiles(db: Db, institutionId: number): Promise<AchFileListRow[]> {
  return db
    .selectFrom('ach_files')
    .select(LISTED)
    .where('institution_id', '=', institutionId)
    .orderBy('processing_date', 'desc')
    .orderBy('file_number')
    .execute();
}

export async function findAchFile(
  db: Db,
  institutionId: number,
  processingDate: string,
  fileIdModifier: string,
): Promise<AchFileRow | undefined> {
  return db
    .selectFrom('ach_files')
    .selectAll()
    .where('institution_id', '=', institutionId)
    .where('processing_date', '=', processingDate)
    .where('file_id_modifier', '=', fileIdModifier)
    .executeTakeFirst();
}
