import {
  ADMIN_ERROR_CODES,
  diffConfigurations,
  type InstitutionSummary,
  isHostName,
  type StaffRole,
  institutionNameKey,
  NOT_COPIED_KEYS,
} from '@portal/domain';
import { SETTING_SETS, type InstitutionConfiguration } from '@portal/settings-schema';
import { brandTokensToSettings, type BrandTokens } from '@portal/themes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  AdminError,
  forbidden,
  invalidConfiguration,
  notFound,
  type ProblemDetail,
} from '../admin/admin-errors';
import { normaliseDocument, problemsOf } from '../admin/configuration-document';
import type { AuditLog } from '../audit/audit.service';
import type { BrandingService } from '../branding/branding.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { membershipRoles, roleIn } from '../staff/staff-roles';
import {
  findInstitutionBySlug,
  findTakenHosts,
  InstitutionConflictError,
  listHosts,
  listInstitutionRows,
} from './institutions.repository';
import type { InstitutionsService } from './institutions.service';

export interface NewInstitutionInput {
  name: string;
  slug: string;
  hosts: string[];
  theme: BrandTokens;
  copyFrom?: string;
}

/** The institutions as the admin API shows them to staff, and the creation of one. */
export interface InstitutionsAdminService {
  /** The institutions the staff member belongs to, with their role in each (all for implementers). */
  listInstitutions(staff: StaffPrincipal): Promise<InstitutionSummary[]>;
  /**
   * Implementers only: an institution with its host names, its theme (over a copy of another's
   * published settings, or the defaults) as version 1, and placeholder logos; audited.
   */
  createInstitution(staff: StaffPrincipal, input: NewInstitutionInput): Promise<InstitutionSummary>;
}

export interface InstitutionsAdminServiceOptions {
  db: Kysely<Database>;
  institutions: InstitutionsService;
  /** Where every change is recorded (modules/audit). */
  auditLog: AuditLog;
  /** A new institution's placeholder logos (modules/branding). */
  branding: Pick<BrandingService, 'writePlaceholderLogos'>;
}

export function createInstitutionsAdminService(
  options: InstitutionsAdminServiceOptions,
): InstitutionsAdminService {
  const { db, institutions } = options;

  type Row = Awaited<ReturnType<typeof listInstitutionRows>>[number];
  /** What the staff's list shows of an institution they have this role at. */
  const summaryFrom = async (
    row: Row,
    hosts: Map<number, string[]>,
    role: StaffRole,
  ): Promise<InstitutionSummary> => ({
    slug: row.slug,
    name: row.name,
    hosts: hosts.get(row.id) ?? [],
    cdnFolder: row.cdnFolder,
    role,
    publishedVersion: row.publishedVersion,
    hasDraft: row.hasDraft,
    timeZone: (await institutions.settings(row.id)).get('localeOptions.institutionTimeZone'),
  });

  async function summaryOf(staff: StaffPrincipal, slug: string): Promise<InstitutionSummary> {
    const [rows, hosts] = await Promise.all([listInstitutionRows(db), listHosts(db)]);
    const row = rows.find((candidate) => candidate.slug === slug);
    if (!row) throw notFound();
    const role = await roleIn(db, staff, row.id);
    if (!role) throw notFound();
    return await summaryFrom(row, hosts, role);
  }

  return {
    async listInstitutions(staff) {
      const [rows, hosts] = await Promise.all([listInstitutionRows(db), listHosts(db)]);
      const roles = staff.isImplementer
        ? new Map<number, StaffRole>()
        : await membershipRoles(db, staff.staffId);
      const summaries = rows.flatMap((row) => {
        const role = staff.isImplementer ? 'publisher' : roles.get(row.id);
        return role ? [summaryFrom(row, hosts, role)] : [];
      });
      return await Promise.all(summaries);
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
      // Names are unique too (domain's institutionNameKey says why and how they are compared).
      const nameKey = institutionNameKey(input.name);
      const sameName = (await listInstitutionRows(db)).find(
        (row) => institutionNameKey(row.name) === nameKey,
      );
      if (sameName) {
        problems.push({
          key: 'name',
          message: `"${sameName.name}" is the name of another institution (${sameName.slug})`,
        });
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
        base = withoutInstitutionFiles(await institutions.publishedSettings(source.id));
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
            await options.auditLog.record(trx, {
              staff,
              institutionId,
              action: 'institution.create',
              changes: diffConfigurations({}, document),
              comment: `Hosts: ${hosts.join(', ')}`,
            });
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
  };
}

/**
 * A copied document without the settings that name the source's own files (its logos, in its
 * cdn folder): the new institution gets placeholder logos of its own instead of broken images.
 */
export function withoutInstitutionFiles(
  document: InstitutionConfiguration,
): InstitutionConfiguration {
  const copy = structuredClone(document);
  for (const key of NOT_COPIED_KEYS) {
    const [section = '', name = ''] = key.split('.');
    for (const set of SETTING_SETS) {
      const values = copy[set]?.[section];
      if (values) Reflect.deleteProperty(values, name);
    }
  }
  return copy;
}
