import {
  ADMIN_ERROR_CODES,
  AdminLoginRequest,
  AdminLoginResponse,
  AdminVerifyRequest,
  AuditListResponse,
  ConfigurationDocument,
  CreateInstitutionRequest,
  CreateStaffRequest,
  CreateStaffResponse,
  DiffResponse,
  ImportRequest,
  ImportResponse,
  InstitutionListResponse,
  InstitutionSettingsResponse,
  InstitutionSummary,
  PatchDraftRequest,
  PreviewTokenRequest,
  PreviewTokenResponse,
  PublishRequest,
  PublishResponse,
  SaveDraftRequest,
  StaffListResponse,
  StaffMe,
  VersionDetailResponse,
  VersionListResponse,
  MAX_ROW_ID,
  RowIdText,
} from '@portal/domain';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hostName } from '../../plugins/institution';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError } from '../../lib/http-errors';
import { AdminError, unauthenticated } from './admin-errors';
import type { AdminAuthService, StaffPrincipal } from '../staff/staff-auth.service';
import type { AdminService, DocumentRef } from './admin.service';
import { brandingTypeOf, CDN_CONTENT_SECURITY_POLICY, readCdnFile } from '../../lib/cdn-files';
import { isAssetKind, MAX_ASSET_BYTES } from '../branding/assets';
import type { AuditLog } from '../audit/audit.service';
import type { PreviewsService } from '../previews/previews.service';
import type { BrandingService } from '../branding/branding.service';

/** The staff session cookie: HttpOnly, Strict, only sent to the admin API. */
export const STAFF_SESSION_COOKIE = 'portal_admin_session';

export interface AdminRoutesOptions {
  auth: AdminAuthService;
  admin: AdminService;
  auditLog: AuditLog;
  previews: PreviewsService;
  branding: BrandingService;
  cookieSecure: boolean;
  /** Demo mode: `/admin-api/demo/mailbox` leads to the demo mailbox with the e-mailed codes. */
  demoMode?: boolean;
  /**
   * Admin origins on other hosts than this server's (ADMIN_ORIGINS) that may receive preview
   * tokens; the server's own host names always may.
   */
  adminOrigins?: readonly string[];
  /** Folders holding `<cdn folder>/...` branding files, first match wins (as /cdn serves them). */
  cdnRoots?: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Admin API routes that work without a staff session (sign-in). */
    staffAuth?: 'none';
  }
}

const Slug = z.object({ slug: z.string().max(60) });
const SlugVersion = z.object({ slug: z.string().max(60), version: RowIdText });
const DocumentRefText = z
  .string()
  .max(20)
  .transform((text, context): DocumentRef => {
    if (text === 'published' || text === 'draft') return text;
    const version = Number(text);
    if (Number.isInteger(version) && version >= 1 && version <= MAX_ROW_ID) return version;
    context.addIssue({ code: 'custom', message: 'must be a version number, published or draft' });
    return z.NEVER;
  });
function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

function sendError(reply: FastifyReply, error: AdminError) {
  if (error.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send({
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  });
}

/**
 * The admin app's origin, which the portal will let frame a draft preview: the one the app
 * claims (or its Origin header), else this server's own. Only an origin on the host the request
 * came to (any port: the app's dev server) or on the ADMIN_ORIGINS list is accepted; any other
 * claim, whoever makes it, gets no token, so no staff member can open the draft to a site of
 * their choosing.
 */
export function adminOriginOf(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>,
  claimed: string | undefined,
  allowed: readonly string[],
): string | undefined {
  const own = `${request.protocol}://${request.host}`;
  const ownHost = hostName(request.host);
  for (const candidate of [claimed, request.headers.origin, own]) {
    if (!candidate) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return undefined;
    }
    if (url.origin === 'null' || !/^https?:$/.test(url.protocol)) return undefined;
    return url.hostname === ownHost || allowed.includes(url.origin) ? url.origin : undefined;
  }
  return own;
}

