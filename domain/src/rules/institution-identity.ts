/**
 * How a new institution is named and reached: its slug (addresses, cdn folder) and the host names
 * its portal answers on. The admin form guides with these; the server decides with the same ones.
 */

/** 2 to 40 lower-case letters, digits and hyphens, starting with a letter. */
export const INSTITUTION_SLUG = /^[a-z][a-z0-9-]{1,39}$/;

/** At most this many host names per institution. */
export const MAX_INSTITUTION_HOSTS = 10;

const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A lower-case DNS host name: labels of 1 to 63 letters, digits and inner hyphens; no scheme, port or path. */
export function isHostName(host: string): boolean {
  return HOST_NAME.test(host);
}

/** Host names as typed ("cedar.localhost, Cedar.Example.com"): trimmed, lower-cased, each once. */
export function hostList(text: string): string[] {
  const hosts = text
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  return [...new Set(hosts)];
}

/** The slug a name suggests: "Cedar Credit Union" → "cedar-credit-union". */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * Two institutions never share a name (decision, issue 20 item 24): staff pick an institution by
 * its name in the admin app and read it in the audit log, and borrowers read it in every e-mail and
 * footer, so a second "Harbor Community Bank" would be mistaken for the first. Names are compared
 * trimmed, with runs of spaces as one, ignoring case.
 */
export function institutionNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
