import {
  createSettingsAccessor,
  SETTING_DEFINITIONS,
  SETTING_SETS,
  type GassySettings,
  type InstitutionConfiguration,
  type SettingKey,
  type SettingsSetValues,
} from '@portal/settings-schema';

/**
 * The ApplicationOptions projection of an institution's settings (spec 000 section 3), written
 * once: the server answers `GET /api/setup/ApplicationOptions` with it, and the admin's live
 * preview feeds the portal the same projection of a draft.
 */

/** What the projection needs of a setting's definition. */
export interface ProjectedDefinition {
  key: string;
  visibility: 'public' | 'admin';
  wire: 'gassySettings' | 'institutionOptions';
}

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/** The runtime table only: the full schema document (titles, descriptions) is ~0.5 MB. */
const RUNTIME_DEFINITIONS: readonly ProjectedDefinition[] = Object.entries(SETTING_DEFINITIONS).map(
  ([key, definition]) => ({ key, visibility: definition.visibility, wire: definition.wire }),
);

/**
 * The document in the wire shape, reduced to what the portal may see: keys the schema declares
 * public and sends in gassySettings. Only the institution's own values travel; the portal's
 * accessor falls back to the schema defaults for the rest. Admin-only keys (policies, provider
 * references, recipient addresses) never leave the server.
 */
export function publicGassySettings(
  document: InstitutionConfiguration,
  definitions: readonly ProjectedDefinition[] = RUNTIME_DEFINITIONS,
): GassySettings {
  const sendable = new Set(
    definitions
      .filter(
        (definition) => definition.visibility === 'public' && definition.wire === 'gassySettings',
      )
      .map((definition) => definition.key),
  );
  const result: GassySettings = { shared: {}, english: {} };
  for (const set of SETTING_SETS) {
    const filtered: SettingsSetValues = {};
    for (const [section, values] of Object.entries(document[set] ?? {})) {
      for (const [name, text] of Object.entries(values)) {
        if (!sendable.has(`${section}.${name}`)) continue;
        filtered[section] ??= {};
        filtered[section][name] = text;
      }
    }
    result[set] = filtered;
  }
  return result;
}

/**
 * Every public institutionOptions.* setting read as a number, by name (PasswordMinimumLength:
 * 12). A value that does not read as a number throws, unless `lenient` (the preview of a draft
 * the admin is still typing), which leaves it out.
 */
export function institutionOptionNumbers(
  document: InstitutionConfiguration,
  options: { lenient?: boolean; definitions?: readonly ProjectedDefinition[] } = {},
): Record<string, number> {
  const settings = createSettingsAccessor({
    shared: document.shared ?? {},
    english: document.english ?? {},
  });
  const numbers: Record<string, number> = {};
  for (const definition of options.definitions ?? RUNTIME_DEFINITIONS) {
    if (definition.wire !== 'institutionOptions' || definition.visibility !== 'public') continue;
    if (!isSettingKey(definition.key)) continue;
    const name = definition.key.slice(definition.key.indexOf('.') + 1);
    let value: unknown;
    try {
      value = settings.get(definition.key);
    } catch (error) {
      if (options.lenient) continue;
      throw error;
    }
    if (typeof value === 'number') numbers[name] = value;
    else if (!options.lenient) {
      throw new Error(
        `Setting "${definition.key}" is sent in institutionOptions but is not a number`,
      );
    }
  }
  return numbers;
}
