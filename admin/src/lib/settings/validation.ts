import type { ConfigurationDocument } from '@portal/domain';
import {
  validateInstitutionConfig,
  type ConfigurationError,
  type SettingSet,
} from '@portal/settings-schema';
import { definitionOf } from './definitions';
import { splitKey } from './document';

/** Validation problems of a document: by key, and those above any known key. */
export interface DocumentProblems {
  byKey: ReadonlyMap<string, readonly string[]>;
  /** Unknown sets, sections or keys, as sentences naming them. */
  other: readonly string[];
  count: number;
}

function sentence(error: ConfigurationError): string {
  return error.set
    ? `${error.key} (${error.set} set): ${error.message}`
    : `${error.key}: ${error.message}`;
}

/**
 * Checks one value the way the whole document is checked (type, bounds, enum, JSON schema,
 * agreement setup) by validating a document that holds only it: the precompiled validator makes
 * that a few microseconds, so it runs on every keystroke.
 */
export function validateSettingValue(key: string, set: SettingSet, value: string): string[] {
  const [section, name] = splitKey(key);
  const result = validateInstitutionConfig({ [set]: { [section]: { [name]: value } } });
  return result.errors.map((error) => error.message);
}

/** Validates a whole document (about 2 ms for every key set); runs debounced while editing. */
export function validateDocument(document: ConfigurationDocument): DocumentProblems {
  const { errors } = validateInstitutionConfig(document);
  const byKey = new Map<string, string[]>();
  const other: string[] = [];
  for (const error of errors) {
    if (definitionOf(error.key)) {
      const list = byKey.get(error.key);
      if (list) list.push(error.message);
      else byKey.set(error.key, [error.message]);
    } else {
      other.push(sentence(error));
    }
  }
  return { byKey, other, count: errors.length };
}
