import type { ConfigurationDocument } from '@portal/domain';
import {
  findSettingDefinition,
  SETTING_SETS,
  validateInstitutionConfig,
  type InstitutionConfiguration,
} from '@portal/settings-schema';
import { sanitizeRichText } from '../../lib/sanitize-html';
import { invalidConfiguration, type ProblemDetail } from './admin-errors';

/*
 * An institution's configuration document as the admin API stores it: normalised, checked by the
 * one settings validator, changed key by key. The drafts (admin.service) and a new institution's
 * first version (modules/institutions) are made through these.
 */

/** Drops empty sections and sets, and sanitises every rich-text value. */
export function normaliseDocument(document: ConfigurationDocument): InstitutionConfiguration {
  const result: InstitutionConfiguration = {};
  for (const set of SETTING_SETS) {
    const sections = document[set];
    if (!sections) continue;
    const cleaned: Record<string, Record<string, string>> = {};
    for (const [section, names] of Object.entries(sections)) {
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(names)) {
        const type = findSettingDefinition(`${section}.${name}`)?.type;
        values[name] = type === 'richText' ? sanitizeRichText(value) : value;
      }
      if (Object.keys(values).length > 0) cleaned[section] = values;
    }
    if (Object.keys(cleaned).length > 0) result[set] = cleaned;
  }
  return result;
}

export function problemsOf(document: unknown): ProblemDetail[] {
  return validateInstitutionConfig(document).errors.map((error) => ({
    key: error.key,
    ...(error.set ? { set: error.set } : {}),
    message: error.message,
  }));
}

export function isConfigurationShape(value: unknown): value is ConfigurationDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([set, sections]) =>
      (set === 'shared' || set === 'english') &&
      typeof sections === 'object' &&
      sections !== null &&
      Object.values(sections).every(
        (names) =>
          typeof names === 'object' &&
          names !== null &&
          Object.values(names).every((text) => typeof text === 'string'),
      ),
  );
}

export function cloneDocument(document: InstitutionConfiguration): InstitutionConfiguration {
  return structuredClone(document);
}

export function applyChange(
  document: InstitutionConfiguration,
  change: { set: 'shared' | 'english'; key: string; value: string | null },
): void {
  const dot = change.key.indexOf('.');
  const section = dot > 0 ? change.key.slice(0, dot) : '';
  const name = dot > 0 ? change.key.slice(dot + 1) : '';
  if (!section || !name || name.includes('.')) {
    throw invalidConfiguration([
      { key: change.key, set: change.set, message: 'a key must be of the form section.name' },
    ]);
  }
  const sections = (document[change.set] ??= {});
  if (change.value === null) {
    const names = sections[section];
    // Emptied sections and sets are dropped when the document is normalised.
    if (names)
      sections[section] = Object.fromEntries(Object.entries(names).filter(([n]) => n !== name));
    return;
  }
  (sections[section] ??= {})[name] = change.value;
}
