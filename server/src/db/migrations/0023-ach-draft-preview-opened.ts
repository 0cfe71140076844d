import type { Kysely, Migration } from 'kysely';

/**
 * When the borrower opened a preview of the recurring ACH authorization (spec 001 section 2:
 * Confirm stays disabled until the preview was opened). The portal guides; the server decides: a
 * recurring ACH submission whose preview was never opened is refused like one without a token.
 */
export const achDraftPreviewOpened: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('ach_draft_previews')
      .addColumn('opened_at', 'timestamptz')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('ach_draft_previews').dropColumn('opened_at').execute();
  },
};
