const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/)/i;

/** Resolves a settings image path against the institution's cdn folder; absolute paths stay. */
export function resolveCdnPath(cdnFolder: string, path: string): string {
  if (ABSOLUTE.test(path)) return path;
  const base = cdnFolder.replace(/\/+$/, '');
  const relative = path.replace(/^(?:\.\/)+/, '');
  return base ? `${base}/${relative}` : relative;
}
