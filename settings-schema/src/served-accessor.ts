import { parseSettingKey, readSettingValue, type SettingsAccessor } from './setting-values';
import { SettingsError } from './errors';
import { SERVED_SETTING_TYPES } from './served-types.generated';
import type { SettingKey, SettingTypes } from './settings.generated';
import type { GassySettings, LanguageSet, SettingType } from './types';

/** By section and name: a key's type when it is not text, or an enum key's values. */
export type ServedSettingTypes = Readonly<
  Record<string, Readonly<Record<string, SettingType | readonly string[]>>>
>;

/**
 * The portal's accessor (issue 23) over settings as the server sends them: every public
 * gassySettings key with its value, the schema's default filled in, a blank flag or count read
 * as its default and a json value of the wrong shape replaced by its default
 * (domain/rules/application-options.ts `publicGassySettings`). So it needs only each key's type,
 * not the ~1,300 default texts (about 300 KB of code the sign-in page would download and run).
 * A key the server did not send is a SettingsError naming it, as an undeclared key is in the
 * full accessor (the server and admin app use that one, `createSettingsAccessor`).
 */
export function createServedSettingsAccessor(
  settings: GassySettings,
  options: { language?: LanguageSet; types?: ServedSettingTypes } = {},
): SettingsAccessor {
  const language = options.language ?? 'english';
  const types = options.types ?? SERVED_SETTING_TYPES;
  const cache = new Map<string, unknown>();

  function raw(key: string): string | undefined {
    const { section, name } = parseSettingKey(key);
    const value = settings.shared[section]?.[name] ?? settings[language][section]?.[name];
    return value === undefined || value === null ? undefined : String(value);
  }

  function get<K extends SettingKey>(key: K): SettingTypes[K] {
    if (cache.has(key)) return cache.get(key) as SettingTypes[K];
    const text = raw(key);
    if (text === undefined) throw new SettingsError(key, 'the server did not send this setting');
    const { section, name } = parseSettingKey(key);
    const type = types[section]?.[name] ?? 'text';
    if (typeof type !== 'string' && !type.includes(text)) {
      throw new SettingsError(key, `"${text}" is not one of ${type.join(', ')}`);
    }
    const value = readSettingValue(key, typeof type === 'string' ? type : 'enum', text);
    cache.set(key, value);
    return value as SettingTypes[K];
  }

  return { get, raw };
}
