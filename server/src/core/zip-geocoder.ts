/** A place on the map, in degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * The maps service's ZIP geocoding (spec 002 "Maps service: Zip geocoding and user geolocation
 * for the branch map"), which the branch locator asks where a searched ZIP code is. The built-in
 * one (core/builtin/builtin-zip-geocoder.ts) reads bundled ZIP centroids; a bank may plug in its
 * own maps service through `BuildAppOptions.zipGeocoder`.
 */
export interface ZipGeocoder {
  /** The centre of a five-digit US ZIP code; undefined for a ZIP code it does not know. */
  locate(zip: string): Promise<GeoPoint | undefined>;
}