/**
 * `/admin-api/*`: staff sign-in and the configuration work of the admin app. Answers are plain
 * JSON; failures are `{ error: { code, message, details? } }` (domain/src/api/admin.ts).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { auth, admin } = options;
  const cookieOptions = {
    path: '/admin-api',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: options.cookieSecure,
  };

  app.decorateRequest('staff', null);
  // The admin API serves every host alike: staff pick the institution in the app.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, institution: 'skip' };
  });
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[request.server.cookieNames.staff];
    const principal = token ? await auth.resolveSession(token) : undefined;
    request.staff = principal ?? null;
    if (!principal && request.routeOptions.config.staffAuth !== 'none') {
      return sendError(reply, unauthenticated());
    }
  });

  // Uploads (branding assets): one file and a few fields; a larger file is a 413.
  await app.register(multipart, {
    limits: { fileSize: MAX_ASSET_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  app.setErrorHandler((error: FastifyError | AdminError | TooManyRequestsError, request, reply) => {
    if (error instanceof AdminError) return sendError(reply, error);
    if (error instanceof TooManyRequestsError) {
      return sendError(
        reply,
        new AdminError(
          429,
          ADMIN_ERROR_CODES.tooManyRequests,
          'Too many requests. Try again later.',
          {
            retryAfterSeconds: error.retryAfterSeconds,
          },
        ),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((problem) => ({
        key:
          problem.instancePath.split('/').filter(Boolean).join('.') ||
          (error.validationContext ?? 'request'),
        message: problem.message ?? 'is invalid',
      }));
      return sendError(
        reply,
        new AdminError(400, 'InvalidRequest', 'The request is not valid.', { details }),
      );
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) {
      return sendError(
        reply,
        new AdminError(413, ADMIN_ERROR_CODES.invalidFile, 'The file is too large.'),
      );
    }
    if (status >= 400 && status < 500) {
      return sendError(
        reply,
        new AdminError(status, 'InvalidRequest', 'The request is not valid.'),
      );
    }
    request.log.error({ err: error }, 'admin request failed');
    return sendError(
      reply,
      new AdminError(500, 'ServerError', 'Something went wrong. Please try again.'),
    );
  });

  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, new AdminError(404, ADMIN_ERROR_CODES.notFound, 'Not found.')),
  );

  // ---- Sign-in --------------------------------------------------------------------------------

  app.post(
    '/login',
    {
      config: { staffAuth: 'none' },
      schema: { body: AdminLoginRequest, response: { 200: AdminLoginResponse } },
    },
    async (request) => auth.login({ ...request.body, ip: request.ip }),
  );

  app.post(
    '/login/verify',
    {
      config: { staffAuth: 'none' },
      schema: { body: AdminVerifyRequest, response: { 200: StaffMe } },
    },
    async (request, reply) => {
      const { token, me } = await auth.verify({ ...request.body, ip: request.ip });
      reply.setCookie(request.server.cookieNames.staff, token, cookieOptions);
      return me;
    },
  );

  app.post(
    '/logout',
    { config: { staffAuth: 'none' }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[request.server.cookieNames.staff];
      if (token) await auth.logout(token);
      reply.clearCookie(request.server.cookieNames.staff, cookieOptions);
      return reply.code(204).send(null);
    },
  );

  app.get('/me', { schema: { response: { 200: StaffMe } } }, async (request) =>
    auth.me(staffOf(request)),
  );

  if (options.demoMode) {
    // Demo mode: the sign-in page links here; the codes are in the demo mailbox (staff codes go
    // through the default institution's outbox, which the mailbox on localhost shows).
    app.get(
      '/demo/mailbox',
      {
        config: { staffAuth: 'none' },
        schema: { hide: true, querystring: z.object({ to: z.string().max(320).optional() }) },
      },
      async (request, reply) => {
        const query = request.query.to ? `?${new URLSearchParams({ to: request.query.to })}` : '';
        return reply.redirect(`/demo/mailbox${query}`);
      },
    );
  }

  // ---- Staff (implementers) ---------------------------------------------------------------------

  app.get('/staff', { schema: { response: { 200: StaffListResponse } } }, async (request) => ({
    staff: await auth.listStaff(staffOf(request)),
  }));

  app.post(
    '/staff',
    { schema: { body: CreateStaffRequest, response: { 201: CreateStaffResponse } } },
    async (request, reply) => {
      const created = await auth.addStaff(staffOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  // ---- Institutions ----------------------------------------------------------------------------

  app.get(
    '/institutions',
    { schema: { response: { 200: InstitutionListResponse } } },
    async (request) => ({ institutions: await admin.listInstitutions(staffOf(request)) }),
  );

  app.post(
    '/institutions',
    { schema: { body: CreateInstitutionRequest, response: { 201: InstitutionSummary } } },
    async (request, reply) => {
      const created = await admin.createInstitution(staffOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/institutions/:slug/settings',
    { schema: { params: Slug, response: { 200: InstitutionSettingsResponse } } },
    async (request) => {
      const institution = await admin.access(staffOf(request), request.params.slug, 'read');
      return admin.settings(institution);
    },
  );

  app.put(
    '/institutions/:slug/draft',
    {
      schema: {
        params: Slug,
        body: SaveDraftRequest,
        response: { 200: InstitutionSettingsResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'edit');
      return admin.saveDraft(staff, institution, request.body.document);
    },
  );

  app.patch(
    '/institutions/:slug/draft',
    {
      schema: {
        params: Slug,
        body: PatchDraftRequest,
        response: { 200: InstitutionSettingsResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'edit');
      return admin.patchDraft(staff, institution, request.body.changes);
    },
  );

  app.delete(
    '/institutions/:slug/draft',
    { schema: { params: Slug, response: { 200: InstitutionSettingsResponse } } },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'edit');
      return admin.discardDraft(staff, institution);
    },
  );

  app.post(
    '/institutions/:slug/publish',
    { schema: { params: Slug, body: PublishRequest, response: { 200: PublishResponse } } },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'publish');
      return admin.publish(staff, institution, request.body.comment, {
        acceptLowContrast: request.body.acceptLowContrast ?? false,
      });
    },
  );

  app.get(
    '/institutions/:slug/versions',
    { schema: { params: Slug, response: { 200: VersionListResponse } } },
    async (request) => {
      const institution = await admin.access(staffOf(request), request.params.slug, 'read');
      return { versions: await admin.versions(institution) };
    },
  );

  app.get(
    '/institutions/:slug/versions/:version',
    { schema: { params: SlugVersion, response: { 200: VersionDetailResponse } } },
    async (request) => {
      const institution = await admin.access(staffOf(request), request.params.slug, 'read');
      return admin.version(institution, request.params.version);
    },
  );

  app.post(
    '/institutions/:slug/versions/:version/restore',
    { schema: { params: SlugVersion, response: { 200: InstitutionSettingsResponse } } },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'edit');
      return admin.restore(staff, institution, request.params.version);
    },
  );

  app.get(
    '/institutions/:slug/diff',
    {
      schema: {
        params: Slug,
        querystring: z.object({ from: DocumentRefText, to: DocumentRefText }),
        response: { 200: DiffResponse },
      },
    },
    async (request) => {
      const institution = await admin.access(staffOf(request), request.params.slug, 'read');
      return { entries: await admin.diff(institution, request.query.from, request.query.to) };
    },
  );

  app.post(
    '/institutions/:slug/import',
    {
      schema: {
        params: Slug,
        querystring: z.object({ dryRun: z.enum(['true', 'false']).default('true') }),
        body: ImportRequest,
        response: { 200: ImportResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const dryRun = request.query.dryRun !== 'false';
      const institution = await admin.access(staff, request.params.slug, dryRun ? 'read' : 'edit');
      return admin.importDocument(staff, institution, request.body.document, dryRun);
    },
  );

  app.get(
    '/institutions/:slug/export',
    {
      schema: {
        params: Slug,
        querystring: z.object({ from: DocumentRefText.default('published') }),
        response: { 200: ConfigurationDocument },
      },
    },
    async (request, reply) => {
      const institution = await admin.access(staffOf(request), request.params.slug, 'read');
      const from = request.query.from;
      const document = await admin.document(institution, from);
      const label = typeof from === 'number' ? `v${from}` : from;
      reply.header(
        'content-disposition',
        `attachment; filename="${institution.slug}-${label}.json"`,
      );
      return document;
    },
  );

  app.get(
    '/institutions/:slug/audit',
    {
      schema: {
        params: Slug,
        querystring: z.object({
          before: RowIdText.optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: { 200: AuditListResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'read');
      // Only implementers, who serve every institution, see the staff sign-in events.
      return options.auditLog.list(institution.id, {
        ...request.query,
        staffSignIns: staff.isImplementer,
      });
    },
  );

  // The institution's branding files for the theme editor: /cdn serves a folder only on its own
  // institution's hosts, and the admin app runs on one host for every institution.
  app.get(
    '/institutions/:slug/branding/*',
    { schema: { params: Slug.extend({ '*': z.string().max(300) }), hide: true } },
    async (request, reply) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'read');
      const path = request.params['*'];
      const type = brandingTypeOf(path);
      const data = type
        ? await readCdnFile(options.cdnRoots ?? [], institution.cdnFolder, `branding/${path}`)
        : undefined;
      if (!type || !data) {
        throw new AdminError(404, ADMIN_ERROR_CODES.notFound, 'There is no such branding file.');
      }
      return reply
        .type(type)
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', CDN_CONTENT_SECURITY_POLICY)
        .send(data);
    },
  );

  app.post(
    '/institutions/:slug/assets',
    { schema: { params: Slug, response: { 200: z.object({ path: z.string() }) } } },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'edit');
      if (!request.isMultipart()) {
        throw new AdminError(
          400,
          'InvalidRequest',
          'Send the file as multipart/form-data (kind, file).',
        );
      }
      let kind = '';
      let file: { fileName: string; data: Buffer } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field' && part.fieldname === 'kind') kind = String(part.value).trim();
        else if (part.type === 'file' && part.fieldname === 'file') {
          file = { fileName: part.filename, data: await part.toBuffer() };
        } else if (part.type === 'file') await part.toBuffer();
      }
      if (!isAssetKind(kind)) {
        throw new AdminError(
          400,
          'InvalidRequest',
          'kind must be logoFull, logoIcon, footerImage or background.',
        );
      }
      if (!file) throw new AdminError(400, 'InvalidRequest', 'The request has no file.');
      return options.branding.uploadAsset(staff, institution, { kind, ...file });
    },
  );

  app.post(
    '/institutions/:slug/preview-token',
    {
      schema: {
        params: Slug,
        body: PreviewTokenRequest.optional(),
        response: { 200: PreviewTokenResponse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'read');
      const adminOrigin = adminOriginOf(
        request,
        request.body?.adminOrigin,
        options.adminOrigins ?? [],
      );
      if (!adminOrigin) {
        throw new AdminError(
          403,
          ADMIN_ERROR_CODES.forbidden,
          'Previews open only in the admin app on this server or an address in ADMIN_ORIGINS.',
        );
      }
      return options.previews.createPreviewToken(staff, institution, {
        adminOrigin,
        adminHost: request.host,
      });
    },
  );
};
