import { describe, expect, it } from 'vitest';
import { mapViewFor, pinnedBranches, type BranchPin } from './map-view';

function pin(branchId: string, latitude: number, longitude: number): BranchPin {
  return { branchId, name: branchId, latitude, longitude };
}

const SETTINGS = { zoom: 10, defaultCentre: [39.8283, -98.5795] as const };

describe('where the branch map looks', () => {
  it('pins only branches with a latitude and a western longitude', () => {
    const pinned = pinnedBranches([
      pin('portland', 43.66, -70.26),
      pin('unplaced', 0, -70),
      pin('east', 43.66, 10),
    ]);
    expect(pinned.map((b) => b.branchId)).toEqual(['portland']);
  });

  it('centres on the searched zip code at the zoom of the settings', () => {
    const view = mapViewFor(
      [pin('portland', 43.66, -70.26), pin('bangor', 44.8, -68.77)],
      [44.83, -68.79],
      SETTINGS,
    );
    expect(view).toEqual({ kind: 'centre', centre: [44.83, -68.79], zoom: 10 });
  });

  it('frames the branches on the map, zoomed in no closer than the settings say', () => {
    const view = mapViewFor(
      [pin('portland', 43.66, -70.26), pin('unplaced', 0, 0), pin('bangor', 44.8, -68.77)],
      null,
      { ...SETTINGS, zoom: 12 },
    );
    expect(view).toEqual({
      kind: 'bounds',
      corners: [
        [43.66, -70.26],
        [44.8, -68.77],
      ],
      maxZoom: 12,
    });
  });

  it('centres on the one branch on the map', () => {
    expect(mapViewFor([pin('portland', 43.66, -70.26)], null, SETTINGS)).toEqual({
      kind: 'centre',
      centre: [43.66, -70.26],
      zoom: 10,
    });
  });

  it('falls back to the institution’s default centre when no branch is on the map', () => {
    expect(
      mapViewFor([pin('unplaced', 0, 0)], null, { zoom: 6, defaultCentre: [44.5, -69.2] }),
    ).toEqual({ kind: 'centre', centre: [44.5, -69.2], zoom: 6 });
  });
});
