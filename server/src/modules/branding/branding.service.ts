import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { ADMIN_ERROR_CODES, assetTypesInWords } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createToken } from '../../lib/tokens';
import { AdminError } from '../admin/admin-errors';
import type { AuditLog } from '../audit/audit.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import {
  ASSET_RULES,
  assetRelativePath,
  detectImageType,
  placeholderLogoSvg,
  type AssetKind,
} from './assets';
import { unsafeSvgReason } from './svg-policy';

/** An institution's branding files (logos, footer images, backgrounds) under `<DATA_DIR>/cdn`. */
export interface BrandingService {
  /**
   * Checks an upload by its content and size, stores it under a name of its own (nothing live
   * changes: the admin app puts `file` in the draft), and records it in the audit log.
   */
  uploadAsset(
    staff: StaffPrincipal,
    institution: { id: number; cdnFolder: string },
    upload: { kind: AssetKind; fileName: string; data: Buffer },
  ): Promise<{ path: string; file: string }>;
  /** Plain logos with the institution's name, until real ones are uploaded (no-op without cdnDir). */
  writePlaceholderLogos(cdnFolder: string, name: string): Promise<void>;
}

export function createBrandingService(options: {
  db: Kysely<Database>;
  auditLog: AuditLog;
  /** `<DATA_DIR>/cdn`: uploaded branding; undefined: uploads are refused. */
  cdnDir?: string;
}): BrandingService {
  const { db } = options;

  function cdnFolderPath(cdnFolder: string): string {
    if (!options.cdnDir) {
      throw new AdminError(503, 'ServerError', 'Uploads are not configured on this server.');
    }
    const root = resolve(options.cdnDir);
    const folder = cdnFolder.replace(/^\/+cdn\/+/, '').replace(/^\/+/, '');
    const target = resolve(root, folder);
    if (target !== root && !target.startsWith(root + sep)) {
      throw new AdminError(500, 'ServerError', 'The institution has an invalid cdn folder.');
    }
    return target;
  }

  /** Readers see the old file or the new one, never half of one. */
  async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${createToken().slice(0, 8)}.partial`;
    await writeFile(partial, data);
    await rename(partial, path);
  }

  return {
    async uploadAsset(staff, institution, upload) {
      const rule = ASSET_RULES[upload.kind];
      const invalidFile = (message: string) =>
        new AdminError(422, ADMIN_ERROR_CODES.invalidFile, message);
      if (upload.data.length === 0) throw invalidFile('The file is empty.');
      if (upload.data.length > rule.maxBytes) {
        throw invalidFile(`The file is too large: at most ${Math.round(rule.maxBytes / 1024)} KB.`);
      }
      const type = detectImageType(upload.data);
      if (!type || !rule.types.includes(type)) {
        throw invalidFile(
          `This file cannot be used here: it must be ${assetTypesInWords(upload.kind)}.`,
        );
      }
      if (type === 'svg') {
        const reason = unsafeSvgReason(upload.data.toString('utf8'));
        if (reason) throw invalidFile(`This SVG is refused because ${reason}.`);
      }
      const relative = assetRelativePath(upload.kind, type, upload.data, upload.fileName);
      const folder = cdnFolderPath(institution.cdnFolder);
      await writeAtomically(join(folder, relative), upload.data);
      const path = `${institution.cdnFolder.replace(/\/+$/, '')}/${relative}`;
      await options.auditLog.record(db, {
        staff,
        institutionId: institution.id,
        action: 'asset.upload',
        comment: `${upload.kind}: ${path}`,
      });
      return { path, file: relative };
    },

    async writePlaceholderLogos(cdnFolder, name) {
      if (!options.cdnDir) return;
      const folder = cdnFolderPath(cdnFolder);
      await writeAtomically(
        join(folder, 'branding/logos/logoFullWhite.svg'),
        placeholderLogoSvg(name, false),
      );
      await writeAtomically(
        join(folder, 'branding/logos/logoIconWhite.svg'),
        placeholderLogoSvg(name, true),
      );
    },
  };
}
