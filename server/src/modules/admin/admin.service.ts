import {
  ADMIN_ERROR_CODES,
  type DiffEntry,
  diffConfigurations,
  type ConfigurationDocument,
  type InstitutionSettingsResponse,
  type StaffRole,
} from '@portal/domain';
import type { InstitutionConfiguration } from '@portal/settings-schema';
import { brandTokensFromSettings, contrastFailures, describeContrastFailure } from '@portal/themes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  accessorOf,
  allPortalHosts,
  institutionBySlug,
  type InstitutionsService,
} from '../institutions/institutions.service';
import {
  AdminError,
  forbidden,
  invalidConfiguration,
  notFound,
  type ProblemDetail,
} from './admin-errors';
import type { StaffPrincipal } from '../staff/staff-principal';
import { roleIn } from '../staff/staff-roles';
import {
  deleteDraft,
  findDraft,
  findVersion,
  listVersions,
  lockInstitution,
  upsertDraft,
} from './admin.repository';
import {
  applyChange,
  cloneDocument,
  isConfigurationShape,
  normaliseDocument,
  problemsOf,
} from './configuration-document';
import type { AuditAction, AuditLog } from '../audit/audit.service';

type Db = Kysely<Database>;

/** What a route needs to be allowed: reading, saving the draft, publishing. */
export type Need = 'read' | 'edit' | 'publish';
const RANK: Readonly<Record<StaffRole, number>> = { viewer: 0, editor: 1, publisher: 2 };
const NEEDED_RANK: Readonly<Record<Need, number>> = { read: 0, edit: 1, publish: 2 };

export interface AccessibleInstitution {
  id: number;
  slug: string;
  name: string;
  cdnFolder: string;
  role: StaffRole;
}

export type DocumentRef = number | 'published' | 'draft';

/**
 * The admin API's work on an institution's configuration: who may reach it (access), its draft,
 * publishing, versions, restore, import, export and diff.
 */
export interface AdminService {
  /** The institution by its slug if the staff member's role there allows `need`; 404 or 403. */
  access(staff: StaffPrincipal, slug: string, need: Need): Promise<AccessibleInstitution>;
  settings(institution: AccessibleInstitution): Promise<InstitutionSettingsResponse>;
  saveDraft(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    document: ConfigurationDocument,
  ): Promise<InstitutionSettingsResponse>;
  patchDraft(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    changes: readonly { set: 'shared' | 'english'; key: string; value: string | null }[],
  ): Promise<InstitutionSettingsResponse>;
  discardDraft(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
  ): Promise<InstitutionSettingsResponse>;
  publish(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    comment: string,
    options?: { acceptLowContrast?: boolean },
  ): Promise<{ version: number }>;
  versions(
    institution: AccessibleInstitution,
  ): Promise<{ version: number; publishedAt: string; publishedBy: string; comment: string }[]>;
  version(
    institution: AccessibleInstitution,
    version: number,
  ): Promise<{
    version: number;
    publishedAt: string;
    publishedBy: string;
    comment: string;
    document: ConfigurationDocument;
  }>;
  document(institution: { id: number }, ref: DocumentRef): Promise<ConfigurationDocument>;
  diff(
    institution: AccessibleInstitution,
    from: DocumentRef,
    to: DocumentRef,
  ): Promise<DiffEntry[]>;
  restore(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    version: number,
  ): Promise<InstitutionSettingsResponse>;
  importDocument(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    document: unknown,
    dryRun: boolean,
  ): Promise<{ valid: boolean; problems: ProblemDetail[]; diff: DiffEntry[]; applied: boolean }>;
  /** Every institution's host names: the admin page may frame their portals (the preview). */
  portalHosts(): Promise<string[]>;
}

export interface AdminServiceOptions {
  db: Db;
  clock: Clock;
  institutions: InstitutionsService;
  /** Where every change is recorded (modules/audit). */
  auditLog: AuditLog;
}

