import type { ErrorObject } from 'ajv';
import { readSettingValue } from './accessor';
import { parseAgreementSetup } from './agreements';
import { validateConfiguration, validateJsonValues } from './config-validator.generated.js';
import { findSettingDefinition, settingsSchema } from './definitions';
import { AgreementSetupError, SettingsError } from './errors';
import { walkSettingsSchema, type SchemaNode } from './schema-walk';
import { SETTING_SETS, type SettingSet } from './types';

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
    const definition = findSettingDefinition(where.key);
    return {
      ...where,
      message:
        TYPE_MESSAGES[definition?.type ?? ''] ??
        definition?.patternMessage ??
        `must match ${String(error.params.pattern)}`,
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
 * Why `source` does not compile as a regular expression, or undefined when it does. It compiles
 * with no flags, as the portal and the server compile these settings (`allowedCharactersPattern`
 * and the password rules' `ValidationRegex` in domain): a value they would have to fall back from
 * is refused here, in the editor, the import and the CLI alike.
 */
function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // V8: "Invalid regular expression: /[a/: Unterminated character class"; keep the reason.
    const prefix = 'Invalid regular expression: ';
    const reason = text.startsWith(prefix) ? text.slice(text.lastIndexOf(': ') + 2) : text;
    return `must be a valid regular expression (${reason})`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function containsRegex(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  return (
    node.format === 'regex' ||
    containsRegex(node.items) ||
    (node.anyOf ?? []).some(containsRegex) ||
    Object.values(node.properties ?? {}).some(containsRegex)
  );
}

let regexJsonSchemas: Map<string, SchemaNode> | undefined;

/** The JSON schemas (by key) of the json settings that hold a regular expression somewhere. */
function regexJsonSchemaOf(key: string): SchemaNode | undefined {
  regexJsonSchemas ??= new Map(
    walkSettingsSchema(settingsSchema).flatMap(({ definition, node }) => {
      const jsonSchema = node['x-jsonSchema'];
      return containsRegex(jsonSchema) && jsonSchema ? [[definition.key, jsonSchema] as const] : [];
    }),
  );
  return regexJsonSchemas.get(key);
}

/** Each place (a JSON pointer) in `value` that its schema marks `format: regex` and does not compile. */
function regexProblemsIn(
  node: SchemaNode,
  value: unknown,
  pointer: string,
  found: Map<string, string>,
): void {
  if (node.format === 'regex' && typeof value === 'string') {
    const problem = regexProblem(value);
    if (problem) found.set(pointer, problem);
  }
  for (const alternative of node.anyOf ?? []) regexProblemsIn(alternative, value, pointer, found);
  if (Array.isArray(value) && node.items) {
    const items = node.items;
    value.forEach((item, index) => regexProblemsIn(items, item, `${pointer}/${index}`, found));
  }
  if (isRecord(value)) {
    for (const [field, child] of Object.entries(node.properties ?? {})) {
      if (!Object.hasOwn(value, field)) continue;
      const step = field.replace(/~/g, '~0').replace(/\//g, '~1');
      regexProblemsIn(child, value[field], `${pointer}/${step}`, found);
    }
  }
}

/** Each problem of an agreement setup string as an error of its own (one line each). */
function agreementSetupProblems(key: string, set: SettingSet, text: string): ConfigurationError[] {
  try {
    parseAgreementSetup(text);
    return [];
  } catch (error) {
    if (!(error instanceof AgreementSetupError)) throw error;
    // One problem reads as it always did; several are each their own line, with their row.
    return error.problems.length > 1
      ? error.problems.map((problem) => ({ key, set, message: problem.message }))
      : [{ key, set, message: error.message }];
  }
}

/**
 * Validates an institution configuration document against the settings schema: unknown sets,
 * sections and keys, values of the wrong type, malformed JSON, agreement setup strings and numbers
 * out of range, and regular expressions that do not compile. Every error names its key.
 */
export function validateInstitutionConfig(config: unknown): ConfigurationValidation {
  // Every problem is reported, each on its own: a wrong type or an unknown key found by the
  // document's shape check does not hide a number out of range or a bad agreement elsewhere.
  const errors: ConfigurationError[] = validateConfiguration(config)
    ? []
    : (validateConfiguration.errors ?? []).map(describe);
  /** Keys the shape check already refused (their value is not readable as their type). */
  const refused = new Set(errors.map((error) => `${error.set ?? ''}:${error.key}`));
  const jsonValues: Record<string, unknown> = {};
  const jsonSets: Record<string, SettingSet> = {};
  const document: Partial<Record<SettingSet, unknown>> = isRecord(config) ? config : {};
  for (const set of SETTING_SETS) {
    const sections = document[set];
    if (!isRecord(sections)) continue;
    for (const [section, values] of Object.entries(sections)) {
      if (!isRecord(values)) continue;
      for (const [name, text] of Object.entries(values)) {
        const key = `${section}.${name}`;
        const definition = findSettingDefinition(key);
        if (!definition || typeof text !== 'string' || refused.has(`${set}:${key}`)) continue;
        if (definition.type === 'agreementSetup') {
          errors.push(...agreementSetupProblems(key, set, text));
          continue;
        }
        try {
          const value = readSettingValue(key, definition.type, text);
          if (definition.type === 'json') {
            jsonValues[key] = value;
            jsonSets[key] = set;
          }
          if (definition.format === 'regex' && typeof value === 'string') {
            const problem = regexProblem(value);
            if (problem) errors.push({ key, set, message: problem });
          }
          if (typeof value === 'number') {
            const { minimum, maximum } = definition;
            if (definition.integer && !Number.isInteger(value)) {
              errors.push({ key, set, message: 'must be a whole number' });
            }
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
  for (const [key, value] of Object.entries(jsonValues)) {
    const schema = regexJsonSchemaOf(key);
    if (!schema) continue;
    const found = new Map<string, string>();
    regexProblemsIn(schema, value, '', found);
    const set = jsonSets[key];
    for (const [pointer, problem] of found) {
      const inner = pointer === '' ? '' : ` at ${pointer}`;
      errors.push({ key, ...(set ? { set } : {}), message: `JSON value${inner} ${problem}` });
    }
  }
  return { valid: errors.length === 0, errors };
}
