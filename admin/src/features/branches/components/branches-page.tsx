import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { StaffBranch } from '@portal/domain';
import {
  LazyBranchMap,
  MapBoundary,
  type BranchMapSettings,
  type BranchPin,
} from '@portal/web-kit';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useInstitutionSettings } from '../../../lib/draft/get-institution-settings';
import { useDraftSession, useDraftValue } from '../../../lib/draft/use-draft';
import { canEdit, useInstitution } from '../../../lib/institutions/institution-context';
import { effectiveValue } from '../../../lib/settings/document';
import { useBranchList } from '../api/branch-list';
import { useMoveBranch } from '../api/move-branch';
import { useRemoveBranch } from '../api/remove-branch';
import { isPinned } from '../utils/branch-pins';
import { branchMapSettingsOf, MAP_SETTING_KEYS } from '../utils/map-settings';
import { BranchForm } from './branch-form';
import { BranchTable } from './branch-table';

const NO_BRANCHES: readonly StaffBranch[] = [];

function pinOf(branch: StaffBranch): BranchPin {
  return {
    branchId: branch.id,
    name: branch.name,
    latitude: branch.latitude,
    longitude: branch.longitude,
  };
}

export interface BranchesPageProps {
  slug: string;
  /** Editors and publishers add, change, move and remove branches; viewers read. */
  canChange: boolean;
  /** Whether borrowers have the branch locator (the published globalOptions.useBranchLocatorOption). */
  locatorOn: boolean;
  /**
   * The branch map's settings as the settings being edited have them (tiles or, with no tile
   * address, the state outlines; the zoom and the default centre): the map borrowers will see.
   */
  map: BranchMapSettings;
}

type Editing = { kind: 'new' } | { kind: 'change'; branch: StaffBranch } | null;

/**
 * The branch locator's branches (issue 22): the list in the order borrowers see it, a form to add
 * or change a branch, moves up and down, removal after a confirmation, and a preview of the pins
 * on the map. Changes apply at once (the branches are not part of the settings draft) and go
 * into the audit log.
 */
