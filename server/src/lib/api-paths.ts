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
