import { InstitutionSettingsResponse } from '@portal/domain';
import { adminPath, api } from '../api-client';
import type { DraftChange } from './draft-session';

/**
 * `PATCH /admin-api/institutions/:slug/draft` with `{ changes }` (`value: null` resets a key):
 * the server validates, saves and answers the settings after the change. A refused value is a
 * 422 whose details name the key. The draft session calls this, debounced per key.
 */
export function patchDraft(slug: string, changes: DraftChange[]) {
  return api.patch(
    adminPath('institutions', slug, 'draft'),
    { changes },
    InstitutionSettingsResponse,
  );
}
