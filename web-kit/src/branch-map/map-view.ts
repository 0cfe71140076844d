import { branchHasMapPosition } from '@portal/domain';

/** A point on the map, as Leaflet takes it: [latitude, longitude]. */
export type MapPoint = readonly [number, number];

/** A branch as the map draws it: its pin's place, and its name (shown on hovering the pin). */
export interface BranchPin {
  branchId: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** Which branch is chosen, and where: a choice in the list moves the map, a pin's does not. */
export interface BranchSelection {
  branchId: string;
  from: 'list' | 'map';
}

/** Where the map looks: a centre at a zoom, or the bounds of the pins (zoomed in no closer). */
export type MapView =
  | { kind: 'centre'; centre: MapPoint; zoom: number }
  | { kind: 'bounds'; corners: readonly [MapPoint, MapPoint]; maxZoom: number };

/** The institution's `branchLocatorOptions`: `mapZoom`, and `defaultLatitude`, `defaultLongitude`. */
export interface MapViewSettings {
  zoom: number;
  defaultCentre: MapPoint;
}

/** The branches that get a pin (spec 002, domain `branchHasMapPosition`: latitude nonzero, longitude negative). */
export function pinnedBranches<T extends BranchPin>(pins: readonly T[]): T[] {
  return pins.filter((pin) =>
    branchHasMapPosition({ Latitude: pin.latitude, Longitude: pin.longitude }),
  );
}

/**
 * Where the branch map looks (spec 002: zoom 10, the institution's setting): at the searched ZIP's
 * centre after a search; else around the pinned branches (one branch: at it, at the zoom); else at
 * the institution's default centre. The borrowers' map and the staff's preview look alike.
 */
export function mapViewFor(
  pins: readonly BranchPin[],
  origin: MapPoint | null,
  settings: MapViewSettings,
): MapView {
  if (origin) return { kind: 'centre', centre: origin, zoom: settings.zoom };
  const pinned = pinnedBranches(pins);
  const [first] = pinned;
  if (!first) return { kind: 'centre', centre: settings.defaultCentre, zoom: settings.zoom };
  if (pinned.length === 1) {
    return { kind: 'centre', centre: [first.latitude, first.longitude], zoom: settings.zoom };
  }
  const latitudes = pinned.map((pin) => pin.latitude);
  const longitudes = pinned.map((pin) => pin.longitude);
  return {
    kind: 'bounds',
    corners: [
      [Math.min(...latitudes), Math.min(...longitudes)],
      [Math.max(...latitudes), Math.max(...longitudes)],
    ],
    maxZoom: settings.zoom,
  };
}
