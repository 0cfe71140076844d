import type { GeoPoint, ZipGeocoder } from '../zip-geocoder';

type ZipLookup = (
  zip: string,
) => { latitude: number; longitude: number; country: string } | undefined;

/**
 * ZIP centroids from the `zipcodes` package (BSD licence; the census ZIP code tabulation areas,
 * the same data the profile's ZipCityNoMatch check reads, lib/zip-directory.ts), with no outside
 * service. It is imported on the first search, so the geocoder adds nothing to start-up (the
 * profile's zip directory loads the same table when the server starts). ZIP codes it lists without
 * a place (military APO and FPO codes, at 0, 0) are unknown, as are Canadian postal codes.
 */
export function createBuiltinZipGeocoder(): ZipGeocoder {
  let lookup: Promise<ZipLookup> | undefined;
  return {
    async locate(zip: string): Promise<GeoPoint | undefined> {
      if (!/^\d{5}$/.test(zip)) return undefined;
      lookup ??= import('zipcodes').then(
        (zipcodes) => (code: string) => zipcodes.default.lookup(code),
      );
      const entry = (await lookup)(zip);
      if (!entry || entry.country !== 'US') return undefined;
      if (entry.latitude === 0 && entry.longitude === 0) return undefined;
      return { latitude: entry.latitude, longitude: entry.longitude };
    },
  };
}
