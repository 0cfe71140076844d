import { z } from 'zod';
import { withEnvelope } from '../envelope';
import { isUsState } from '../rules/postal-address';

/*
 * The branch locator (spec 002 "Branch locator page", "Branch" entity, `GET /api/branchInfo`,
 * issue 22). The branches are the institution's own list, kept by its staff in the admin app
 * (`/admin-api/institutions/:slug/branches`). The spec's client geocodes a ZIP code through a
 * maps service; ours asks the server, which looks the ZIP up in bundled ZIP centroids (no
 * outside service) and answers the branches nearest first with their distances.
 */

/** A US ZIP code as the search takes it: exactly five digits (spec 002 "Branch zip search"). */
export const ZIP_SEARCH_PATTERN = /^\d{5}$/;

/** Whether the search box's text is a ZIP the locator searches for (it acts only on 5 digits). */
export function isZipSearch(text: string): boolean {
  return ZIP_SEARCH_PATTERN.test(text);
}

/**
 * Whether a branch has a place on the map: spec 002 "Branch markers are drawn only when latitude
 * is nonzero and longitude is negative" (the western hemisphere; a branch saved without its
 * position stays in the list).
 */
export function branchHasMapPosition(branch: { Latitude: number; Longitude: number }): boolean {
  return branch.Latitude !== 0 && branch.Longitude < 0;
}

/** The earth's mean radius in statute miles (IUGG). */
const EARTH_RADIUS_MILES = 3958.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Miles between two places along the earth's surface (the haversine formula). */
export function milesBetween(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const dLatitude = radians(to.latitude - from.latitude);
  const dLongitude = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(from.latitude)) *
      Math.cos(radians(to.latitude)) *
      Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One branch as the portal reads it (spec 002 "Branch", with its opening hours). */
export const BranchInfo = z.object({
  BranchId: z.string(),
  BranchName: z.string(),
  StreetAddress: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  PhoneNumber: z.string(),
  /** Opening hours as staff wrote them, one line per entry ("Mon-Fri 9:00-5:00"). */
  Hours: z.array(z.string()),
  Latitude: z.number(),
  Longitude: z.number(),
  /** Miles from the searched ZIP's centre, one decimal; only in a ZIP search's answer. */
  DistanceMiles: z.number().optional(),
});
export type BranchInfo = z.infer<typeof BranchInfo>;

/** `GET /api/branchInfo` (public and signed in) and `GET /api/branchInfo?zip=NNNNN`. */
export const BranchInfoQuery = z.object({ zip: z.string().max(10).optional() });
export type BranchInfoQuery = z.infer<typeof BranchInfoQuery>;

/**
 * The branches: without a ZIP in the institution's order; with one, nearest first, each with its
 * distance, and `Origin` the ZIP's centre (for the map to centre on). A ZIP that is not five
 * digits or not a known ZIP is answered 404 with HasNoErrors false and the error code
 * `InvalidZipCode` (the portal shows `branchLocatorTexts.invalidZipText`, 'Invalid Zip Code').
 */
export const BranchInfoResponse = withEnvelope({
  Branches: z.array(BranchInfo),
  Origin: z.object({ Zip: z.string(), Latitude: z.number(), Longitude: z.number() }).nullable(),
});
export type BranchInfoResponse = z.infer<typeof BranchInfoResponse>;

/**
 * The branches nearest `origin` first, each with its distance in miles to one decimal
 * (`DistanceMiles`); a tie keeps the list's order. A branch without a place on the map
 * (`branchHasMapPosition`) has no distance: it comes after the others, in the list's order.
 */
export function branchesNearestFirst(
  origin: { latitude: number; longitude: number },
  branches: readonly BranchInfo[],
): BranchInfo[] {
  const placed = branches
    .filter(branchHasMapPosition)
    .map((branch) => ({
      branch,
      miles: milesBetween(origin, { latitude: branch.Latitude, longitude: branch.Longitude }),
    }))
    .sort((a, b) => a.miles - b.miles)
    .map(({ branch, miles }) => ({ ...branch, DistanceMiles: Math.round(miles * 10) / 10 }));
  return [...placed, ...branches.filter((branch) => !branchHasMapPosition(branch))];
}

