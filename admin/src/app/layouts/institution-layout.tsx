import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { InstitutionSettingsResponse, InstitutionSummary } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useParams } from 'react-router';
import { PageError } from '../../components/page-error';
import { DraftSession } from '../../lib/draft/draft-session';
import { settingsKeys, useInstitutionSettings } from '../../lib/draft/get-institution-settings';
import { patchDraft } from '../../lib/draft/patch-draft';
import { DraftSessionContext, useDraftSelector } from '../../lib/draft/use-draft';
import { InstitutionContext, ROLE_LABELS } from '../../lib/institutions/institution-context';
import { useInstitutionList } from '../../lib/institutions/list-institutions';

const SECTIONS = [
  { path: 'settings', label: 'Settings' },
  { path: 'theme', label: 'Theme' },
  { path: 'publish', label: 'Review and publish' },
  { path: 'history', label: 'History' },
  { path: 'audit', label: 'Audit log' },
  { path: 'transfer', label: 'Import and export' },
  { path: 'ach-files', label: 'ACH files' },
  { path: 'work-queue', label: 'Work queue' },
  { path: 'payments', label: 'Payments' },
  { path: 'reconciliation', label: 'Reconciliation' },
  { path: 'branches', label: 'Branches' },
  { path: 'web-vitals', label: 'Speed' },
] as const;

function selectSummary(session: DraftSession) {
  return session.summary().unsaved;
}

function Workspace({
  institution,
  settings,
}: {
  institution: InstitutionSummary;
  settings: InstitutionSettingsResponse;
}) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const [session] = useState(
    () =>
      new DraftSession({
        slug: institution.slug,
        initial: settings,
        saveChanges: (changes) => patchDraft(institution.slug, changes),
        onServerState: (response) =>
          queryClient.setQueryData(settingsKeys.detail(institution.slug), response),
      }),
  );
  const unsaved = useDraftSelector(session, selectSummary);

  useEffect(() => {
    session.acceptServerState(settings);
  }, [session, settings]);
  // Leaving the institution must not lose what was typed.
  useEffect(() => () => void session.flush(), [session]);

  // A link inside a page (a search result, Back to the payments, a work item) is gone once it
  // took the keyboard to another page, and focus falls to the body: the next page's heading
  // takes it, so Tab goes on from the top of the new page. A page whose heading waits for its
  // data moves focus itself when it shows (the payment page).
  const page = useRef<HTMLDivElement>(null);
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const heading = page.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [location.pathname]);

  // A section's own pages (a work queue item) are under it.
  const current = SECTIONS.find(
    (section) =>
      location.pathname.endsWith(`/${section.path}`) ||
      location.pathname.includes(`/${section.path}/`),
  )?.path;
  return (
    <InstitutionContext value={institution}>
      <DraftSessionContext value={session}>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="p">
              {institution.name}
            </Typography>
            <Chip size="small" label={ROLE_LABELS[institution.role]} />
            <Typography variant="body2" color="text.secondary">
              Published version {settings.published.version}
              {settings.draft ? ' · draft in progress' : ' · no draft'}
              {unsaved > 0 ? ` · ${unsaved} unsaved` : ''}
            </Typography>
          </Box>
          {/* The sections wrap onto more rows where they do not fit (a phone): a row scrolled
              sideways hid most of them, with nothing to say they were there. */}
          <Box
            component="nav"
            aria-label="Institution sections"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}
          >
            {SECTIONS.map((section) => {
              const active = current === section.path;
              return (
                <Button
                  key={section.path}
                  component={RouterLink}
                  to={section.path}
                  aria-current={active ? 'page' : undefined}
                  sx={{
                    borderRadius: 0,
                    borderBottom: 3,
                    borderColor: active ? 'primary.main' : 'transparent',
                    fontWeight: active ? 700 : 400,
                  }}
                >
                  {section.label}
                </Button>
              );
            })}
          </Box>
        </Box>
        <Box ref={page}>
          <Outlet />
        </Box>
      </DraftSessionContext>
    </InstitutionContext>
  );
}

/** One institution: its summary, role, settings and the draft session every section edits. */
export function InstitutionLayout() {
  const { slug = '' } = useParams();
  const institutions = useInstitutionList();
  const settings = useInstitutionSettings(slug);
  if (institutions.isPending || settings.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
        <CircularProgress aria-label="Loading the institution" />
      </Box>
    );
  }
  if (institutions.isError) return <PageError error={institutions.error} />;
  if (settings.isError)
    return <PageError error={settings.error} onRetry={() => void settings.refetch()} />;
  const institution = institutions.data.find((candidate) => candidate.slug === slug);
  if (!institution) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">You have no access to this institution.</Alert>
      </Box>
    );
  }
  return <Workspace key={slug} institution={institution} settings={settings.data} />;
}
