import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { shallowEqualArrays, useDraftSelector } from '../../../lib/draft/use-draft';
import { listSettingGroups } from '../../../lib/settings/definitions';
import { useFilteredGroups } from '../hooks/use-filtered-groups';
import { isFiltering, NO_FILTERS, type SettingFilters } from '../utils/filter-settings';
import { GroupForm } from './group-form';
import { GroupNavigator, SETTINGS_GROUP_PANEL_ID } from './group-navigator';

interface SettingsEditorProps {
  session: DraftSession;
  readOnly: boolean;
  /** The group to open (from the address). */
  groupSlug: string | undefined;
  onGroupChange: (slug: string) => void;
  onFocusKey: (key: string) => void;
  onShowInPreview: (key: string) => void;
}

function selectDocumentProblems(session: DraftSession): readonly string[] {
  return session.documentProblems();
}

/** The navigator beside one form: the open group's settings (or the part a search matched). */
export function SettingsEditor({
  session,
  readOnly,
  groupSlug,
  onGroupChange,
  onFocusKey,
  onShowInPreview,
}: SettingsEditorProps) {
  const [filters, setFilters] = useState<SettingFilters>(NO_FILTERS);
  const groups = useFilteredGroups(session, filters);
  const totals = useMemo(
    () => new Map(listSettingGroups().map((group) => [group.slug, group.definitions.length])),
    [],
  );
  const documentProblems = useDraftSelector(session, selectDocumentProblems, shallowEqualArrays);
  const open = groups.find((group) => group.slug === groupSlug) ?? groups[0];

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <GroupNavigator
        groups={groups}
        totals={totals}
        selected={open?.slug}
        filters={filters}
        onFiltersChange={setFilters}
        onSelect={onGroupChange}
      />
      <Box
        component="section"
        id={SETTINGS_GROUP_PANEL_ID}
        role="tabpanel"
        aria-labelledby="settings-group-heading"
        sx={{ minWidth: 0 }}
      >
        {documentProblems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            The draft holds values the schema does not know: {documentProblems.join('; ')}
          </Alert>
        )}
        {open ? (
          <>
            <Typography id="settings-group-heading" variant="h5" component="h1">
              {open.name}
            </Typography>
            {isFiltering(filters) && (
              <Typography variant="body2" color="text.secondary">
                Showing {open.definitions.length} of {totals.get(open.slug)} settings that match the
                filters.
              </Typography>
            )}
            <GroupForm
              key={open.slug}
              definitions={open.definitions}
              session={session}
              readOnly={readOnly}
              onFocusKey={onFocusKey}
              onShowInPreview={onShowInPreview}
            />
          </>
        ) : (
          <>
            <Typography id="settings-group-heading" variant="h5" component="h1">
              No settings match
            </Typography>
            <Typography>Change the search or the filters.</Typography>
          </>
        )}
      </Box>
    </Box>
  );
}
