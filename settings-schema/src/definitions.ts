import schemaJson from '../schema/settings.schema.json';
import { walkSettingsSchema, type SettingsSchemaDocument } from './schema-walk';
import type { SettingDefinition } from './types';

/** The settings JSON Schema document (the source of truth). */
export const settingsSchema: SettingsSchemaDocument = schemaJson;

let cached: SettingDefinition[] | undefined;

/** Every declared setting with all its metadata, in schema order. */
export function listSettingDefinitions(): readonly SettingDefinition[] {
  cached ??= walkSettingsSchema(settingsSchema).map((entry) => entry.definition);
  return cached;
}

let byKey: Map<string, SettingDefinition> | undefined;

export function findSettingDefinition(key: string): SettingDefinition | undefined {
  byKey ??= new Map(listSettingDefinitions().map((definition) => [definition.key, definition]));
  return byKey.get(key);
}
