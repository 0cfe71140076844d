import { BranchInput, milesBetween } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_BRANCHES } from '../../demo/demo-branches';
import { createBuiltinZipGeocoder } from './builtin-zip-geocoder';

describe('the built-in ZIP geocoder', () => {
  const geocoder = createBuiltinZipGeocoder();

  it('places a US ZIP code at its centre', async () => {
    expect(await geocoder.locate('04101')).toEqual({ latitude: 43.6606, longitude: -70.2589 });
    expect(await geocoder.locate('80202')).toEqual({ latitude: 39.7491, longitude: -104.9946 });
  });

  it('knows no ZIP code that is not five digits, not issued, or without a place', async () => {
    for (const zip of ['0410', '041011', 'abcde', '', '00000', '99999']) {
      expect(await geocoder.locate(zip), zip).toBeUndefined();
    }
    // A military APO code is listed at 0, 0: it has no place on the map.
    expect(await geocoder.locate('34001')).toBeUndefined();
  });

  it('agrees with the demo branches: each within a few miles of its ZIP code’s centre', async () => {
    for (const [slug, branches] of Object.entries(DEMO_BRANCHES)) {
      for (const branch of branches) {
        expect(BranchInput.parse(branch), `${slug} ${branch.name}`).toEqual(branch);
        const centre = await geocoder.locate(branch.zip);
        expect(centre, branch.zip).toBeDefined();
        if (!centre) continue;
        expect(milesBetween(centre, branch), `${slug} ${branch.name}`).toBeLessThan(3);
      }
    }
  });
});
