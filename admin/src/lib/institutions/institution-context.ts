import type { InstitutionSummary, StaffRole } from '@portal/domain';
import { createContext, use } from 'react';

export const InstitutionContext = createContext<InstitutionSummary | null>(null);

/** The institution on screen, with the caller's role there (provided by the institution layout). */
export function useInstitution(): InstitutionSummary {
  const institution = use(InstitutionContext);
  if (!institution) throw new Error('useInstitution needs the institution layout around it');
  return institution;
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  publisher: 'Publisher',
};

/** Editors and publishers change the draft; viewers only look. */
export function canEdit(role: StaffRole): boolean {
  return role === 'editor' || role === 'publisher';
}

/** Only publishers (and implementers, who act as publishers) publish. */
export function canPublish(role: StaffRole): boolean {
  return role === 'publisher';
}
