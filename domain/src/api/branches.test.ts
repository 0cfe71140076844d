import { describe, expect, it } from 'vitest';
import {
  branchesNearestFirst,
  branchHasMapPosition,
  BranchInput,
  isZipSearch,
  milesBetween,
  type BranchInfo,
} from './branches';

function branch(name: string, latitude: number, longitude: number): BranchInfo {
  return {
    BranchId: name,
    BranchName: name,
    StreetAddress: '1 Main Street',
    City: 'Portland',
    State: 'ME',
    Zip: '04101',
    PhoneNumber: '',
    Hours: [],
    Latitude: latitude,
    Longitude: longitude,
  };
}

const PORTLAND = { latitude: 43.6606, longitude: -70.2589 };

describe('the branch locator rules', () => {
  it('searches only for five digits', () => {
    expect(isZipSearch('04101')).toBe(true);
    for (const text of ['0410', '041011', '04 01', 'abcde', ''])
      expect(isZipSearch(text)).toBe(false);
  });

  it('measures miles along the earth’s surface', () => {
    // Los Angeles (LAX) to New York (JFK): about 2,470 statute miles on a great circle.
    const miles = milesBetween(
      { latitude: 33.9425, longitude: -118.4081 },
      { latitude: 40.6398, longitude: -73.7789 },
    );
    expect(miles).toBeGreaterThan(2460);
    expect(miles).toBeLessThan(2480);
    expect(milesBetween(PORTLAND, PORTLAND)).toBe(0);
  });

  it('puts the nearest first with distances to one decimal, ties in the list’s order', () => {
    const bangor = branch('Bangor', 44.8005, -68.7731);
    const westbrook = branch('Westbrook', 43.677, -70.3712);
    const twin = branch('Westbrook twin', 43.677, -70.3712);
    const sorted = branchesNearestFirst(PORTLAND, [bangor, westbrook, twin]);
    expect(sorted.map((found) => found.BranchName)).toEqual([
      'Westbrook',
      'Westbrook twin',
      'Bangor',
    ]);
    expect(sorted[0]?.DistanceMiles).toBe(5.7);
    // Portland to Bangor, straight: about 108 miles.
    expect(sorted[2]?.DistanceMiles).toBe(107.8);
    for (const found of sorted) {
      expect(Number.isInteger((found.DistanceMiles ?? 0) * 10)).toBe(true);
    }
  });

  it('lists a branch without a place on the map last, without a distance', () => {
    const unplaced = branch('No place yet', 0, 0);
    const east = branch('Eastern hemisphere', 43.6, 70.2);
    const westbrook = branch('Westbrook', 43.677, -70.3712);
    expect(branchHasMapPosition(unplaced)).toBe(false);
    expect(branchHasMapPosition(east)).toBe(false);
    const sorted = branchesNearestFirst(PORTLAND, [unplaced, east, westbrook]);
    expect(sorted.map((found) => [found.BranchName, found.DistanceMiles])).toEqual([
      ['Westbrook', 5.7],
      ['No place yet', undefined],
      ['Eastern hemisphere', undefined],
    ]);
  });

  it('names each mistake of a branch staff save', () => {
    const result = BranchInput.safeParse({
      name: ' ',
      streetAddress: '1 Main Street',
      city: 'Portland',
      state: 'XX',
      zip: '4101',
      phoneNumber: '',
      hours: ['Mon–Fri 9–5', ''],
      latitude: 91,
      longitude: -70.2,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Enter the branch name.'],
      ['state', 'Choose a state.'],
      ['zip', 'Zip code must be 5 digits'],
      ['hours.1', 'Leave no line of the hours empty.'],
      ['latitude', 'The latitude is between -90 and 90.'],
    ]);
  });
});
