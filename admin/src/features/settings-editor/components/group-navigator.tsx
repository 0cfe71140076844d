import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
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
      <List dense disablePadding aria-label="Groups">
        {groups.map((group) => {
          const total = totals.get(group.slug) ?? group.definitions.length;
          const count = filtering ? `${group.definitions.length} of ${total}` : String(total);
          return (
            <li key={group.slug}>
              <ListItemButton
                selected={group.slug === selected}
                aria-current={group.slug === selected ? 'true' : undefined}
                onClick={() => onSelect(group.slug)}
              >
                <ListItemText primary={group.name} secondary={`${count} settings`} />
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Box>
  );
}
