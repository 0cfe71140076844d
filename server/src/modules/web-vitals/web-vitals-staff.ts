import type { StaffWebVitalsResponse } from '@portal/domain';
import type { AdminService } from '../admin/admin.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import type { WebVitalsService } from './web-vitals.service';

export interface WebVitalsStaffDeps {
  admin: Pick<AdminService, 'access'>;
  webVitals: WebVitalsService;
}

export type WebVitalsStaffService = ReturnType<typeof createWebVitalsStaffService>;

/**
 * The staff side of the measurements: every role of the institution reads them (they hold no
 * personal data); staff of another institution get 404, as for its configuration. Reading is
 * not audited, as reading the configuration is not.
 */
export function createWebVitalsStaffService({ admin, webVitals }: WebVitalsStaffDeps) {
  return {
    async summaries(
      staff: StaffPrincipal,
      slug: string,
      days: number,
    ): Promise<StaffWebVitalsResponse> {
      const institution = await admin.access(staff, slug, 'read');
      return webVitals.summaries(institution.id, days);
    },
  };
}
