import {
  ADMIN_ERROR_CODES,
  type DiffEntry,
  diffConfigurations,
  type ConfigurationDocument,
  type InstitutionSettingsResponse,
  type InstitutionSummary,
  isHostName,
  type StaffRole,
} from '@portal/domain';
import {
  findSettingDefinition,
  SETTING_SETS,
  validateInstitutionConfig,
  type InstitutionConfiguration,
} from '@portal/settings-schema';
import {
  brandTokensFromSettings,
  brandTokensToSettings,
  contrastFailures,
  describeContrastFailure,
  type BrandTokens,
} from '@portal/themes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { InstitutionConflictError } from '../institutions/institutions.repository';
import { accessorOf, type InstitutionsService } from '../institutions/institutions.service';
import {
  AdminError,
  forbidden,
  invalidConfiguration,
  notFound,
  type ProblemDetail,
} from './admin-errors';
import type { StaffPrincipal } from '../staff/staff-auth.service';
import { isStaffRole } from '../staff/staff-auth.service';
import {
  deleteDraft,
  findDraft,
  findInstitutionBySlug,
  findTakenHosts,
  findVersion,
  listHosts,
  listInstitutionRows,
  listVersions,
  lockInstitution,
  upsertDraft,
} from './admin.repository';
import { findMembershipRole, listMemberships } from '../staff/staff.repository';
import type { AuditAction, AuditLog } from '../audit/audit.service';
import type { BrandingService } from '../branding/branding.service';
import { sanitizeRichText } from '../../lib/sanitize-html';

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
 * Who the operators' commands on the server's machine act as (server/src/cli): an implementer
 * without a staff account, so the audit log names it by this label and no staff id.
 */
export const OPERATOR: StaffPrincipal = {
  staffId: '',
  email: 'operator (command line)',
  name: 'Operator',
  isImplementer: true,
};

export interface CreateInstitutionInput {
  name: string;
  slug: string;
  hosts: string[];
  theme: BrandTokens;
  copyFrom?: string;
}

export interface AdminService {
  listInstitutions(staff: StaffPrincipal): Promise<InstitutionSummary[]>;
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
  createInstitution(
    staff: StaffPrincipal,
    input: CreateInstitutionInput,
  ): Promise<InstitutionSummary>;
  /** Every institution's host names: the admin page may frame their portals (the preview). */
  portalHosts(): Promise<string[]>;
}

export interface AdminServiceOptions {
  db: Db;
  clock: Clock;
  institutions: InstitutionsService;
  /** Where every change is recorded (modules/audit). */
  auditLog: AuditLog;
  /** A new institution's placeholder logos (modules/branding). */
  branding: Pick<BrandingService, 'writePlaceholderLogos'>;
}

/** Drops empty sections and sets, and sanitises every rich-text value. */
export function normaliseDocument(document: ConfigurationDocument): InstitutionConfiguration {
  const result: InstitutionConfiguration = {};
  for (const set of SETTING_SETS) {
    const sections = document[set];
    if (!sections) continue;
    const cleaned: Record<string, Record<string, string>> = {};
    for (const [section, names] of Object.entries(sections)) {
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(names)) {
        const type = findSettingDefinition(`${section}.${name}`)?.type;
        values[name] = type === 'richText' ? sanitizeRichText(value) : value;
      }
      if (Object.keys(values).length > 0) cleaned[section] = values;
    }
    if (Object.keys(cleaned).length > 0) result[set] = cleaned;
  }
  return result;
}

function problemsOf(document: unknown): ProblemDetail[] {
  return validateInstitutionConfig(document).errors.map((error) => ({
    key: error.key,
    ...(error.set ? { set: error.set } : {}),
    message: error.message,
  }));
}

function isConfigurationShape(value: unknown): value is ConfigurationDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([set, sections]) =>
      (set === 'shared' || set === 'english') &&
      typeof sections === 'object' &&
      sections !== null &&
      Object.values(sections).every(
        (names) =>
          typeof names === 'object' &&
          names !== null &&
          Object.values(names).every((text) => typeof text === 'string'),
      ),
  );
}

function cloneDocument(document: InstitutionConfiguration): InstitutionConfiguration {
  return structuredClone(document);
}

function applyChange(
  document: InstitutionConfiguration,
  change: { set: 'shared' | 'english'; key: string; value: string | null },
): void {
  const dot = change.key.indexOf('.');
  const section = dot > 0 ? change.key.slice(0, dot) : '';
  const name = dot > 0 ? change.key.slice(dot + 1) : '';
  if (!section || !name || name.includes('.')) {
    throw invalidConfiguration([
      { key: change.key, set: change.set, message: 'a key must be of the form section.name' },
    ]);
  }
  const sections = (document[change.set] ??= {});
  if (change.value === null) {
    const names = sections[section];
    // Emptied sections and sets are dropped when the document is normalised.
    if (names)
      sections[section] = Object.fromEntries(Object.entries(names).filter(([n]) => n !== name));
    return;
  }
  (sections[section] ??= {})[name] = change.value;
}

