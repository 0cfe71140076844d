/** The JSON APIs: their answers are envelopes, never cached, and their writes need the CSRF header. */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/admin-api' ||
    path.startsWith('/admin-api/')
  );
}

/**
 * The path the router matched (its pattern, such as `/api/login/userlogin`), else the decoded
 * path. Checks must not read the raw URL: the router decodes `%61pi` to `api`, so a check on the
 * raw text would let `/%61pi/login/userlogin` through as "not an API call".
 */
export function routedPath(request: {
  url: string;
  routeOptions: { url?: string | undefined };
}): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const raw = request.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** isApiPath of what the router sees (see routedPath). */
export function isApiRequest(request: {
  url: string;
  routeOptions: { url?: string | undefined };
}): boolean {
  return isApiPath(routedPath(request));
}
