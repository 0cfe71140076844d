import type { Agreement } from './agreements';
import { SettingsError } from './errors';
import { validateJsonValues } from './json-values-validator.generated.js';
import { SETTING_DEFINITIONS, type SettingKey, type SettingTypes } from './settings.generated';
import {
  parseSettingKey,
  readSettingValue,
  type ParsedKey,
  type SettingsAccessor,
} from './setting-values';
import type { GassySettings, LanguageSet, SettingRuntimeDefinition } from './types';

export { parseSettingKey, readSettingValue };
export type { ParsedKey, SettingsAccessor };

export interface AccessorOptions {
  language?: LanguageSet;
  /** The key table; the generated one unless a test or the admin preview passes its own. */
  definitions?: Readonly<Record<string, SettingRuntimeDefinition>>;
  /**
   * Told of a json value that does not have its declared shape (the schema's x-jsonSchema); the
   * accessor then answers the key's default.
   */
  onInvalidValue?: (error: SettingsError) => void;
}

/** Whether a parsed json setting has the shape its schema entry declares. */
export function hasDeclaredShape(key: string, value: unknown): boolean {
  return validateJsonValues({ [key]: value });
}

function lookup(
  settings: GassySettings,
  language: LanguageSet,
  section: string,
  name: string,
): string | undefined {
  const shared = settings.shared[section]?.[name];
  if (shared !== undefined && shared !== null) return String(shared);
  const localised = settings[language][section]?.[name];
  if (localised !== undefined && localised !== null) return String(localised);
  return undefined;
}

/** Builds the accessor over the settings of one institution (spec 000 section 3). */
export function createSettingsAccessor(
  settings: GassySettings,
  options: AccessorOptions = {},
): SettingsAccessor {
  const language = options.language ?? 'english';
  const definitions: Readonly<Record<string, SettingRuntimeDefinition>> =
    options.definitions ?? SETTING_DEFINITIONS;
  const cache = new Map<string, unknown>();

  function definitionOf(key: string): SettingRuntimeDefinition & ParsedKey {
    const parsed = parseSettingKey(key);
    const definition = definitions[key];
    if (!definition) throw new SettingsError(key, 'the key is not declared in the settings schema');
    return { ...definition, ...parsed };
  }

  function raw(key: string): string | undefined {
    const definition = definitionOf(key);
    return lookup(settings, language, definition.section, definition.name);
  }

  function get<K extends SettingKey>(key: K): SettingTypes[K] {
    if (cache.has(key)) return cache.get(key) as SettingTypes[K];
    const definition = definitionOf(key);
    let text = lookup(settings, language, definition.section, definition.name);
    // An empty boolean or number means "not set": there is no empty flag or empty count.
    const blankMeansDefault = definition.type === 'boolean' || definition.type === 'number';
    if (text === undefined || (blankMeansDefault && text.trim() === '')) text = definition.default;
    let value = readSettingValue(key, definition.type, text);
    // A json value of the wrong shape (a hand-edited configuration: the validator refuses one
    // at publish) reads as the default, so every reader gets the declared type.
    if (definition.type === 'json' && !hasDeclaredShape(key, value)) {
      options.onInvalidValue?.(
        new SettingsError(key, 'the value does not have the shape the schema declares'),
      );
      value = readSettingValue(key, definition.type, definition.default);
    }
    if (definition.enum && !definition.enum.includes(text)) {
      throw new SettingsError(key, `"${text}" is not one of ${definition.enum.join(', ')}`);
    }
    cache.set(key, value);
    return value as SettingTypes[K];
  }

  return { get, raw };
}

export type { Agreement };
