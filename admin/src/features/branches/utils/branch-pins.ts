import { branchHasMapPosition, type StaffBranch } from '@portal/domain';

/** Whether a saved branch has a pin (domain `branchHasMapPosition`: latitude 0 has none). */
export function isPinned(branch: StaffBranch): boolean {
  return branchHasMapPosition({ Latitude: branch.latitude, Longitude: branch.longitude });
}
