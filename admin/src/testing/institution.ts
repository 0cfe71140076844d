import type { ConfigurationDocument, StaffRole } from '@portal/domain';
import type { StubRoutes } from '@portal/web-kit/testing';
import { institutionSummary, settingsResponse } from './fixtures';

export const PUBLISHED_DOCUMENT: ConfigurationDocument = {
  english: { loginTexts: { topHeadingText: 'Hello borrowers' } },
  shared: { globalOptions: { useFAQOption: 'true' } },
};

export const DRAFT_DOCUMENT: ConfigurationDocument = {
  english: { loginTexts: { topHeadingText: 'Welcome back' } },
  shared: { globalOptions: { useFAQOption: 'true' } },
};

/** The answers every institution page needs: the list (with the caller's role) and settings. */
export function institutionRoutes(
  options: { role?: StaffRole; draft?: ConfigurationDocument | null } = {},
): StubRoutes {
  return {
    'GET /admin-api/institutions': {
      body: { institutions: [institutionSummary({ role: options.role ?? 'publisher' })] },
    },
    'GET /admin-api/institutions/harbor/settings': {
      body: settingsResponse(
        PUBLISHED_DOCUMENT,
        options.draft === undefined ? DRAFT_DOCUMENT : options.draft,
      ),
    },
  };
}

/** A refusal as the admin API sends it. */
export function refusal(
  status: number,
  code: string,
  message: string,
  details?: { key: string; set?: string; message: string }[],
) {
  return { status, body: { error: { code, message, ...(details ? { details } : {}) } } };
}
