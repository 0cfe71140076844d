import type { ConfigurationDocument } from '@portal/domain';
import { SETTING_SETS, type SettingSet } from '@portal/settings-schema';
import { definitionOf } from './definitions';

export { SETTING_SETS };

export function splitKey(key: string): [section: string, name: string] {
  const dot = key.indexOf('.');
  return [key.slice(0, dot), key.slice(dot + 1)];
}

/** The text a document holds for a key in one set, or undefined when it holds none. */
export function valueIn(
  document: ConfigurationDocument,
  set: SettingSet,
  key: string,
): string | undefined {
  const [section, name] = splitKey(key);
  return document[set]?.[section]?.[name];
}

/** A copy of the document with one value set (a string) or removed (null). */
export function withValue(
  document: ConfigurationDocument,
  set: SettingSet,
  key: string,
  value: string | null,
): ConfigurationDocument {
  const [section, name] = splitKey(key);
  const sectionValues = without(document[set]?.[section] ?? {}, name);
  if (value !== null) sectionValues[name] = value;
  const values = without(document[set] ?? {}, section);
  if (Object.keys(sectionValues).length > 0) values[section] = sectionValues;
  const next: ConfigurationDocument = {};
  for (const other of SETTING_SETS) {
    const otherValues = document[other];
    if (other !== set && otherValues) next[other] = otherValues;
  }
  if (Object.keys(values).length > 0) next[set] = values;
  return next;
}

function without<T>(record: Record<string, T>, name: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([candidate]) => candidate !== name));
}

/** Where a key's value comes from and what it is: the shared set wins over the language set. */
export interface EffectiveValue {
  value: string;
  /** The set the value comes from; null when the schema default applies. */
  from: SettingSet | null;
  sharedValue: string | undefined;
  languageValue: string | undefined;
  /** Both sets hold a value: the shared one hides the language one. */
  sharedHidesLanguage: boolean;
}

export function effectiveValue(document: ConfigurationDocument, key: string): EffectiveValue {
  const sharedValue = valueIn(document, 'shared', key);
  const languageValue = valueIn(document, 'english', key);
  const fallback = definitionOf(key)?.default ?? '';
  let value = fallback;
  let from: SettingSet | null = null;
  if (sharedValue !== undefined) {
    value = sharedValue;
    from = 'shared';
  } else if (languageValue !== undefined) {
    value = languageValue;
    from = 'english';
  }
  return {
    value,
    from,
    sharedValue,
    languageValue,
    sharedHidesLanguage: sharedValue !== undefined && languageValue !== undefined,
  };
}

/** Booleans and numbers are compared as what they mean ("TRUE" is "true", "8.0" is "8"). */
export function sameSettingValue(key: string, a: string, b: string): boolean {
  if (a === b) return true;
  const type = definitionOf(key)?.type;
  if (type === 'boolean') return a.trim().toLowerCase() === b.trim().toLowerCase();
  if (type === 'number') {
    const [x, y] = [a.trim(), b.trim()];
    return x !== '' && y !== '' && Number(x) === Number(y);
  }
  return false;
}

/** The key shows something other than its schema default. */
export function differsFromDefault(document: ConfigurationDocument, key: string): boolean {
  const effective = effectiveValue(document, key);
  if (effective.from === null) return false;
  return !sameSettingValue(key, effective.value, definitionOf(key)?.default ?? '');
}

/** The key is set differently in two documents (in either set). */
export function differsBetween(
  a: ConfigurationDocument,
  b: ConfigurationDocument,
  key: string,
): boolean {
  return SETTING_SETS.some((set) => valueIn(a, set, key) !== valueIn(b, set, key));
}

/** Every `section.name` a document sets, in either set. */
export function keysOf(document: ConfigurationDocument): string[] {
  const keys = new Set<string>();
  for (const set of SETTING_SETS) {
    for (const [section, values] of Object.entries(document[set] ?? {})) {
      for (const name of Object.keys(values)) keys.add(`${section}.${name}`);
    }
  }
  return [...keys];
}
