import { calendarDateIn, type ConfigurationDocument } from '@portal/domain';
import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createToken, hashToken } from '../../lib/tokens';
import { portalHostsOf } from '../institutions/institutions.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { belongsTo } from '../staff/staff-roles';
import type { RequestContext } from '../../plugins/request-context';
import { openSampleSession } from '../auth/auth.service';
import {
  deleteExpiredPreviewTokens,
  findLivePreviewToken,
  insertPreviewToken,
} from './preview-tokens.repository';
import {
  findSampleBorrower,
  hasSampleMethods,
  insertSampleBorrower,
  insertSampleMethods,
  lockSampleCreation,
  type SampleBorrower,
} from './sample-borrower.repository';

export const PREVIEW_TOKEN_MS = 30 * 60_000;

/** Opens the sample borrower's accounts for the customer just created, with the caller's `db`. */
export type SampleAccountOpener = (
  db: Kysely<Database>,
  owner: { institutionId: number; customerId: string; personalName: string; today: string },
  now: Date,
) => Promise<void>;

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
  /**
   * Signs the preview in as the institution's built-in sample borrower (made on first use), so
   * the signed-in screens can be previewed: a read-only session that ends with the preview token
   * (at most SAMPLE_SESSION_MS). Undefined when the token is not live for this institution.
   */
  signInSample(
    token: string,
    request: Pick<RequestContext, 'institutionId' | 'timeZone' | 'ip' | 'userAgent'>,
  ): Promise<{ sessionToken: string; borrower: SampleBorrower } | undefined>;
}

/** Deletes the preview tokens expired by `before` (for the housekeeping job); returns how many. */
export function purgeExpiredPreviewTokens(db: Kysely<Database>, before: Date): Promise<number> {
  return deleteExpiredPreviewTokens(db, before);
}

/** The longest a sample session lives without activity (the preview token ends it anyway). */
export const SAMPLE_SESSION_MS = 30 * 60_000;

export function createPreviewsService(options: {
  db: Kysely<Database>;
  clock: Clock;
  /** The institution's draft, or its published document when there is no draft. */
  draftDocument(institutionId: number): Promise<ConfigurationDocument>;
  /**
   * Opens the sample borrower's accounts in the core, in the transaction that creates the sample.
   * app.ts passes the built-in core's only when the built-in core runs: a bank's core holds no
   * sample customer, so there the sample borrower signs in with no accounts (the preview shows
   * the pages, texts and colours; the dashboard says there is nothing to show).
   */
  openSampleAccounts?: SampleAccountOpener;
  /** Seals the sample's bank account number as saved methods' are (DataProtector.encrypt). */
  seal(text: string): string;
}): PreviewsService {
  const { db, clock } = options;
  const service: PreviewsService = {
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
      const hosts = await portalHostsOf(db, institution.id);
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
      const staff = { staffId: row.staffId, isImplementer: row.isImplementer };
      if (!(await belongsTo(db, staff, institutionId))) return undefined;
      return {
        document: await options.draftDocument(institutionId),
        adminOrigin: row.adminOrigin,
        expiresAt: row.expiresAt,
      };
    },

    async signInSample(token, request) {
      const grant = await service.previewDocument(token, request.institutionId);
      if (!grant) return undefined;
      const now = clock.now();
      const sessionToken = createToken();
      const absoluteExpiresAt = new Date(
        Math.min(grant.expiresAt.getTime(), now.getTime() + SAMPLE_SESSION_MS),
      );
      const borrower = await db.transaction().execute(async (trx) => {
        await lockSampleCreation(trx, request.institutionId);
        const sample =
          (await findSampleBorrower(trx, request.institutionId)) ??
          (await insertSampleBorrower(trx, {
            institutionId: request.institutionId,
            timeZone: request.timeZone,
            at: now,
            openAccounts: async (executor, owner) => {
              await options.openSampleAccounts?.(
                executor,
                { ...owner, institutionId: request.institutionId },
                now,
              );
            },
          }));
        // Samples made before they had saved methods get them too.
        if (!(await hasSampleMethods(trx, request.institutionId, sample.userId))) {
          const year = Number(calendarDateIn(request.timeZone, now).slice(0, 4)) + 4;
          await insertSampleMethods(trx, {
            institutionId: request.institutionId,
            userId: sample.userId,
            at: now,
            cardExpiration: `12/${String(year % 100).padStart(2, '0')}`,
            sealedAccountNumber: options.seal('000123456789'),
            sealedOwnerName: options.seal('Sample Borrower'),
          });
        }
        await openSampleSession(trx, {
          token: sessionToken,
          userId: sample.userId,
          institutionId: request.institutionId,
          at: now,
          endsAt: absoluteExpiresAt,
          ip: request.ip,
          userAgent: request.userAgent,
        });
        return sample;
      });
      return { sessionToken, borrower };
    },
  };
  return service;
}
