import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  BRANCH_ERROR_CODES,
  branchHasMapPosition,
  digitsOnly,
  fillPlaceholders,
  isZipSearch,
  type BranchInfo,
} from '@portal/domain';
import {
  LazyBranchMap,
  MapBoundary,
  type BranchMapSettings,
  type BranchPin,
  type BranchSelection,
} from '@portal/web-kit';
import { Suspense, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { InstitutionLogo } from '../../../components/institution-logo';
import { LoadingBlock } from '../../../components/loading-block';
import { InputField } from '../../../components/masked-input/input-field';
import { WhenVisible } from '../../../components/when-visible';
import { ApiError } from '../../../lib/api-client';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { useBranchList, useNearestBranches } from '../api/get-branches';
import { BranchList } from './branch-list';

const ZIP_LENGTH = 5;
const MAP_HEIGHT = { xs: 320, md: 520 };
const NO_BRANCHES: readonly BranchInfo[] = [];

function pinOf(branch: BranchInfo): BranchPin {
  return {
    branchId: branch.BranchId,
    name: branch.BranchName,
    latitude: branch.Latitude,
    longitude: branch.Longitude,
  };
}

interface LocationsPageProps {
  /** home/locations: the logo and a Back to Login link (spec 002 section 2). */
  publicView?: boolean;
}

/**
 * home/locations and myaccount/locations (spec 002 "Branch locator page"): a ZIP search, then
 * the institution's branches (nearest first after a search, with their distances) beside a map
 * of them, and the note that the map does not meet accessibility standards. The search acts only
 * on five digits ("Branch zip search"); a ZIP the server does not know is named next to the
 * field ('Invalid Zip Code'), the digits kept.
 */
export function LocationsPage({ publicView = false }: LocationsPageProps) {
  const settings = useSettings();
  const { institutionName } = useInstitutionOptions();
  const [typed, setTyped] = useState('');
  // The ZIP searched: the last five digits typed; emptying the box goes back to every branch.
  const [zip, setZip] = useState<string | undefined>(undefined);
  const [selection, setSelection] = useState<BranchSelection | undefined>(undefined);
  const allBranches = useBranchList();
  const nearest = useNearestBranches(zip);
  const headingId = useId();
  const noteId = useId();
  const mapPlace = useRef<HTMLDivElement>(null);

  const zipRefused =
    nearest.error instanceof ApiError && nearest.error.code === BRANCH_ERROR_CODES.invalidZip;
  const answer = zip !== undefined && nearest.data ? nearest.data : allBranches.data;
  const searchFailed = zip !== undefined && nearest.isError && !zipRefused;
  const searchedZip = answer?.Origin?.Zip;
  // The heading names the ZIP code only while the box shows it: with a digit taken away the last
  // answer stays (its order too) until five digits ask again, under the list's own heading.
  const headingZip = searchedZip !== undefined && searchedZip === typed ? searchedZip : undefined;
  const branches = answer?.Branches ?? NO_BRANCHES;
  const pins = useMemo(() => branches.map(pinOf), [branches]);
  const onMap = branches.filter(branchHasMapPosition).length;
  const origin = answer?.Origin;
  const mapSettings: BranchMapSettings = {
    tileUrl: settings.get('branchLocatorOptions.mapTileURLTemplate'),
    attribution: settings.get('branchLocatorOptions.mapAttribution'),
    zoom: settings.get('branchLocatorOptions.mapZoom'),
    defaultCentre: [
      settings.get('branchLocatorOptions.defaultLatitude'),
      settings.get('branchLocatorOptions.defaultLongitude'),
    ],
  };

  function onTyped(text: string) {
    const digits = digitsOnly(text).slice(0, ZIP_LENGTH);
    setTyped(digits);
    if (isZipSearch(digits) && digits !== zip) {
      setZip(digits);
      setSelection(undefined);
    } else if (digits === '' && zip !== undefined) {
      setZip(undefined);
      setSelection(undefined);
    }
  }

  function showOnMap(branchId: string) {
    setSelection({ branchId, from: 'list' });
    // On a phone the map is under the list.
    const place = mapPlace.current;
    if (typeof place?.scrollIntoView === 'function') place.scrollIntoView({ block: 'nearest' });
  }

  return (
    <Box sx={{ py: 2 }}>
      {publicView ? (
        <Box sx={{ bgcolor: 'primary.main', borderRadius: 1, p: 2, mb: 3 }}>
          <InstitutionLogo alt={institutionName} height={48} />
        </Box>
      ) : null}
      <Typography variant="h4" component="h1" gutterBottom>
        {settings.get('branchLocatorTexts.headingText')}
      </Typography>

      <Box
        component="form"
        role="search"
        noValidate
        onSubmit={(event: FormEvent) => event.preventDefault()}
        sx={{ maxWidth: 360, mb: 3 }}
      >
        <InputField
          label={settings.get('branchLocatorTexts.searchLabelText')}
          description={settings.get('branchLocatorTexts.searchHintText')}
          errorMessage={
            zipRefused && typed === zip
              ? settings.get('branchLocatorTexts.invalidZipText')
              : undefined
          }
          value={typed}
          onChange={(event) => onTyped(event.target.value)}
          inputMode="numeric"
          autoComplete="postal-code"
          inputProps={{ maxLength: ZIP_LENGTH }}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
          {/* Polite: a search's answer is heard when it comes in. */}
          <Box aria-live="polite">
            <Typography variant="h5" component="h2" id={headingId} gutterBottom>
              {headingZip
                ? fillPlaceholders(settings.get('branchLocatorTexts.nearestHeadingText'), {
                    zip: headingZip,
                  })
                : settings.get('branchLocatorTexts.listHeadingText')}
            </Typography>
          </Box>
          {searchFailed ? <LoadFailure onRetry={() => void nearest.refetch()} /> : null}
          {answer ? (
            answer.Branches.length > 0 ? (
              <Box aria-busy={nearest.isFetching || undefined}>
                <BranchList
                  branches={answer.Branches}
                  nearestFirst={Boolean(searchedZip)}
                  selection={selection}
                  onShowOnMap={onMap > 0 ? showOnMap : undefined}
                />
              </Box>
            ) : (
              <Typography>{settings.get('branchLocatorTexts.noBranchesText')}</Typography>
            )
          ) : allBranches.isError ? (
            <LoadFailure onRetry={() => void allBranches.refetch()} />
          ) : (
            <LoadingBlock height={240} label={settings.get('errorTexts.loadingText')} />
          )}
        </Box>

        {answer && onMap > 0 ? (
          <Box
            ref={mapPlace}
            sx={{ position: { md: 'sticky' }, top: { md: 16 }, minWidth: 0, scrollMarginBlock: 16 }}
          >
            <Typography id={noteId} variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
              {settings.get('branchLocatorTexts.accessibilityNoteText')}
            </Typography>
            <WhenVisible minHeight={MAP_HEIGHT.xs}>
              <MapBoundary
                fallback={
                  <Alert severity="info">
                    {settings.get('branchLocatorTexts.mapUnavailableText')}
                  </Alert>
                }
              >
                <Suspense
                  fallback={
                    <LoadingBlock
                      height={MAP_HEIGHT.xs}
                      label={settings.get('errorTexts.loadingText')}
                      sx={{ height: MAP_HEIGHT }}
                    />
                  }
                >
                  <LazyBranchMap
                    pins={pins}
                    origin={origin ? [origin.Latitude, origin.Longitude] : null}
                    settings={mapSettings}
                    selection={selection}
                    onSelect={(branchId) => setSelection({ branchId, from: 'map' })}
                    label={settings.get('branchLocatorTexts.mapLabelText')}
                    describedBy={noteId}
                    height={MAP_HEIGHT}
                  />
                </Suspense>
              </MapBoundary>
            </WhenVisible>
          </Box>
        ) : null}
      </Box>

      {publicView ? (
        <Typography sx={{ mt: 4 }}>
          <Link component={RouterLink} to="/home/login">
            {settings.get('commonTexts.backToLoginText')}
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}

function LoadFailure({ onRetry }: { onRetry(): void }) {
  const settings = useSettings();
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {settings.get('commonTexts.tryAgainButtonText')}
        </Button>
      }
    >
      {settings.get('branchLocatorTexts.loadErrorText')}
    </Alert>
  );
}
