import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StaffRole } from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DiffTable } from '../../../components/diff-table';
import { ProblemList, type Problem } from '../../../components/problem-list';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDiff, type DiffSide } from '../../../lib/diff/get-diff';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { canEdit } from '../../../lib/institutions/institution-context';
import { formatDateTime } from '../../../lib/format';
import { useInstitution } from '../../../lib/institutions/institution-context';
import { useRestoreVersion, useVersionList } from '../api/versions';
import { VersionView } from './version-view';
import { TableScrollRegion } from '../../../components/table-scroll-region';

interface HistoryPageProps {
  slug: string;
  role: StaffRole;
  session: DraftSession;
}

interface Comparison {
  from: DiffSide;
  to: DiffSide;
  title: string;
  beforeLabel: string;
  afterLabel: string;
}

function ComparisonView({ slug, comparison }: { slug: string; comparison: Comparison }) {
  const diff = useDiff(slug, comparison.from, comparison.to);
  return (
    <Box component="section" aria-labelledby="comparison-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="comparison-heading" variant="h6" component="h2" tabIndex={-1}>
        {comparison.title}
      </Typography>
      {diff.isPending && <CircularProgress aria-label="Loading the changes" />}
      {diff.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(diff.error)}
        </Alert>
      )}
      {diff.data && (
        <DiffTable
          entries={diff.data}
          headingLevel={3}
          beforeLabel={comparison.beforeLabel}
          afterLabel={comparison.afterLabel}
        />
      )}
    </Box>
  );
}

/**
 * Every published version: what it changed, the whole version with a download, compare with the
 * draft, restore as the draft.
 */
export function HistoryPage({ slug, role, session }: HistoryPageProps) {
  const institution = useInstitution();
  const versions = useVersionList(slug);
  const restore = useRestoreVersion(slug);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // The dialog keeps naming the version while it fades out after a choice.
  const [asked, setAsked] = useState<number | null>(null);
  const [restored, setRestored] = useState<{ version: number; problems: Problem[] } | null>(null);
  const editable = canEdit(role);

  function confirmRestore() {
    if (confirming === null) return;
    const version = confirming;
    restore.mutate(version, {
      onSuccess: (settings) => {
        session.replaceServerState(settings);
        setRestored({ version, problems: settings.draft?.problems ?? [] });
        setConfirming(null);
      },
      onError: () => setConfirming(null),
    });
  }

  const refusal = restore.error instanceof ApiError ? restore.error : undefined;

  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1">
        History
      </Typography>
      {restored && (
        <Alert severity="success" role="status">
          Version {restored.version} is now the draft. Review it and publish to make it live.
        </Alert>
      )}
      {restored && restored.problems.length > 0 && (
        <ProblemList
          problems={restored.problems}
          title="Under the current schema these values need fixing before publishing"
        />
      )}
      {restore.isError && (
        <>
          <Alert severity="error" role="alert">
            {errorMessage(restore.error)}
          </Alert>
          {refusal && (
            <ProblemList problems={refusal.details} title="The version does not validate" />
          )}
        </>
      )}
      {versions.isPending && <CircularProgress aria-label="Loading the versions" />}
      {versions.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(versions.error)}
        </Alert>
      )}
      {versions.data && (
        <TableScrollRegion label="Published versions, scrolls sideways">
          <Table size="small" aria-label="Published versions">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Version</TableCell>
                <TableCell scope="col">Published</TableCell>
                <TableCell scope="col">By</TableCell>
                <TableCell scope="col">Comment</TableCell>
                <TableCell scope="col">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.data.map((version, index) => {
                const previous = versions.data[index + 1];
                return (
                  <TableRow key={version.version}>
                    <TableCell component="th" scope="row">
                      {version.version}
                      {index === 0 ? ' (live)' : ''}
                    </TableCell>
                    <TableCell>
                      {formatDateTime(version.publishedAt, institution.timeZone)}
                    </TableCell>
                    <TableCell>{version.publishedBy}</TableCell>
                    <TableCell>{version.comment}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                        {previous && (
                          <Button
                            size="small"
                            aria-label={`Changes in version ${version.version}`}
                            onClick={() => {
                              setViewing(null);
                              setComparison({
                                from: previous.version,
                                to: version.version,
                                title: `What version ${version.version} changed`,
                                beforeLabel: `Version ${previous.version}`,
                                afterLabel: `Version ${version.version}`,
                              });
                            }}
                          >
                            Changes
                          </Button>
                        )}
                        <Button
                          size="small"
                          onClick={() => {
                            setComparison(null);
                            setViewing(version.version);
                          }}
                        >
                          View version {version.version}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => {
                            setViewing(null);
                            setComparison({
                              from: version.version,
                              to: 'draft',
                              title: `Version ${version.version} against the draft`,
                              beforeLabel: `Version ${version.version}`,
                              afterLabel: 'Draft',
                            });
                          }}
                        >
                          Compare with the draft
                          <VisuallyHidden>: version {version.version}</VisuallyHidden>
                        </Button>
                        {editable && index > 0 && (
                          <Button
                            size="small"
                            onClick={() => {
                              setAsked(version.version);
                              setConfirming(version.version);
                            }}
                          >
                            Restore version {version.version}
                          </Button>
                        )}
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScrollRegion>
      )}
      {viewing !== null && <VersionView key={viewing} slug={slug} version={viewing} />}
      {comparison && (
        <ComparisonView
          key={`${comparison.from}-${comparison.to}`}
          slug={slug}
          comparison={comparison}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Restore version ${confirming ?? asked ?? ''}?`}
        confirmLabel="Restore as the draft"
        busy={restore.isPending}
        onConfirm={confirmRestore}
        onClose={() => setConfirming(null)}
      >
        The draft is replaced by version {confirming ?? asked}, checked against the current schema.
        Borrowers see nothing until it is published.
      </ConfirmDialog>
    </Box>
  );
}
