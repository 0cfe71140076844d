import {
  findSettingDefinition,
  listSettingDefinitions,
  type SettingDefinition,
  type SettingSet,
  type SettingType,
} from '@portal/settings-schema';

export type { SettingDefinition, SettingSet, SettingType };

/** One `x-group` of the schema: the unit of the navigator and of one settings form. */
export interface SettingGroup {
  /** The group's name as the schema gives it (`Payments: ACH`). */
  name: string;
  /** URL-safe form of the name (`payments-ach`). */
  slug: string;
  definitions: readonly SettingDefinition[];
}

export function groupSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

let groups: readonly SettingGroup[] | undefined;

/** The schema's groups in schema order, each with its keys in schema order. */
export function listSettingGroups(): readonly SettingGroup[] {
  if (groups) return groups;
  const byName = new Map<string, SettingDefinition[]>();
  for (const definition of listSettingDefinitions()) {
    const list = byName.get(definition.group);
    if (list) list.push(definition);
    else byName.set(definition.group, [definition]);
  }
  groups = [...byName].map(([name, definitions]) => ({
    name,
    slug: groupSlug(name),
    definitions,
  }));
  return groups;
}

export function findSettingGroup(slug: string): SettingGroup | undefined {
  return listSettingGroups().find((group) => group.slug === slug);
}

export function definitionOf(key: string): SettingDefinition | undefined {
  return findSettingDefinition(key);
}

export const SET_LABELS: Record<SettingSet, string> = {
  shared: 'shared set',
  english: 'English set',
};

export const TYPE_LABELS: Record<SettingType, string> = {
  boolean: 'On/off',
  number: 'Number',
  text: 'Text',
  richText: 'Rich text',
  json: 'JSON',
  agreementSetup: 'Agreement setup',
  url: 'Address (URL)',
  color: 'Colour',
  enum: 'Choice',
};

/** Texts with a long default or line breaks get a multi-line field (decided once per key, so a
 * field never swaps its input while someone types). */
export function isLongText(definition: SettingDefinition): boolean {
  return definition.default.length > 80 || /\r?\n/.test(definition.default);
}