export const BRANCH_ERROR_CODES = { invalidZip: 'InvalidZipCode' } as const;

/** The longest value of each branch field staff may save. */
export const BRANCH_LIMITS = {
  name: 100,
  streetAddress: 100,
  city: 50,
  phone: 20,
  hoursLine: 60,
  hoursLines: 7,
} as const;

const tooLong = (what: string, limit: number) => `${what} can be at most ${limit} characters.`;

/**
 * A branch as staff save it (`POST /admin-api/institutions/:slug/branches`, `PUT .../:id`):
 * the state one of `US_STATES` (rules/postal-address.ts), the ZIP five digits, latitude and
 * longitude in degrees (a branch saved at 0, 0 stays in the list without a pin,
 * `branchHasMapPosition`). The messages name the mistake; the admin API answers them as
 * `details` keyed by the field's name, for the form to show next to the field.
 */
export const BranchInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the branch name.')
    .max(BRANCH_LIMITS.name, tooLong('The name', BRANCH_LIMITS.name)),
  streetAddress: z
    .string()
    .trim()
    .min(1, 'Enter the street address.')
    .max(BRANCH_LIMITS.streetAddress, tooLong('The street address', BRANCH_LIMITS.streetAddress)),
  city: z
    .string()
    .trim()
    .min(1, 'Enter the city.')
    .max(BRANCH_LIMITS.city, tooLong('The city', BRANCH_LIMITS.city)),
  state: z.string().refine(isUsState, 'Choose a state.'),
  zip: z.string().regex(ZIP_SEARCH_PATTERN, 'Zip code must be 5 digits'),
  phoneNumber: z
    .string()
    .trim()
    .max(BRANCH_LIMITS.phone, tooLong('The phone number', BRANCH_LIMITS.phone)),
  hours: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Leave no line of the hours empty.')
        .max(BRANCH_LIMITS.hoursLine, tooLong('Each line of the hours', BRANCH_LIMITS.hoursLine)),
    )
    .max(BRANCH_LIMITS.hoursLines, `Give the hours in at most ${BRANCH_LIMITS.hoursLines} lines.`),
  latitude: z
    .number('Enter the latitude in degrees, e.g. 43.6591.')
    .min(-90, 'The latitude is between -90 and 90.')
    .max(90, 'The latitude is between -90 and 90.'),
  longitude: z
    .number('Enter the longitude in degrees, e.g. -70.2568.')
    .min(-180, 'The longitude is between -180 and 180.')
    .max(180, 'The longitude is between -180 and 180.'),
});
export type BranchInput = z.infer<typeof BranchInput>;

/** A branch's id in the admin API's paths. */
export const BranchId = z.uuid();

/** A saved branch in the admin API: its id, its fields and its place in the list (0 first). */
export const StaffBranch = BranchInput.extend({ id: z.string(), position: z.number().int() });
export type StaffBranch = z.infer<typeof StaffBranch>;

/**
 * `GET /admin-api/institutions/:slug/branches`, in the order borrowers see them; also the answer
 * of a removal and of a move (the list as it is after them).
 */
export const StaffBranchListResponse = z.object({ branches: z.array(StaffBranch) });
export type StaffBranchListResponse = z.infer<typeof StaffBranchListResponse>;

/**
 * `POST /admin-api/institutions/:slug/branches/:id/move`: one place up (towards the top of the
 * list) or down. The first branch moved up, or the last down, stays where it is.
 */
export const MoveBranchRequest = z.object({ direction: z.enum(['up', 'down']) });
export type MoveBranchRequest = z.infer<typeof MoveBranchRequest>;
