import { findSettingDefinition, parseAgreementSetup, SETTING_SETS } from '@portal/settings-schema';
import type { ConfigurationDocument } from '../api/admin';

/*
 * What a new institution copied from another carries that belongs to the other one (issue 20
 * item 24): its addresses (agreements, links, images), its phone number, its name in texts. The
 * admin form lists each before the copy is made, so the implementer replaces them; nothing is
 * changed silently. The logo files are not copied at all (the server drops them: they are in the
 * source's own cdn folder, and the new institution gets placeholder logos of its own).
 */

export interface CopiedValueWarning {
  set: 'shared' | 'english';
  key: string;
  /** What was copied (an agreement's address, a phone number, the value). */
  value: string;
  /** Why it needs a look, in words. */
  reason: string;
}

export interface CopySource {
  name: string;
  slug: string;
  hosts: readonly string[];
}

/** Settings that hold the institution's own files: never copied, the copy gets its own. */
export const NOT_COPIED_KEYS: readonly string[] = [
  'themeOptions.logoFullPath',
  'themeOptions.logoIconPath',
];

const PHONE_NUMBER = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/;

function addressReason(value: string, source: CopySource): string {
  return value.startsWith('/')
    ? `a path on ${source.name}’s site: it is not found on the new institution’s host unless the same page is there`
    : `an address ${source.name} set up: check it belongs to the new institution`;
}

function mentionOf(value: string, source: CopySource): string | undefined {
  const text = value.toLowerCase();
  if (source.name.trim() !== '' && text.includes(source.name.trim().toLowerCase())) {
    return `names ${source.name}`;
  }
  if (text.includes(`/cdn/${source.slug}/`)) return `points into ${source.name}’s files`;
  const host = source.hosts.find((candidate) => text.includes(candidate.toLowerCase()));
  if (host) return `points at ${source.name}’s host ${host}`;
  return undefined;
}

/**
 * Every value of a copied document that is specific to the source institution, each on its own:
 * a link or image address, each agreement's address, the customer service phone number, any other
 * text that holds a phone number, and any value that names the source or points at its hosts or
 * files. Values left at the schema default are the product's, not the source's, and pass.
 */
export function hostSpecificValues(
  document: ConfigurationDocument,
  source: CopySource,
): CopiedValueWarning[] {
  const warnings: CopiedValueWarning[] = [];
  for (const set of SETTING_SETS) {
    for (const [section, values] of Object.entries(document[set] ?? {})) {
      for (const [name, value] of Object.entries(values)) {
        const key = `${section}.${name}`;
        const definition = findSettingDefinition(key);
        if (!definition || NOT_COPIED_KEYS.includes(key)) continue;
        if (value.trim() === '' || value === definition.default) continue;
        const warn = (copied: string, reason: string) =>
          warnings.push({ set, key, value: copied, reason });
        if (definition.type === 'agreementSetup') {
          let agreements: ReturnType<typeof parseAgreementSetup> = [];
          try {
            agreements = parseAgreementSetup(value);
          } catch {
            // An invalid setup is refused by validation with its own errors.
          }
          for (const agreement of agreements) {
            warn(
              agreement.url,
              `the address of the agreement “${agreement.name}”: ${addressReason(agreement.url, source)}`,
            );
          }
          continue;
        }
        if (definition.type === 'url') {
          warn(value, addressReason(value, source));
          continue;
        }
        if (/phonenumber$/i.test(name)) {
          warn(value, `${source.name}’s phone number`);
          continue;
        }
        const mention = mentionOf(value, source);
        if (mention) {
          warn(value, mention);
          continue;
        }
        const phone = PHONE_NUMBER.exec(value);
        if (phone) warn(phone[0], `a phone number in the text, probably ${source.name}’s`);
      }
    }
  }
  return warnings;
}
