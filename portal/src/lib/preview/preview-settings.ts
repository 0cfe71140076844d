import {
  InstitutionOptions,
  type ApplicationOptionsResponse,
  type ConfigurationDocument,
} from '@portal/domain';
import {
  createSettingsAccessor,
  SETTING_DEFINITIONS,
  SETTING_SETS,
  type GassySettings,
  type SettingKey,
  type SettingsSetValues,
} from '@portal/settings-schema';

/** The runtime table only: the full schema document (with titles and descriptions) is ~0.5 MB. */
const DEFINITIONS = Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => ({
  ...definition,
  key: key as SettingKey,
  name: key.slice(key.indexOf('.') + 1),
}));

/**
 * What the server would answer to ApplicationOptions for this document (setup.service does the
 * same on the server): public gassySettings keys only, institutionOptions read as numbers, the
 * branding folder and name kept from the real answer. Admin-only keys are dropped.
 */
export function previewApplicationOptions(
  document: ConfigurationDocument,
  base: ApplicationOptionsResponse,
  colorScheme?: 'light' | 'dark',
): ApplicationOptionsResponse {
  const sendable = new Set<string>(
    DEFINITIONS.filter(
      (definition) => definition.visibility === 'public' && definition.wire === 'gassySettings',
    ).map((definition) => definition.key),
  );
  const gassySettings: GassySettings = { shared: {}, english: {} };
  for (const set of SETTING_SETS) {
    const filtered: SettingsSetValues = {};
    for (const [section, values] of Object.entries(document[set] ?? {})) {
      for (const [name, text] of Object.entries(values)) {
        if (!sendable.has(`${section}.${name}`)) continue;
        filtered[section] ??= {};
        filtered[section][name] = text;
      }
    }
    gassySettings[set] = filtered;
  }
  if (colorScheme) {
    gassySettings.shared.themeOptions = { ...gassySettings.shared.themeOptions, colorScheme };
  }
  const settings = createSettingsAccessor({
    shared: document.shared ?? {},
    english: document.english ?? {},
  });
  const numbers: Record<string, number> = {};
  for (const definition of DEFINITIONS) {
    if (definition.wire !== 'institutionOptions' || definition.visibility !== 'public') continue;
    try {
      const value = settings.get(definition.key);
      if (typeof value === 'number') numbers[definition.name] = value;
    } catch {
      // A value the admin is still typing: the real answer's number stays.
    }
  }
  const institutionOptions = InstitutionOptions.parse({
    ...base.institutionOptions,
    ...numbers,
    cdnFolder: base.institutionOptions.cdnFolder,
    institutionName: base.institutionOptions.institutionName,
  });
  return { ...base, gassySettings, institutionOptions };
}