export function createAdminService(options: AdminServiceOptions): AdminService {
  const { db, clock, institutions } = options;

  async function roleIn(
    staff: StaffPrincipal,
    institutionId: number,
  ): Promise<StaffRole | undefined> {
    if (staff.isImplementer) return 'publisher';
    const role = await findMembershipRole(db, staff.staffId, institutionId);
    return role !== undefined && isStaffRole(role) ? role : undefined;
  }

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

  async function summaryOf(staff: StaffPrincipal, slug: string): Promise<InstitutionSummary> {
    const [rows, hosts] = await Promise.all([listInstitutionRows(db), listHosts(db)]);
    const row = rows.find((candidate) => candidate.slug === slug);
    if (!row) throw notFound();
    const role = await roleIn(staff, row.id);
    if (!role) throw notFound();
    return {
      slug: row.slug,
      name: row.name,
      hosts: hosts.get(row.id) ?? [],
      cdnFolder: row.cdnFolder,
      role,
      publishedVersion: row.publishedVersion,
      hasDraft: row.hasDraft,
    };
  }

  return {
    async listInstitutions(staff) {
      const [rows, hosts] = await Promise.all([listInstitutionRows(db), listHosts(db)]);
      const roles = new Map<number, StaffRole>();
      if (!staff.isImplementer) {
        for (const membership of await listMemberships(db, staff.staffId)) {
          if (isStaffRole(membership.role)) roles.set(membership.institutionId, membership.role);
        }
      }
      return rows.flatMap((row) => {
        const role = staff.isImplementer ? 'publisher' : roles.get(row.id);
        return role
          ? [
              {
                slug: row.slug,
                name: row.name,
                hosts: hosts.get(row.id) ?? [],
                cdnFolder: row.cdnFolder,
                role,
                publishedVersion: row.publishedVersion,
                hasDraft: row.hasDraft,
              },
            ]
          : [];
      });
    },

    async access(staff, slug, need) {
      const row = await findInstitutionBySlug(db, slug);
      // Staff of other institutions learn nothing, not even that the institution exists.
      const role = row ? await roleIn(staff, row.id) : undefined;
      if (!row || !role) throw notFound('There is no such institution among yours.');
      if (RANK[role] < NEEDED_RANK[need]) {
        throw forbidden(
          need === 'publish'
            ? 'Only a publisher can publish.'
            : 'Your role (viewer) can read the configuration but not change it.',
        );
      }
      return { id: row.id, slug: row.slug, name: row.name, cdnFolder: row.cdn_folder, role };
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

    async createInstitution(staff, input) {
      if (!staff.isImplementer) throw forbidden('Only implementers can create institutions.');
      const hosts = [...new Set(input.hosts.map((host) => host.trim().toLowerCase()))];
      const problems: ProblemDetail[] = [];
      for (const host of hosts) {
        if (!isHostName(host))
          problems.push({ key: 'hosts', message: `"${host}" is not a host name` });
      }
      if (await findInstitutionBySlug(db, input.slug)) {
        problems.push({ key: 'slug', message: `"${input.slug}" is taken` });
      }
      for (const host of await findTakenHosts(db, hosts)) {
        problems.push({
          key: 'hosts',
          message: `"${host}" already answers for another institution`,
        });
      }
      if (problems.length > 0) {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          problems.map((p) => p.message).join('; '),
          {
            details: problems,
          },
        );
      }
      let base: InstitutionConfiguration = {};
      if (input.copyFrom) {
        const source = await findInstitutionBySlug(db, input.copyFrom);
        if (!source) throw notFound(`There is no institution "${input.copyFrom}" to copy.`);
        base = (await published(db, source.id)).document;
      }
      const document = normaliseDocument({
        ...base,
        shared: { ...base.shared, ...brandTokensToSettings(input.theme) },
      });
      const settingsProblems = problemsOf(document);
      if (settingsProblems.length > 0) throw invalidConfiguration(settingsProblems);
      const cdnFolder = `/cdn/${input.slug}`;
      let timeZone = 'America/New_York';
      if (input.copyFrom) {
        const source = await findInstitutionBySlug(db, input.copyFrom);
        if (source) timeZone = source.time_zone;
      }
      // A plain logo with the name, so the new portal shows something until one is uploaded.
      await options.branding.writePlaceholderLogos(cdnFolder, input.name);
      try {
        await institutions.createInstitution({
          slug: input.slug,
          name: input.name,
          cdnFolder,
          timeZone,
          hosts,
          document,
          comment: input.copyFrom
            ? `Created from a copy of ${input.copyFrom}`
            : 'Created from the defaults',
          createdBy: staff.email,
          within: async (trx, institutionId) => {
            await audit(
              trx,
              staff,
              institutionId,
              'institution.create',
              diffConfigurations({}, document),
              `Hosts: ${hosts.join(', ')}`,
            );
          },
        });
      } catch (error) {
        // A concurrent creation won the slug, a host name or the default role: nothing was written.
        if (error instanceof InstitutionConflictError) {
          throw new AdminError(409, ADMIN_ERROR_CODES.conflict, error.message);
        }
        throw error;
      }
      return summaryOf(staff, input.slug);
    },

    async portalHosts() {
      return [...(await listHosts(db)).values()].flat();
    },
  };
}
