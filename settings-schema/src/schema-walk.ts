import { SETTING_SETS, SETTING_TYPES } from './types';
import type {
  SettingDefinition,
  SettingSet,
  SettingType,
  SettingVisibility,
  SettingWire,
} from './types';

/** A JSON Schema node as this package reads it: only the keywords it uses are typed. */
export interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  maxItems?: number;
  minItems?: number;
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  /** `regex`: the text is a JavaScript regular expression, which the validator compiles. */
  format?: string;
  'x-type'?: string;
  'x-group'?: string;
  'x-set'?: string;
  'x-visibility'?: string;
  'x-route'?: string;
  'x-wire'?: string;
  'x-jsonSchema'?: SchemaNode;
  'x-minimum'?: number;
  'x-maximum'?: number;
  /** A number setting that takes whole numbers only (counts, minutes, lengths). */
  'x-integer'?: boolean;
  /** A text setting's own pattern, and the words that say what it asks for. */
  pattern?: string;
  'x-patternMessage'?: string;
  [keyword: string]: unknown;
}

export interface SettingsSchemaDocument extends SchemaNode {
  $defs: { settings: SchemaNode & { properties: Record<string, SchemaNode> } } & Record<
    string,
    SchemaNode
  >;
}

const VISIBILITIES: readonly SettingVisibility[] = ['public', 'admin'];
const WIRES: readonly SettingWire[] = ['gassySettings', 'institutionOptions'];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) {
    throw new Error(
      `${where}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  return found;
}

function requiredText(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${where}: a non-empty text is required`);
  }
  return value;
}

/** One entry of the schema with its JSON Schema node, for the generator and the validator. */
export interface SchemaEntry {
  definition: SettingDefinition;
  node: SchemaNode;
}

/** Walks `$defs.settings` (section → name) and checks each key's metadata, naming the key on error. */
export function walkSettingsSchema(schema: SettingsSchemaDocument): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  const sections = schema.$defs.settings.properties;
  for (const [section, sectionNode] of Object.entries(sections)) {
    for (const [name, node] of Object.entries(sectionNode.properties ?? {})) {
      const key = `${section}.${name}`;
      if (node.type !== 'string')
        throw new Error(`${key}: "type" must be "string" (wire values are text)`);
      const type: SettingType = oneOf(node['x-type'], SETTING_TYPES, `${key} x-type`);
      const set: SettingSet = oneOf(node['x-set'], SETTING_SETS, `${key} x-set`);
      const visibility = oneOf(node['x-visibility'], VISIBILITIES, `${key} x-visibility`);
      const wire = oneOf(node['x-wire'] ?? 'gassySettings', WIRES, `${key} x-wire`);
      if (typeof node.default !== 'string') throw new Error(`${key}: "default" must be a text`);
      if (type === 'enum' && (!node.enum || node.enum.some((v) => typeof v !== 'string'))) {
        throw new Error(`${key}: an enum setting needs "enum" with text values`);
      }
      if (type !== 'enum' && node.enum)
        throw new Error(`${key}: only enum settings may have "enum"`);
      if (node.format !== undefined && (node.format !== 'regex' || type !== 'text'))
        throw new Error(`${key}: only "format": "regex" is known, and only on text settings`);
      const definition: SettingDefinition = {
        key,
        section,
        name,
        type,
        default: node.default,
        set,
        visibility,
        wire,
        title: requiredText(node.title, `${key} title`),
        description: requiredText(node.description, `${key} description`),
        group: requiredText(node['x-group'], `${key} x-group`),
      };
      if (node.enum) definition.enum = node.enum.map(String);
      if (node.format === 'regex') definition.format = 'regex';
      if (typeof node['x-minimum'] === 'number') definition.minimum = node['x-minimum'];
      if (typeof node['x-maximum'] === 'number') definition.maximum = node['x-maximum'];
      if (node['x-integer'] === true) {
        if (type !== 'number') throw new Error(`${key}: only number settings may be "x-integer"`);
        definition.integer = true;
      }
      if (node.pattern !== undefined) {
        if (type !== 'text') throw new Error(`${key}: only text settings may have a "pattern"`);
        definition.pattern = node.pattern;
        definition.patternMessage = requiredText(
          node['x-patternMessage'],
          `${key} x-patternMessage`,
        );
      }
      if (node['x-route'] !== undefined)
        definition.route = requiredText(node['x-route'], `${key} x-route`);
      entries.push({ definition, node });
    }
  }
  return entries;
}
