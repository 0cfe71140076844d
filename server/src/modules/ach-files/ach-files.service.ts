import { ADMIN_ERROR_CODES, type CalendarDate } from '@portal/domain';
import type { AchDayFile, AchProcessor } from '../../core/ach/ach-processor';
import { AdminError, forbidden } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import type { StaffPrincipal } from '../staff/staff-principal';

/** One processing day with debits: how many, and their total in integer cents. */
export interface AchDay {
  date: CalendarDate;
  entries: number;
  totalDebitCents: number;
}

/**
 * The ACH processor's day files for staff. Decisions where the spec is silent:
 * - any role of the institution may list the days (counts and totals only);
 * - the download holds every borrower's full account number in clear (the ODFI needs them), so
 *   only a publisher (or an implementer) may download it: the admin's highest role, the one
 *   trusted to change what borrowers see. A viewer or an editor gets 403.
 */
export interface AchFilesService {
  /** The institution's processing days, newest first. */
  days(staff: StaffPrincipal, slug: string): Promise<{ institutionSlug: string; days: AchDay[] }>;
  /** A processing day's NACHA file (403 below a publisher, 404 for a day without debits). */
  dayFile(
    staff: StaffPrincipal,
    slug: string,
    date: CalendarDate,
  ): Promise<{ institutionSlug: string; file: AchDayFile }>;
}

export function createAchFilesService(options: {
  admin: AdminService;
  achProcessor: AchProcessor;
}): AchFilesService {
  const { admin, achProcessor } = options;
  return {
    async days(staff, slug) {
      const institution = await admin.access(staff, slug, 'read');
      const days = await achProcessor.listDays(institution.id);
      return { institutionSlug: institution.slug, days };
    },

    async dayFile(staff, slug, date) {
      const institution = await admin.access(staff, slug, 'read');
      if (institution.role !== 'publisher') {
        throw forbidden(
          'The ACH file holds borrowers’ account numbers: only a publisher can download it.',
        );
      }
      const file = await achProcessor.dayFile(institution.id, date);
      if (!file) {
        throw new AdminError(
          404,
          ADMIN_ERROR_CODES.notFound,
          'There are no ACH debits on that day.',
        );
      }
      return { institutionSlug: institution.slug, file };
    },
  };
}
