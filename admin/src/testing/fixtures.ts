import type {
  ConfigurationDocument,
  InstitutionSettingsResponse,
  InstitutionSummary,
  StaffMe,
} from '@portal/domain';

export const PUBLISHER: StaffMe = {
  id: 'staff-1',
  email: 'pat.publisher@harbor.example',
  name: 'Pat Publisher',
  isImplementer: false,
  memberships: [
    { institutionSlug: 'harbor', institutionName: 'Harbor Community Bank', role: 'publisher' },
  ],
};

export const IMPLEMENTER: StaffMe = {
  ...PUBLISHER,
  id: 'staff-9',
  email: 'ivy.implementer@portal.example',
  name: 'Ivy Implementer',
  isImplementer: true,
};

export function institutionSummary(
  overrides: Partial<InstitutionSummary> = {},
): InstitutionSummary {
  return {
    slug: 'harbor',
    name: 'Harbor Community Bank',
    hosts: ['localhost'],
    cdnFolder: '/cdn/harbor',
    role: 'publisher',
    publishedVersion: 3,
    hasDraft: true,
    timeZone: 'America/New_York',
    ...overrides,
  };
}

export function settingsResponse(
  published: ConfigurationDocument,
  draft: ConfigurationDocument | null = null,
): InstitutionSettingsResponse {
  return {
    published: {
      version: 3,
      document: published,
      publishedAt: '2025-01-02T10:00:00.000Z',
      publishedBy: 'Pat Publisher',
      comment: 'Spring wording',
    },
    draft: draft
      ? {
          document: draft,
          baseVersion: 3,
          updatedAt: '2025-01-03T10:00:00.000Z',
          updatedBy: 'Pat Publisher',
          problems: [],
        }
      : null,
  };
}
