import {
  branchesNearestFirst,
  isZipSearch,
  type BranchInfo,
  type BranchInfoResponse,
  type StaffBranch,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { ZipGeocoder } from '../../core/zip-geocoder';
import type { BranchesService } from './branches.service';

/** What `GET /api/branchInfo` answers: the branches, or why not. */
export type BranchSearchOutcome =
  | { ok: true; answer: Pick<BranchInfoResponse, 'Branches' | 'Origin'> }
  | { ok: false; reason: 'locatorOff' | 'invalidZip' };

export interface BranchLocator {
  /** The institution's branches; with a ZIP code, nearest its centre first. */
  search(institutionId: number, zip: string | undefined): Promise<BranchSearchOutcome>;
}

/** A branch as the portal reads it (spec 002 "Branch", with its hours). */
function branchInfoOf(branch: StaffBranch): BranchInfo {
  return {
    BranchId: branch.id,
    BranchName: branch.name,
    StreetAddress: branch.streetAddress,
    City: branch.city,
    State: branch.state,
    Zip: branch.zip,
    PhoneNumber: branch.phoneNumber,
    Hours: branch.hours,
    Latitude: branch.latitude,
    Longitude: branch.longitude,
  };
}

/**
 * The branch locator of spec 002 for borrowers and visitors alike: offered only while the
 * institution has it on (`globalOptions.useBranchLocatorOption`). The spec's maps service
 * geocodes the searched ZIP code (`ZipGeocoder`); a ZIP that is not five digits, or one it does
 * not know, is the spec's "Invalid Zip Code". Distances are along the earth's surface from the
 * ZIP's centre (domain `branchesNearestFirst`).
 */
export function createBranchLocator(deps: {
  branches: Pick<BranchesService, 'list'>;
  geocoder: ZipGeocoder;
  settings(institutionId: number): Promise<SettingsAccessor>;
}): BranchLocator {
  return {
    async search(institutionId, zip) {
      const settings = await deps.settings(institutionId);
      if (!settings.get('globalOptions.useBranchLocatorOption')) {
        return { ok: false, reason: 'locatorOff' };
      }
      // A cleared search box (`?zip=`) lists them all, as no search does.
      if (zip === undefined || zip === '') {
        const branches = await deps.branches.list(institutionId);
        return { ok: true, answer: { Branches: branches.map(branchInfoOf), Origin: null } };
      }
      const origin = isZipSearch(zip) ? await deps.geocoder.locate(zip) : undefined;
      if (!origin) return { ok: false, reason: 'invalidZip' };
      const branches = await deps.branches.list(institutionId);
      return {
        ok: true,
        answer: {
          Branches: branchesNearestFirst(origin, branches.map(branchInfoOf)),
          Origin: { Zip: zip, Latitude: origin.latitude, Longitude: origin.longitude },
        },
      };
    },
  };
}