export function createAdminService(options: AdminServiceOptions): AdminService {
  const { db, clock, institutions } = options;

  async function audit(
    executor: Db,
    staff: StaffPrincipal,
    institutionId: number,
    action: AuditAction,
    changes: DiffEntry[],
    comment: string | null = null,
  ): Promise<void> {
    await options.auditLog.record(executor, { staff, institutionId, action, changes, comment });
  }

  async function published(executor: Db, institutionId: number) {
    const latest = await findVersion(executor, institutionId, 'latest');
    return (
      latest ?? {
        version: 0,
        document: {},
        comment: '',
        publishedBy: '',
        publishedAt: null,
      }
    );
  }

  async function settings(institution: { id: number }): Promise<InstitutionSettingsResponse> {
    const [current, draft] = await Promise.all([
      published(db, institution.id),
      findDraft(db, institution.id),
    ]);
    return {
      published: {
        version: current.version,
        document: current.document,
        publishedAt: current.publishedAt ? current.publishedAt.toISOString() : null,
        publishedBy: current.publishedBy || null,
        comment: current.version === 0 ? null : current.comment,
      },
      draft: draft
        ? {
            document: draft.document,
            baseVersion: draft.baseVersion,
            updatedAt: draft.updatedAt.toISOString(),
            updatedBy: draft.updatedBy,
            // A draft saved under an older schema may no longer be valid.
            problems: problemsOf(draft.document),
          }
        : null,
    };
  }

  /** The working document: the draft, else the published one. */
  async function working(executor: Db, institutionId: number) {
    const draft = await findDraft(executor, institutionId, true);
    if (draft) return draft.document;
    return (await published(executor, institutionId)).document;
  }

  /** Validates, stores the draft and audits the change, in one transaction. */
  async function storeDraft(
    staff: StaffPrincipal,
    institution: AccessibleInstitution,
    next: (current: InstitutionConfiguration) => InstitutionConfiguration,
    action: AuditAction,
    comment: string | null = null,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockInstitution(trx, institution.id);
      const current = await working(trx, institution.id);
      const document = normaliseDocument(next(cloneDocument(current)));
      const problems = problemsOf(document);
      if (problems.length > 0) throw invalidConfiguration(problems);
      const changes = diffConfigurations(current, document);
      const base = await published(trx, institution.id);
      await upsertDraft(trx, {
        institutionId: institution.id,
        document,
        baseVersion: base.version,
        at: clock.now(),
        by: staff.email,
      });
      // Saving what is already there changes nothing, so it is not logged; a restore or an
      // import is logged even then (someone chose that content).
      if (changes.length > 0 || action !== 'draft.save') {
        await audit(trx, staff, institution.id, action, changes, comment);
      }
    });
  }

  async function document(
    institution: { id: number },
    ref: DocumentRef,
  ): Promise<InstitutionConfiguration> {
    if (ref === 'draft') {
      const draft = await findDraft(db, institution.id);
      if (draft) return draft.document;
      return (await published(db, institution.id)).document;
    }
    if (ref === 'published') return (await published(db, institution.id)).document;
    const found = await findVersion(db, institution.id, ref);
    if (!found) throw notFound(`There is no version ${ref}.`);
    return found.document;
  }

  return {
    async access(staff, slug, need) {
      const institution = await institutionBySlug(db, slug);
      // Staff of other institutions learn nothing, not even that the institution exists.
      const role = institution ? await roleIn(db, staff, institution.id) : undefined;
      if (!institution || !role) throw notFound('There is no such institution among yours.');
      if (RANK[role] < NEEDED_RANK[need]) {
        throw forbidden(
          need === 'publish'
            ? 'Only a publisher can publish.'
            : 'Your role (viewer) can read the configuration but not change it.',
        );
      }
      return {
        id: institution.id,
        slug: institution.slug,
        name: institution.name,
        cdnFolder: institution.cdnFolder,
        role,
      };
    },

    settings,

    async saveDraft(staff, institution, next) {
      await storeDraft(staff, institution, () => next, 'draft.save');
      return settings(institution);
    },

    async patchDraft(staff, institution, changes) {
      await storeDraft(
        staff,
        institution,
        (current) => {
          for (const change of changes) applyChange(current, change);
          return current;
        },
        'draft.save',
      );
      return settings(institution);
    },

    async discardDraft(staff, institution) {
      await db.transaction().execute(async (trx) => {
        await lockInstitution(trx, institution.id);
        const draft = await findDraft(trx, institution.id, true);
        if (!draft) return;
        const base = await published(trx, institution.id);
        await deleteDraft(trx, institution.id);
        await audit(
          trx,
          staff,
          institution.id,
          'draft.discard',
          diffConfigurations(draft.document, base.document),
        );
      });
      return settings(institution);
    },

    async publish(staff, institution, comment, options = {}) {
      const trimmed = comment.trim();
      if (trimmed === '') {
        throw new AdminError(
          422,
          ADMIN_ERROR_CODES.commentRequired,
          'Say what changed and why: a comment is required to publish.',
        );
      }
      const draft = await findDraft(db, institution.id);
      if (!draft) {
        throw new AdminError(409, ADMIN_ERROR_CODES.conflict, 'There is no draft to publish.');
      }
      const problems = problemsOf(draft.document);
      if (problems.length > 0) throw invalidConfiguration(problems);
      const lowContrast = contrastFailures(brandTokensFromSettings(accessorOf(draft.document)));
      if (lowContrast.length > 0 && options.acceptLowContrast !== true) {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.lowContrast,
          'Brand colours fail the WCAG AA contrast check. Confirm to publish them anyway.',
          {
            details: lowContrast.map((check) => ({
              key: `themeOptions.${check.token}`,
              set: 'shared',
              message: describeContrastFailure(check),
            })),
          },
        );
      }
      const version = await institutions.publishSettings({
        institutionId: institution.id,
        document: draft.document,
        comment: trimmed,
        publishedBy: staff.email,
        within: async (trx, next) => {
          await lockInstitution(trx, institution.id);
          const locked = await findDraft(trx, institution.id, true);
          // Someone changed or published the draft since it was read: nothing is published.
          if (
            !locked ||
            JSON.stringify(locked.document) !== JSON.stringify(draft.document) ||
            locked.updatedAt.getTime() !== draft.updatedAt.getTime()
          ) {
            throw new AdminError(
              409,
              ADMIN_ERROR_CODES.conflict,
              'The draft changed while publishing. Review it and publish again.',
            );
          }
          const before = await findVersion(trx, institution.id, next - 1);
          await deleteDraft(trx, institution.id);
          await audit(
            trx,
            staff,
            institution.id,
            'publish',
            diffConfigurations(before?.document ?? {}, draft.document),
            trimmed,
          );
          if (lowContrast.length > 0) {
            await audit(
              trx,
              staff,
              institution.id,
              'publish.lowContrast',
              [],
              `Published version ${next} although: ${lowContrast.map(describeContrastFailure).join(' ')}`,
            );
          }
        },
      });
      return { version };
    },

    async versions(institution) {
      const rows = await listVersions(db, institution.id);
      return rows.map((row) => ({
        version: row.version,
        publishedAt: row.published_at.toISOString(),
        publishedBy: row.published_by,
        comment: row.comment,
      }));
    },

    async version(institution, version) {
      const found = await findVersion(db, institution.id, version);
      if (!found) throw notFound(`There is no version ${version}.`);
      return {
        version: found.version,
        publishedAt: found.publishedAt.toISOString(),
        publishedBy: found.publishedBy,
        comment: found.comment,
        document: found.document,
      };
    },

    document,

    async diff(institution, from, to) {
      const [before, after] = await Promise.all([
        document(institution, from),
        document(institution, to),
      ]);
      return diffConfigurations(before, after);
    },

    async restore(staff, institution, version) {
      const found = await findVersion(db, institution.id, version);
      if (!found) throw notFound(`There is no version ${version}.`);
      // Re-validated against today's schema: a key that no longer exists or a value that is no
      // longer allowed is refused, naming the key.
      await storeDraft(
        staff,
        institution,
        () => found.document,
        'restore',
        `Restored version ${version}`,
      );
      return settings(institution);
    },

    async importDocument(staff, institution, candidate, dryRun) {
      if (!isConfigurationShape(candidate)) {
        const problems = problemsOf(candidate);
        return {
          valid: false,
          problems:
            problems.length > 0
              ? problems
              : [
                  {
                    key: '(document)',
                    message: 'must be an object of sets, sections and text values',
                  },
                ],
          diff: [],
          applied: false,
        };
      }
      const next = normaliseDocument(candidate);
      const problems = problemsOf(next);
      const current = await document(institution, 'draft');
      const diff = diffConfigurations(current, next);
      if (problems.length > 0 || dryRun) {
        return { valid: problems.length === 0, problems, diff, applied: false };
      }
      await storeDraft(staff, institution, () => next, 'import');
      return { valid: true, problems: [], diff, applied: true };
    },

    async portalHosts() {
      return allPortalHosts(db);
    },
  };
}
