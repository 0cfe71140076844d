import {
  ConfigurationDocument,
  DiffResponse,
  ImportRequest,
  ImportResponse,
  InstitutionSettingsResponse,
  MAX_ROW_ID,
  PatchDraftRequest,
  PublishRequest,
  PublishResponse,
  RowIdText,
  SaveDraftRequest,
  VersionDetailResponse,
  VersionListResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SlugParams, staffOf } from './admin-api';
import type { AdminService, DocumentRef } from './admin.service';

export interface AdminRoutesOptions {
  admin: AdminService;
}

const SlugVersion = SlugParams.extend({ version: RowIdText });
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

/**
 * `/admin-api/institutions/:slug/...`: an institution's configuration, as the admin app edits it:
 * the settings and draft, publishing, versions and restore, diff, import and export.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin }) => {
  app.get(
    '/institutions/:slug/settings',
    { schema: { params: SlugParams, response: { 200: InstitutionSettingsResponse } } },
    async (request) => {
      const institution = await admin.access(staffOf(request), request.params.slug, 'read');
      return admin.settings(institution);
    },
  );

  app.put(
    '/institutions/:slug/draft',
    {
      schema: {
        params: SlugParams,
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
        params: SlugParams,
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
    { schema: { params: SlugParams, response: { 200: InstitutionSettingsResponse } } },
    async (request) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'edit');
      return admin.discardDraft(staff, institution);
    },
  );

  app.post(
    '/institutions/:slug/publish',
    { schema: { params: SlugParams, body: PublishRequest, response: { 200: PublishResponse } } },
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
    { schema: { params: SlugParams, response: { 200: VersionListResponse } } },
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
        params: SlugParams,
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
        params: SlugParams,
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
        params: SlugParams,
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
};
