import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SETTING_TYPES } from '@portal/settings-schema';
import { useId } from 'react';
import {
  TYPE_LABELS,
  type SettingGroup,
  type SettingType,
} from '../../../lib/settings/definitions';
import { isFiltering, type SettingFilters } from '../utils/filter-settings';

interface GroupNavigatorProps {
  groups: readonly SettingGroup[];
  /** The number of keys of each group before filtering. */
  totals: ReadonlyMap<string, number>;
  selected: string | undefined;
  filters: SettingFilters;
  onFiltersChange: (filters: SettingFilters) => void;
  onSelect: (slug: string) => void;
}

/** The id of the open group's form, which every group tab controls. */
export const SETTINGS_GROUP_PANEL_ID = 'settings-group-panel';

/** A group's tab, which labels the panel while its group is open. */
export function groupTabId(slug: string): string {
  return `settings-group-tab-${slug}`;
}

function isSettingType(value: string): value is SettingType {
  return (SETTING_TYPES as readonly string[]).includes(value);
}

/** Search, filters and the list of setting groups. */
export function GroupNavigator({
  groups,
  totals,
  selected,
  filters,
  onFiltersChange,
  onSelect,
}: GroupNavigatorProps) {
  const filtering = isFiltering(filters);
  const resultsId = useId();
  const matches = groups.reduce((sum, group) => sum + group.definitions.length, 0);
  const set = (change: Partial<SettingFilters>) => onFiltersChange({ ...filters, ...change });
  return (
    <Box
      component="nav"
      aria-label="Setting groups"
      sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <TextField
        label="Search settings"
        type="search"
        size="small"
        value={filters.query}
        onChange={(event) => set({ query: event.target.value })}
        helperText="By key, title or description"
        slotProps={{ htmlInput: { 'aria-controls': resultsId } }}
      />
      <FormGroup aria-label="Filters">
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={filters.modified}
              onChange={(event) => set({ modified: event.target.checked })}
            />
          }
          label="Modified from default"
        />
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={filters.invalid}
              onChange={(event) => set({ invalid: event.target.checked })}
            />
          }
          label="Invalid"
        />
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={filters.changedInDraft}
              onChange={(event) => set({ changedInDraft: event.target.checked })}
            />
          }
          label="Changed in the draft"
        />
      </FormGroup>
      <TextField
        select
        label="Type"
        size="small"
        value={filters.type}
        onChange={(event) => {
          const value = event.target.value;
          set({ type: isSettingType(value) ? value : '' });
        }}
        // A native select always shows a value ("Any type" when empty), so the label stays up.
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Any type</option>
        {SETTING_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </TextField>
      <Typography id={resultsId} variant="body2" color="text.secondary" role="status">
        {filtering
          ? `${matches} ${matches === 1 ? 'setting' : 'settings'} in ${groups.length} ${groups.length === 1 ? 'group' : 'groups'}`
          : `${groups.length} groups`}
      </Typography>
      {/* One tab stop; the arrow keys, Home and End move between groups, Enter or Space opens
          one (MUI's tabs: a roving tab index, the WAI-ARIA tabs pattern), instead of a stop per
          group. The open group's form is the tab panel (SETTINGS_GROUP_PANEL_ID). */}
      {/* On a phone the list scrolls in a box of its own, under half the screen high: its 44
          groups were 2,500 pixels the open group's settings came only after. */}
      <Tabs
        orientation="vertical"
        variant="scrollable"
        value={groups.some((group) => group.slug === selected) ? selected : false}
        onChange={(_event, slug: string) => onSelect(slug)}
        aria-label="Groups"
        sx={{ borderRight: 1, borderColor: 'divider', maxHeight: { xs: '45vh', md: 'none' } }}
      >
        {groups.map((group) => {
          const total = totals.get(group.slug) ?? group.definitions.length;
          const count = filtering ? `${group.definitions.length} of ${total}` : String(total);
          return (
            <Tab
              key={group.slug}
              value={group.slug}
              id={groupTabId(group.slug)}
              aria-controls={SETTINGS_GROUP_PANEL_ID}
              label={
                <>
                  <Box component="span" sx={{ typography: 'body2' }}>
                    {group.name}
                  </Box>
                  <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                    {count} settings
                  </Box>
                </>
              }
              sx={{
                textTransform: 'none',
                alignItems: 'flex-start',
                textAlign: 'left',
                minHeight: 48,
                py: 0.75,
                maxWidth: 'none',
              }}
            />
          );
        })}
      </Tabs>
    </Box>
  );
}