export function BranchesPage({ slug, canChange, locatorOn, map }: BranchesPageProps) {
  const list = useBranchList(slug);
  const move = useMoveBranch(slug);
  const remove = useRemoveBranch(slug);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<StaffBranch | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // After a save or a removal the form or dialog that had the focus is gone: the message takes it
  // (a move keeps it on its button, for the next move).
  const doneRef = useRef<HTMLDivElement>(null);
  const focusDone = useRef(false);
  useEffect(() => {
    if (focusDone.current && done) doneRef.current?.focus();
    focusDone.current = false;
  }, [done]);
  const mapHeading = useId();
  const mapNote = useId();
  const branches = list.data ?? NO_BRANCHES;
  const pins = useMemo(() => branches.map(pinOf), [branches]);
  const pinned = branches.filter(isPinned).length;
  const actionError = move.error ?? remove.error;

  function moveBranch(branch: StaffBranch, direction: 'up' | 'down') {
    setDone(null);
    move.mutate(
      { id: branch.id, direction },
      {
        onSuccess: (response) => {
          const place = response.branches.findIndex((moved) => moved.id === branch.id) + 1;
          setDone(`Moved ${branch.name} ${direction} to place ${place}.`);
        },
      },
    );
  }

  function confirmRemoval() {
    if (!removing) return;
    const branch = removing;
    remove.mutate(branch.id, {
      onSuccess: () => {
        setRemoving(null);
        setDone(`Removed ${branch.name}.`);
        focusDone.current = true;
        if (editing?.kind === 'change' && editing.branch.id === branch.id) setEditing(null);
      },
      onError: () => setRemoving(null),
    });
  }

  return (
    <Box sx={{ p: 3, maxWidth: 1200, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Branches
      </Typography>
      <Typography>
        The branches borrowers find on the branch locator, in this order; a ZIP code search lists
        them nearest first. Changes apply at once (they are not part of the settings draft) and go
        into the audit log.
      </Typography>
      {!locatorOn && (
        <Alert severity="info" role="note">
          The branch locator is off in the published settings (Use branch locator,
          globalOptions.useBranchLocatorOption): borrowers see these branches once it is published
          on.
        </Alert>
      )}
      {!canChange && (
        <Typography variant="body2">
          Your role (viewer) can read the branches but not change them.
        </Typography>
      )}
      {done && (
        <Alert ref={doneRef} tabIndex={-1} severity="success" role="status">
          {done}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" role="alert">
          {errorMessage(actionError)}
        </Alert>
      )}
      {canChange && editing === null && (
        <Box>
          <Button
            variant="contained"
            onClick={() => {
              setDone(null);
              setEditing({ kind: 'new' });
            }}
          >
            Add a branch
          </Button>
        </Box>
      )}
      {canChange && editing !== null && (
        <BranchForm
          key={editing.kind === 'change' ? editing.branch.id : 'new'}
          slug={slug}
          branch={editing.kind === 'change' ? editing.branch : undefined}
          onSaved={(branch) => {
            setEditing(null);
            setDone(editing.kind === 'change' ? `Saved ${branch.name}.` : `Added ${branch.name}.`);
            focusDone.current = true;
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {list.isPending && <CircularProgress aria-label="Loading the branches" />}
      {list.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && branches.length === 0 && (
        <Typography>No branches yet{canChange ? ': add the first one.' : '.'}</Typography>
      )}
      {branches.length > 0 && (
        <BranchTable
          branches={branches}
          canChange={canChange}
          busy={move.isPending}
          onEdit={(branch) => {
            setDone(null);
            setEditing({ kind: 'change', branch });
          }}
          onMove={moveBranch}
          onRemove={(branch) => {
            setDone(null);
            setRemoving(branch);
          }}
        />
      )}
      {list.data && (
        <Box component="section" aria-labelledby={mapHeading} sx={{ display: 'grid', gap: 1 }}>
          <Typography id={mapHeading} variant="h6" component="h2">
            Map preview
          </Typography>
          <Typography id={mapNote} variant="body2">
            {pinned} of {branches.length} {branches.length === 1 ? 'branch has' : 'branches have'} a
            pin, as borrowers’ map shows them.{' '}
            {map.tileUrl
              ? 'The map is drawn with the institution’s map tiles.'
              : 'With no map tile address set, the map draws the US state outlines it ships with.'}
          </Typography>
          {/* Leaflet and the state outlines load with the map, after the list. */}
          <MapBoundary
            fallback={
              <Alert severity="info">
                The map could not be shown; the list above has every branch.
              </Alert>
            }
          >
            <Suspense fallback={<CircularProgress aria-label="Loading the map" />}>
              <LazyBranchMap
                pins={pins}
                settings={map}
                label="Map of the branches"
                describedBy={mapNote}
                height={360}
              />
            </Suspense>
          </MapBoundary>
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name}?` : 'Remove the branch?'}
        confirmLabel="Remove branch"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      >
        Borrowers will no longer find this branch on the branch locator. The removal goes into the
        audit log; it cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}

/** The route's element: the institution, the caller's role and the map settings from the layout. */
export function BranchesRoute() {
  const institution = useInstitution();
  const session = useDraftSession();
  const map = branchMapSettingsOf({
    tileUrl: useDraftValue(session, MAP_SETTING_KEYS.tileUrl),
    attribution: useDraftValue(session, MAP_SETTING_KEYS.attribution),
    zoom: useDraftValue(session, MAP_SETTING_KEYS.zoom),
    defaultLatitude: useDraftValue(session, MAP_SETTING_KEYS.defaultLatitude),
    defaultLongitude: useDraftValue(session, MAP_SETTING_KEYS.defaultLongitude),
  });
  const settings = useInstitutionSettings(institution.slug);
  const published = settings.data?.published.document;
  const locatorOn =
    !published ||
    effectiveValue(published, 'globalOptions.useBranchLocatorOption').value.toLowerCase() ===
      'true';
  return (
    <BranchesPage
      slug={institution.slug}
      canChange={canEdit(institution.role)}
      locatorOn={locatorOn}
      map={map}
    />
  );
}
