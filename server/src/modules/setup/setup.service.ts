import { createHash } from 'node:crypto';
import {
  escapeClientErrorText,
  institutionOptionNumbers,
  InstitutionOptions,
  publicGassySettings,
  okEnvelope,
  type ApplicationOptionsResponse,
  type ClientErrorRequest,
  type PageViewRequest,
} from '@portal/domain';
import { createSettingsAccessor, type InstitutionConfiguration } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import type { RequestInstitution } from '../../plugins/institution';
import {
  deleteClientErrorsSeenBefore,
  deletePageViewsBefore,
  insertPageView,
  upsertClientError,
} from './setup.repository';

/** Every institutionOptions.* key read as a number, plus where the branding lives and the name. */
export function buildInstitutionOptions(
  document: InstitutionConfiguration,
  institution: RequestInstitution,
): InstitutionOptions {
  return InstitutionOptions.parse({
    ...institutionOptionNumbers(document),
    cdnFolder: institution.cdnFolder,
    institutionName: institution.name,
  });
}

export function buildApplicationOptions(
  document: InstitutionConfiguration,
  institution: RequestInstitution,
): ApplicationOptionsResponse {
  return {
    ...okEnvelope(),
    gassySettings: publicGassySettings(document),
    institutionOptions: buildInstitutionOptions(document, institution),
  };
}

export interface BuiltApplicationOptions {
  body: ApplicationOptionsResponse;
  /** A strong validator of the body, quoted as the ETag header wants it. */
  etag: string;
}

export interface SetupServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  publishedSettings(institutionId: number): Promise<InstitutionConfiguration>;
  maintenanceMode(institutionId: number): Promise<boolean>;
  /**
   * The draft a preview token unlocks for this institution (the admin's live preview), undefined
   * when the token is not live for it. Without it no request ever sees a draft.
   */
  previewDocument?(token: string, institutionId: number): Promise<PreviewGrant | undefined>;
  /**
   * How long a built answer is reused. ApplicationOptions is the first call of every page load
   * (p99 target 20 ms at 500 requests/s on PGlite), so it is not rebuilt per request; short,
   * because another instance may publish.
   */
  cacheTtlMs?: number;
}

/** What a live preview token allows: the draft document, and who may frame and drive it. */
export interface PreviewGrant {
  document: InstitutionConfiguration;
  adminOrigin: string;
  expiresAt: Date;
}

export interface SetupService {
  applicationOptions(institution: RequestInstitution): Promise<BuiltApplicationOptions>;
  /**
   * The start-up settings built from the draft, for a request that presents a live preview
   * token; undefined otherwise (the caller then serves the published settings). Never cached.
   */
  previewApplicationOptions(
    institution: RequestInstitution,
    token: string,
  ): Promise<ApplicationOptionsResponse | undefined>;
  /** The preview token's grant for this institution (admin origin, expiry), if it is live. */
  previewGrant(institution: RequestInstitution, token: string): Promise<PreviewGrant | undefined>;
  maintenanceMode(institution: RequestInstitution): Promise<boolean>;
  /** Stores the report de-duplicated; returns how often it has been seen. */
  recordClientError(
    institution: RequestInstitution,
    report: ClientErrorRequest,
  ): Promise<{ fingerprint: string; count: number }>;
  /** False when the institution has page-view analytics off. */
  recordPageView(institution: RequestInstitution, view: PageViewRequest): Promise<boolean>;
  /** Drops the cached answer (this process published new settings). */
  invalidate(institutionId: number): void;
}

/**
 * Page views must carry no personal data, but routes can (loanDetails/001-123456-7, a token in a
 * link): any segment with a digit or an @ becomes ':value', and the query string is dropped.
 */
export function anonymiseRoute(route: string): string {
  const path = route.split('?', 1)[0] ?? '';
  return path
    .split('/')
    .map((segment) => (/[\d@]/.test(segment) ? ':value' : segment))
    .join('/');
}

function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
}

/**
 * Deletes the client-error reports not seen since `clientErrorsSeenBefore` and the page views
 * recorded before `pageViewsBefore` (for the housekeeping job); returns how many of each.
 */
export async function purgeVisitorReports(
  db: Kysely<Database>,
  cutoff: { clientErrorsSeenBefore: Date; pageViewsBefore: Date },
): Promise<{ clientErrors: number; pageViews: number }> {
  return {
    clientErrors: await deleteClientErrorsSeenBefore(db, cutoff.clientErrorsSeenBefore),
    pageViews: await deletePageViewsBefore(db, cutoff.pageViewsBefore),
  };
}

export function createSetupService(options: SetupServiceOptions): SetupService {
  const { db, clock } = options;
  const cache = createRefreshingCache<number, BuiltApplicationOptions>({
    clock,
    maxAgeMs: options.cacheTtlMs ?? 2000,
  });

  async function build(institution: RequestInstitution): Promise<BuiltApplicationOptions> {
    const document = await options.publishedSettings(institution.id);
    const body = buildApplicationOptions(document, institution);
    return { body, etag: etagOf(body) };
  }

  function applicationOptions(institution: RequestInstitution): Promise<BuiltApplicationOptions> {
    return cache.get(institution.id, () => build(institution));
  }

  async function previewGrant(
    institution: RequestInstitution,
    token: string,
  ): Promise<PreviewGrant | undefined> {
    if (!options.previewDocument || token === '' || token.length > 200) return undefined;
    return options.previewDocument(token, institution.id);
  }

  return {
    applicationOptions,
    previewGrant,
    async previewApplicationOptions(institution, token) {
      const grant = await previewGrant(institution, token);
      return grant ? buildApplicationOptions(grant.document, institution) : undefined;
    },
    maintenanceMode: (institution) => options.maintenanceMode(institution.id),
    async recordClientError(institution, report) {
      // The portal escapes these texts already; a report does not have to come from the portal.
      const message = escapeClientErrorText(report.Message);
      const stack = escapeClientErrorText(report.Stack);
      const userAgent = escapeClientErrorText(report.UserAgent);
      const fingerprint = createHash('sha256').update(`${message}\n${stack}`).digest('hex');
      const count = await upsertClientError(db, {
        institutionId: institution.id,
        fingerprint,
        message,
        stack,
        userAgent,
        seenAt: clock.now(),
      });
      return { fingerprint, count };
    },
    async recordPageView(institution, view) {
      const { body } = await applicationOptions(institution);
      const settings = createSettingsAccessor(body.gassySettings);
      if (!settings.get('analyticsOptions.enablePageViewAnalyticsOption')) return false;
      await insertPageView(db, {
        institutionId: institution.id,
        route: anonymiseRoute(view.Route),
        title: view.Title,
        at: clock.now(),
      });
      return true;
    },
    invalidate: (institutionId) => cache.delete(institutionId),
  };
}
