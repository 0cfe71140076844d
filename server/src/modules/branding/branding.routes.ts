import { ADMIN_ERROR_CODES, AssetUploadResponse } from '@portal/domain';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandingTypeOf, CDN_CONTENT_SECURITY_POLICY, readCdnFile } from '../../lib/cdn-files';
import { SlugParams, staffOf } from '../admin/admin-api';
import { AdminError } from '../admin/admin-errors';
import type { AdminService } from '../admin/admin.service';
import { isAssetKind, MAX_ASSET_BYTES } from './assets';
import type { BrandingService } from './branding.service';

export interface BrandingRoutesOptions {
  /** Who may read or edit which institution. */
  admin: Pick<AdminService, 'access'>;
  branding: BrandingService;
  /** Folders holding `<cdn folder>/...` branding files, first match wins (as /cdn serves them). */
  cdnRoots: readonly string[];
}

/**
 * `/admin-api/institutions/:slug/branding/*` and `/assets`: the institution's branding files for
 * the theme editor, and the uploads of logos, footer images and backgrounds.
 */
export const brandingRoutes: FastifyPluginAsyncZod<BrandingRoutesOptions> = async (
  app,
  options,
) => {
  const { admin } = options;

  // Uploads: one file and a few fields; a larger file is a 413.
  await app.register(multipart, {
    limits: { fileSize: MAX_ASSET_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  // The institution's branding files for the theme editor: /cdn serves a folder only on its own
  // institution's hosts, and the admin app runs on one host for every institution.
  app.get(
    '/institutions/:slug/branding/*',
    { schema: { params: SlugParams.extend({ '*': z.string().max(300) }), hide: true } },
    async (request, reply) => {
      const staff = staffOf(request);
      const institution = await admin.access(staff, request.params.slug, 'read');
      const path = request.params['*'];
      const type = brandingTypeOf(path);
      const data = type
        ? await readCdnFile(options.cdnRoots, institution.cdnFolder, `branding/${path}`)
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
    { schema: { params: SlugParams, response: { 200: AssetUploadResponse } } },
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
};
