import { parseAgreementSetup, type Agreement } from './agreements';
import { AgreementSetupError, SettingsError } from './errors';
import { validateJsonValues } from './json-values-validator.generated.js';
import { SETTING_DEFINITIONS, type SettingKey, type SettingTypes } from './settings.generated';
import type { GassySettings, LanguageSet, SettingRuntimeDefinition, SettingType } from './types';

const KEY_FORMAT = /^([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z][A-Za-z0-9_]*)$/;
const NUMERIC = /^\s*-?(?:\d+(?:\.\d+)?|\.\d+)\s*$/;

export interface ParsedKey {
  section: string;
  name: string;
}

/** Splits `section.name`; anything else is an error naming the key. */
export function parseSettingKey(key: string): ParsedKey {
  const match = KEY_FORMAT.exec(key);
  if (!match?.[1] || !match[2]) {
    throw new SettingsError(key, 'a setting key must be of the form section.name');
  }
  return { section: match[1], name: match[2] };
}

/** Reads a text value as its type. `true` (any case) is the only true boolean. */
export function readSettingValue(key: string, type: SettingType, text: string): unknown {
  switch (type) {
    case 'boolean':
      return text.toLowerCase() === 'true';
    case 'number':
      if (!NUMERIC.test(text)) {
        throw new SettingsError(key, `"${text}" is not a number`);
      }
      return Number(text);
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SettingsError(key, 'the value is not valid JSON');
      }
    case 'agreementSetup':
      try {
        return parseAgreementSetup(text);
      } catch (error) {
        if (error instanceof AgreementSetupError) throw new SettingsError(key, error.message);
        throw error;
      }
    default:
      return text;
  }
}

export interface SettingsAccessor {
  /** The typed value of a key: the shared set wins, then the language set, then the schema default. */
  get<K extends SettingKey>(key: K): SettingTypes[K];
  /** The raw text the institution set for a key, or undefined when the default applies. */
  raw(key: SettingKey): string | undefined;
}

export interface AccessorOptions {
  language?: LanguageSet;
  /** The key table; the generated one unless a test or the admin preview passes its own. */
  definitions?: Readonly<Record<string, SettingRuntimeDefinition>>;
  /**
   * Told of a json value that does not have its declared shape (the schema's x-jsonSchema); the
   * accessor then answers the key's default. The portal reports it as a client error.
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
