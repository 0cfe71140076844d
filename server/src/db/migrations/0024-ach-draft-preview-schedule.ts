import type { Kysely, Migration } from 'kysely';

/**
 * The schedule a recurring ACH authorization's preview shows: its recurring option and first
 * date, so the preview states what the borrower then signs ('Monthly on the 11th', first payment
 * on 12/11/2026). Null for a preview made without them (the days-before-due wording then).
 */
export const achDraftPreviewSchedule: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('ach_draft_previews')
      .addColumn('recurring_option', 'text')
      .addColumn('first_date', 'date')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('ach_draft_previews')
      .dropColumn('recurring_option')
      .dropColumn('first_date')
      .execute();
  },
};
