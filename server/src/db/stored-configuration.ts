import type { InstitutionConfiguration } from '@portal/settings-schema';

// The settings documents are JSON columns (settings_versions, settings_drafts) that more than one
// module's repository reads: each reads a stored document back through this, so all treat a
// hand-edited row alike.

/**
 * A stored document as the settings code expects it: set → section → name → text. Anything else
 * (a hand-edited row) is dropped rather than trusted.
 */
export function asConfiguration(value: unknown): InstitutionConfiguration {
  const configuration: InstitutionConfiguration = {};
  if (typeof value !== 'object' || value === null) return configuration;
  for (const [set, sections] of Object.entries(value)) {
    if ((set !== 'shared' && set !== 'english') || typeof sections !== 'object' || !sections) {
      continue;
    }
    const sectionValues: Record<string, Record<string, string>> = {};
    for (const [section, names] of Object.entries(sections)) {
      if (typeof names !== 'object' || names === null) continue;
      const texts: Record<string, string> = {};
      for (const [name, text] of Object.entries(names)) {
        if (typeof text === 'string') texts[name] = text;
      }
      sectionValues[section] = texts;
    }
    configuration[set] = sectionValues;
  }
  return configuration;
}
