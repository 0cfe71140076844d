import type { DraftSession } from '../../../lib/draft/draft-session';
import type {
  SettingDefinition,
  SettingGroup,
  SettingType,
} from '../../../lib/settings/definitions';
import { differsBetween, differsFromDefault } from '../../../lib/settings/document';

/** What the navigator narrows the settings by. */
export interface SettingFilters {
  /** Words to find in the key, title or description. */
  query: string;
  modified: boolean;
  invalid: boolean;
  changedInDraft: boolean;
  type: SettingType | '';
}

export const NO_FILTERS: SettingFilters = {
  query: '',
  modified: false,
  invalid: false,
  changedInDraft: false,
  type: '',
};

export function hasStaticFilters(filters: SettingFilters): boolean {
  return filters.query.trim() !== '' || filters.type !== '';
}

export function hasStateFilters(filters: SettingFilters): boolean {
  return filters.modified || filters.invalid || filters.changedInDraft;
}

export function isFiltering(filters: SettingFilters): boolean {
  return hasStaticFilters(filters) || hasStateFilters(filters);
}

/** Every word of the query must appear in the key, title or description (any case). */
export function matchesQuery(definition: SettingDefinition, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack =
    `${definition.key}\n${definition.title}\n${definition.description}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function matchesStatic(definition: SettingDefinition, filters: SettingFilters): boolean {
  if (filters.type !== '' && definition.type !== filters.type) return false;
  return matchesQuery(definition, filters.query);
}

/** The key passes the filters that depend on the draft (modified, invalid, changed). */
export function matchesState(session: DraftSession, key: string, filters: SettingFilters): boolean {
  const document = session.getDocument();
  if (filters.modified && !differsFromDefault(document, key)) return false;
  if (filters.invalid && !session.hasProblems(key)) return false;
  if (filters.changedInDraft && !differsBetween(document, session.getPublishedDocument(), key)) {
    return false;
  }
  return true;
}

/** The keys of every group that pass the filters, as one text (cheap to compare). */
export function matchingKeysText(
  session: DraftSession,
  groups: readonly SettingGroup[],
  filters: SettingFilters,
): string {
  const keys: string[] = [];
  for (const group of groups) {
    for (const definition of group.definitions) {
      if (!matchesStatic(definition, filters)) continue;
      if (hasStateFilters(filters) && !matchesState(session, definition.key, filters)) continue;
      keys.push(definition.key);
    }
  }
  return keys.join('\n');
}

/** Groups with the definitions that matched (only groups with at least one). */
export function narrowGroups(
  groups: readonly SettingGroup[],
  matching: ReadonlySet<string>,
): SettingGroup[] {
  const narrowed: SettingGroup[] = [];
  for (const group of groups) {
    const definitions = group.definitions.filter((definition) => matching.has(definition.key));
    if (definitions.length === group.definitions.length) narrowed.push(group);
    else if (definitions.length > 0) narrowed.push({ ...group, definitions });
  }
  return narrowed;
}
