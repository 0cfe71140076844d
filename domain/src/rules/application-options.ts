import {
  createSettingsAccessor,
  hasDeclaredShape,
  SETTING_DEFINITIONS,
  type GassySettings,
  type InstitutionConfiguration,
  type SettingKey,
  type SettingRuntimeDefinition,
} from '@portal/settings-schema';

/**
 * The ApplicationOptions projection of an institution's settings (spec 000 section 3), written
 * once: the server answers `GET /api/setup/ApplicationOptions` with it, and the admin's live
 * preview feeds the portal the same projection of a draft.
 */

/** What the projection needs of a setting's definition. */
export interface ProjectedDefinition extends Pick<
  SettingRuntimeDefinition,
  'type' | 'default' | 'set' | 'visibility' | 'wire'
> {
  key: string;
}

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/** The runtime table only: the full schema document (titles, descriptions) is ~0.5 MB. */
const RUNTIME_DEFINITIONS: readonly ProjectedDefinition[] = Object.entries(SETTING_DEFINITIONS).map(
  ([key, definition]) => ({ key, ...definition }),
);

/**
 * The document in the wire shape, reduced to what the portal may see: keys the schema declares
 * public and sends in gassySettings. Admin-only keys (policies, provider references, recipient
 * addresses) never leave the server.
 *
 * Every such key is sent, once, in the set its definition names, with the value the portal is to
 * use (issue 23: the portal carries no default texts, `createServedSettingsAccessor`): the
 * institution's text (its shared set first, as the accessor reads), else the schema's default; a
 * blank flag or count is unset, so its default; a json value that does not parse or lacks the
 * declared shape (a hand-edited configuration; publishing refuses one) is its default.
 */
export function publicGassySettings(
  document: InstitutionConfiguration,
  definitions: readonly ProjectedDefinition[] = RUNTIME_DEFINITIONS,
): GassySettings {
  const result: GassySettings = { shared: {}, english: {} };
  for (const definition of definitions) {
    if (definition.visibility !== 'public' || definition.wire !== 'gassySettings') continue;
    const dot = definition.key.indexOf('.');
    const section = definition.key.slice(0, dot);
    const name = definition.key.slice(dot + 1);
    const values = (result[definition.set][section] ??= {});
    values[name] = servedText(document, definition, section, name);
  }
  return result;
}

function servedText(
  document: InstitutionConfiguration,
  definition: ProjectedDefinition,
  section: string,
  name: string,
): string {
  const own = document.shared?.[section]?.[name] ?? document.english?.[section]?.[name];
  if (own === undefined || own === null) return definition.default;
  const text = String(own);
  if ((definition.type === 'boolean' || definition.type === 'number') && text.trim() === '') {
    return definition.default;
  }
  if (definition.type === 'json') {
    try {
      if (!hasDeclaredShape(definition.key, JSON.parse(text))) return definition.default;
    } catch {
      return definition.default;
    }
  }
  return text;
}

/**
 * Every public institutionOptions.* setting read as a number, by name (PasswordMinimumLength:
 * 12). A value that does not read as a number throws, unless `lenient` (the preview of a draft
 * the admin is still typing), which leaves it out.
 */
export function institutionOptionNumbers(
  document: InstitutionConfiguration,
  options: { lenient?: boolean; definitions?: readonly ProjectedDefinition[] } = {},
): Record<string, number> {
  const settings = createSettingsAccessor({
    shared: document.shared ?? {},
    english: document.english ?? {},
  });
  const numbers: Record<string, number> = {};
  for (const definition of options.definitions ?? RUNTIME_DEFINITIONS) {
    if (definition.wire !== 'institutionOptions' || definition.visibility !== 'public') continue;
    if (!isSettingKey(definition.key)) continue;
    const name = definition.key.slice(definition.key.indexOf('.') + 1);
    let value: unknown;
    try {
      value = settings.get(definition.key);
    } catch (error) {
      if (options.lenient) continue;
      throw error;
    }
    if (typeof value === 'number') numbers[name] = value;
    else if (!options.lenient) {
      throw new Error(
        `Setting "${definition.key}" is sent in institutionOptions but is not a number`,
      );
    }
  }
  return numbers;
}
