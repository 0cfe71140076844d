import type { ErrorObject } from 'ajv';
import { readSettingValue } from './accessor';
import { validateConfiguration, validateJsonValues } from './config-validator.generated.js';
import { findSettingDefinition } from './definitions';
import { SettingsError } from './errors';
import { SETTING_SETS, type InstitutionConfiguration, type SettingSet } from './types';

export interface ConfigurationError {
  /** `section.name`, or the section or set when the problem is above a key. */
  key: string;
  set?: SettingSet;
  message: string;
}

export interface ConfigurationValidation {
  valid: boolean;
  errors: ConfigurationError[];
}

const TYPE_MESSAGES: Record<string, string> = {
  boolean: 'must be "true" or "false"',
  number: 'must be a number',
  color: 'must be a colour like #1a2b3c',
  url: 'must be empty, an http(s) address, a path starting with /, mailto: or tel:',
};

function locate(instancePath: string): { key: string; set?: SettingSet } {
  const [setPart, section, name] = instancePath.split('/').slice(1);
  const set = SETTING_SETS.find((candidate) => candidate === setPart);
  const key = [section, name].filter((part) => part !== undefined).join('.');
  return set ? { key: key || set, set } : { key: key || '(document)' };
}

function describe(error: ErrorObject): ConfigurationError {
  const where = locate(error.instancePath);
  if (error.keyword === 'additionalProperties') {
    const extra = String(error.params.additionalProperty);
    const key =
      where.key === where.set || where.key === '(document)' ? extra : `${where.key}.${extra}`;
    const what = key.includes('.') ? 'setting' : where.set ? 'section' : 'set';
    return { ...where, key, message: `unknown ${what} "${key}"` };
  }
  if (error.keyword === 'pattern') {
    const type = findSettingDefinition(where.key)?.type ?? '';
    return {
      ...where,
      message: TYPE_MESSAGES[type] ?? `must match ${String(error.params.pattern)}`,
    };
  }
  if (error.keyword === 'enum') {
    const allowed = (findSettingDefinition(where.key)?.enum ?? []).join(', ');
    return { ...where, message: `must be one of ${allowed}` };
  }
  if (error.keyword === 'type') {
    return { ...where, message: `must be ${String(error.params.type)}` };
  }
  return { ...where, message: error.message ?? error.keyword };
}

/**
 * Validates an institution configuration document against the settings schema: unknown sets,
 * sections and keys, values of the wrong type, malformed JSON, agreement setup strings and numbers
 * out of range. Every error names its key.
 */
export function validateInstitutionConfig(config: unknown): ConfigurationValidation {
  if (!validateConfiguration(config)) {
    return { valid: false, errors: (validateConfiguration.errors ?? []).map(describe) };
  }
  const document = config as InstitutionConfiguration;
  const errors: ConfigurationError[] = [];
  const jsonValues: Record<string, unknown> = {};
  const jsonSets: Record<string, SettingSet> = {};
  for (const set of SETTING_SETS) {
    for (const [section, values] of Object.entries(document[set] ?? {})) {
      for (const [name, text] of Object.entries(values)) {
        const key = `${section}.${name}`;
        const definition = findSettingDefinition(key);
        if (!definition) continue;
        try {
          const value = readSettingValue(key, definition.type, text);
          if (definition.type === 'json') {
            jsonValues[key] = value;
            jsonSets[key] = set;
          }
          if (typeof value === 'number') {
            const { minimum, maximum } = definition;
            if (minimum !== undefined && value < minimum) {
              errors.push({ key, set, message: `must be at least ${minimum}` });
            }
            if (maximum !== undefined && value > maximum) {
              errors.push({ key, set, message: `must be at most ${maximum}` });
            }
          }
        } catch (error) {
          if (!(error instanceof SettingsError)) throw error;
          errors.push({ key, set, message: error.message.replace(`Setting "${key}": `, '') });
        }
      }
    }
  }
  if (!validateJsonValues(jsonValues)) {
    for (const error of validateJsonValues.errors ?? []) {
      const [, encodedKey = '', ...rest] = error.instancePath.split('/');
      const key = encodedKey.replace(/~1/g, '/').replace(/~0/g, '~');
      const set = jsonSets[key];
      const inner = rest.length > 0 ? ` at /${rest.join('/')}` : '';
      errors.push({
        key,
        ...(set ? { set } : {}),
        message: `JSON value${inner} ${error.message ?? 'is invalid'}`,
      });
    }
  }
  return { valid: errors.length === 0, errors };
}
