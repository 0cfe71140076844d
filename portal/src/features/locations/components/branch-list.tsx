import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { branchHasMapPosition, fillPlaceholders, type BranchInfo } from '@portal/domain';
import type { BranchSelection } from '@portal/web-kit';
import { useEffect, useId, useRef } from 'react';
import { useSettings } from '../../../lib/settings/settings-context';
import { phoneHref } from '../utils/branch-contact';

interface BranchListProps {
  branches: readonly BranchInfo[];
  /** Nearest first after a ZIP search: the order is then the point, so the list is numbered. */
  nearestFirst: boolean;
  selection: BranchSelection | undefined;
  /** Offered only while the map is there to show the branch on. */
  onShowOnMap?(branchId: string): void;
}

/**
 * The branches, each with its address, phone (a link that dials it), hours and, after a search,
 * distance: everything the map shows, for everyone (the map is not the accessible way). A branch
 * chosen on the map is marked here and scrolled into view.
 */
export function BranchList({ branches, nearestFirst, selection, onShowOnMap }: BranchListProps) {
  const items = useRef(new Map<string, HTMLLIElement>());
  useEffect(() => {
    if (selection?.from !== 'map') return;
    const item = items.current.get(selection.branchId);
    // jsdom (component tests) has no scrolling.
    if (typeof item?.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' });
  }, [selection]);

  return (
    <Box
      component={nearestFirst ? 'ol' : 'ul'}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
    >
      {branches.map((branch) => (
        <BranchItem
          key={branch.BranchId}
          branch={branch}
          chosen={branch.BranchId === selection?.branchId}
          itemRef={(element) => {
            if (element) items.current.set(branch.BranchId, element);
            else items.current.delete(branch.BranchId);
          }}
          onShowOnMap={
            onShowOnMap && branchHasMapPosition(branch)
              ? () => onShowOnMap(branch.BranchId)
              : undefined
          }
        />
      ))}
    </Box>
  );
}

interface BranchItemProps {
  branch: BranchInfo;
  chosen: boolean;
  itemRef(element: HTMLLIElement | null): void;
  onShowOnMap: (() => void) | undefined;
}

function BranchItem({ branch, chosen, itemRef, onShowOnMap }: BranchItemProps) {
  const settings = useSettings();
  const nameId = useId();
  const hoursId = useId();
  const tel = phoneHref(branch.PhoneNumber);
  return (
    <Box
      component="li"
      ref={itemRef}
      aria-current={chosen ? 'true' : undefined}
      sx={{
        p: 2,
        borderRadius: 1,
        border: chosen ? 2 : 1,
        borderColor: chosen ? 'primary.main' : 'divider',
        bgcolor: chosen ? 'action.selected' : undefined,
        scrollMarginBlock: '16px',
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" id={nameId} sx={{ flexGrow: 1 }}>
          {branch.BranchName}
        </Typography>
        {branch.DistanceMiles !== undefined ? (
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {fillPlaceholders(settings.get('branchLocatorTexts.distanceText'), {
              miles: branch.DistanceMiles.toFixed(1),
            })}
          </Typography>
        ) : null}
      </Box>
      <Typography component="address" sx={{ fontStyle: 'normal', mt: 0.5 }}>
        {branch.StreetAddress}
        <br />
        {branch.City}, {branch.State} {branch.Zip}
      </Typography>
      {branch.PhoneNumber ? (
        <Typography sx={{ mt: 0.5 }}>
          {tel ? <Link href={tel}>{branch.PhoneNumber}</Link> : branch.PhoneNumber}
        </Typography>
      ) : null}
      {branch.Hours.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="p" id={hoursId}>
            {settings.get('branchLocatorTexts.hoursLabelText')}
          </Typography>
          <Box component="ul" aria-labelledby={hoursId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {branch.Hours.map((line, index) => (
              <Typography component="li" variant="body2" key={`${index}-${line}`}>
                {line}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
      {onShowOnMap ? (
        <Button size="small" onClick={onShowOnMap} aria-describedby={nameId} sx={{ mt: 1, ml: -1 }}>
          {settings.get('branchLocatorTexts.showOnMapText')}
        </Button>
      ) : null}
    </Box>
  );
}
