import type { ConfigurationDocument } from '@portal/domain';
import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createToken, hashToken } from '../../lib/tokens';
import { listHosts } from '../admin/admin.repository';
import type { StaffPrincipal } from '../staff/staff-auth.service';
import { findMembershipRole } from '../staff/staff.repository';
import { findLivePreviewToken, insertPreviewToken } from './preview-tokens.repository';

export const PREVIEW_TOKEN_MS = 30 * 60_000;

/**
 * The admin's live preview: a short-lived token lets the portal, opened by the admin on the
 * institution's host, load the draft instead of the published settings.
 */
export interface PreviewsService {
  createPreviewToken(
    staff: StaffPrincipal,
    institution: { id: number },
    where: { adminOrigin: string; adminHost: string },
  ): Promise<{ token: string; expiresAt: string; portalUrl: string }>;
  /**
   * The document the portal shows to a request with a preview token: the draft (or the published
   * document when there is no draft) when the token is live for this institution and its staff
   * member still belongs to it, else undefined.
   */
  previewDocument(
    token: string,
    institutionId: number,
  ): Promise<
    { document: InstitutionConfiguration; adminOrigin: string; expiresAt: Date } | undefined
  >;
}

export function createPreviewsService(options: {
  db: Kysely<Database>;
  clock: Clock;
  /** The institution's draft, or its published document when there is no draft. */
  draftDocument(institutionId: number): Promise<ConfigurationDocument>;
}): PreviewsService {
  const { db, clock } = options;
  return {
    async createPreviewToken(staff, institution, where) {
      const token = createToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + PREVIEW_TOKEN_MS);
      await insertPreviewToken(db, {
        tokenHash: hashToken(token),
        staffId: staff.staffId,
        institutionId: institution.id,
        adminOrigin: where.adminOrigin,
        expiresAt,
        at: now,
      });
      const hosts = (await listHosts(db)).get(institution.id) ?? [];
      const admin = new URL(where.adminOrigin);
      const adminHostName = where.adminHost.replace(/:\d+$/, '').toLowerCase();
      // Same origin as the admin when the admin runs on one of the institution's hosts.
      const host = hosts.includes(adminHostName)
        ? adminHostName
        : (hosts.find((candidate) => candidate.endsWith('.localhost')) ??
          hosts[0] ??
          adminHostName);
      const portal = new URL(admin.origin);
      portal.hostname = host;
      portal.pathname = '/';
      portal.search = `?previewToken=${encodeURIComponent(token)}`;
      return { token, expiresAt: expiresAt.toISOString(), portalUrl: portal.toString() };
    },

    async previewDocument(token, institutionId) {
      const row = await findLivePreviewToken(db, hashToken(token), clock.now());
      if (!row || row.institutionId !== institutionId) return undefined;
      if (
        !row.isImplementer &&
        (await findMembershipRole(db, row.staffId, institutionId)) === undefined
      ) {
        return undefined;
      }
      return {
        document: await options.draftDocument(institutionId),
        adminOrigin: row.adminOrigin,
        expiresAt: row.expiresAt,
      };
    },
  };
}
