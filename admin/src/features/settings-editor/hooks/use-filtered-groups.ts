import { useCallback, useMemo } from 'react';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { useDraftSelector } from '../../../lib/draft/use-draft';
import { listSettingGroups, type SettingGroup } from '../../../lib/settings/definitions';
import {
  hasStateFilters,
  isFiltering,
  matchingKeysText,
  narrowGroups,
  type SettingFilters,
} from '../utils/filter-settings';

const EMPTY = '';

/**
 * The groups and keys that pass the filters. Filters that depend on the draft are re-evaluated
 * as it changes; the result keeps its identity while the matching keys stay the same, so the
 * open form is not rebuilt on every keystroke.
 */
export function useFilteredGroups(
  session: DraftSession,
  filters: SettingFilters,
): readonly SettingGroup[] {
  const groups = listSettingGroups();
  const filtering = isFiltering(filters);
  const stateful = hasStateFilters(filters);
  const staticText = useMemo(
    () => (filtering && !stateful ? matchingKeysText(session, groups, filters) : EMPTY),
    [filtering, stateful, session, groups, filters],
  );
  const selector = useCallback(
    (current: DraftSession) => (stateful ? matchingKeysText(current, groups, filters) : EMPTY),
    [stateful, groups, filters],
  );
  const stateText = useDraftSelector(session, selector);
  const text = stateful ? stateText : staticText;
  return useMemo(() => {
    if (!filtering) return groups;
    return narrowGroups(groups, new Set(text === '' ? [] : text.split('\n')));
  }, [filtering, groups, text]);
}
