import zipcodes from 'zipcodes';

/**
 * US ZIP codes and their cities, from the `zipcodes` package (BSD licence; the census ZIP code
 * tabulation areas with their preferred city names). Used for the specs' ZipCityNoMatch check.
 */
export interface ZipDirectory {
  /** Whether the city (any case, extra spaces ignored) and state are the ZIP code's own. */
  cityMatches(zip: string, city: string, state: string): boolean;
}

function normalise(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^saint\b/i, 'st')
    .replace(/\./g, '')
    .toLowerCase();
}

export const zipDirectory: ZipDirectory = {
  cityMatches(zip, city, state) {
    if (!/^\d{5}$/.test(zip)) return false;
    const entry = zipcodes.lookup(zip);
    if (!entry) return false;
    return (
      normalise(entry.city) === normalise(city) &&
      entry.state.toUpperCase() === state.trim().toUpperCase()
    );
  },
};
