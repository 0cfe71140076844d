import type { StaffMe } from '@portal/domain';
import { createContext, use } from 'react';

export const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff member (provided by the staff layout). */
export function useStaff(): StaffMe {
  const staff = use(StaffContext);
  if (!staff) throw new Error('useStaff needs the staff layout around it');
  return staff;
}
