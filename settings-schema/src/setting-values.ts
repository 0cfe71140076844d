import { parseAgreementSetup } from './agreements';
import { AgreementSetupError, SettingsError } from './errors';
import type { SettingKey, SettingTypes } from './settings.generated';
import type { SettingType } from './types';

/*
 * Reading a setting's text as its type, apart from the accessor: the portal's accessor
 * (served-accessor.ts) shares these without the schema's table of every key and default, which
 * the portal's first download must not carry (issue 23).
 */

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
