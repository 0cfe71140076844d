import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  WORK_ITEM_KIND_LABELS,
  WORK_ITEM_KINDS,
  WORK_ITEM_STATUS_LABELS,
  WORK_ITEM_STATUSES,
  WorkItemKind,
  WorkItemStatus,
  type WorkItemCount,
  type WorkItemListQuery,
} from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useInstitution } from '../../../lib/institutions/institution-context';
import { useWorkItemList } from '../api/work-item-list';
import { TableScrollRegion } from '../../../components/table-scroll-region';

function countOf(
  counts: readonly WorkItemCount[],
  match: { kind?: WorkItemCount['kind']; status?: WorkItemCount['status'] },
): number {
  return counts
    .filter(
      (count) =>
        (match.kind === undefined || count.kind === match.kind) &&
        (match.status === undefined || count.status === match.status),
    )
    .reduce((sum, count) => sum + count.count, 0);
}

/** The queue's counts: a row per kind, a column per status, and the totals. */
function CountsTable({ counts }: { counts: readonly WorkItemCount[] }) {
  return (
    // A region the keyboard reaches, as it scrolls sideways on a phone (axe scrollable-region-focusable).
    <TableScrollRegion label="Items by kind and status" maxWidth={640}>
      <Table size="small">
        <caption>
          <VisuallyHidden>Items by kind and status</VisuallyHidden>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Kind
            </TableCell>
            {WORK_ITEM_STATUSES.map((status) => (
              <TableCell key={status} component="th" scope="col" align="right">
                {WORK_ITEM_STATUS_LABELS[status]}
              </TableCell>
            ))}
            <TableCell component="th" scope="col" align="right">
              All
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...WORK_ITEM_KINDS, undefined].map((kind) => (
            <TableRow key={kind ?? 'all'}>
              <TableCell component="th" scope="row">
                {kind ? WORK_ITEM_KIND_LABELS[kind] : 'All kinds'}
              </TableCell>
              {[...WORK_ITEM_STATUSES, undefined].map((status) => (
                <TableCell key={status ?? 'all'} align="right">
                  {countOf(counts, { kind, status })}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

/** The filter in the address (`?kind=&status=`), so a filtered list can be linked and gone back to. */
function useFilter(): [WorkItemListQuery, (change: WorkItemListQuery) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const kind = WorkItemKind.safeParse(params.get('kind'));
  const status = WorkItemStatus.safeParse(params.get('status'));
  const filter: WorkItemListQuery = {
    ...(kind.success ? { kind: kind.data } : {}),
    ...(status.success ? { status: status.data } : {}),
  };
  return [
    filter,
    // Applied to the filter as the last change left it, not as it was at the last render (the
    // router's own updater reads that render's): two choices in quick succession both stay.
    (change) => {
      const search = new URLSearchParams(latest.current);
      for (const name of ['kind', 'status'] as const) {
        if (!(name in change)) continue;
        const value = change[name];
        if (value) search.set(name, value);
        else search.delete(name);
      }
      latest.current = search;
      setParams(search, { replace: true });
    },
  ];
}

export interface WorkQueuePageProps {
  slug: string;
  timeZone: string;
}

/**
 * What borrowers sent the institution (issue 22): filters by kind and status, the counts of the
 * whole queue, and the items newest first, each opening its page. Every role reads the queue;
 * editors and publishers act on an item from its page.
 */
export function WorkQueuePage({ slug, timeZone }: WorkQueuePageProps) {
  const [filter, setFilter] = useFilter();
  const list = useWorkItemList(slug, filter);
  const counts = list.data?.counts ?? [];
  return (
    <Box sx={{ p: 3, maxWidth: 1200, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Work queue
      </Typography>
      <Typography>
        What borrowers send the institution: questions, feedback, contact-info changes, documents
        and loan applications. Open an item to assign it, answer a question by e-mail or mark it
        handled with a note.
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label="Filter the work queue"
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
      >
        <TextField
          select
          label="Kind"
          value={filter.kind ?? ''}
          onChange={(event) => {
            const kind = WorkItemKind.safeParse(event.target.value);
            setFilter({ kind: kind.success ? kind.data : undefined });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          <option value="">All kinds ({countOf(counts, { status: filter.status })})</option>
          {WORK_ITEM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {WORK_ITEM_KIND_LABELS[kind]} ({countOf(counts, { kind, status: filter.status })})
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Status"
          value={filter.status ?? ''}
          onChange={(event) => {
            const status = WorkItemStatus.safeParse(event.target.value);
            setFilter({ status: status.success ? status.data : undefined });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">All statuses ({countOf(counts, { kind: filter.kind })})</option>
          {WORK_ITEM_STATUSES.map((status) => (
            <option key={status} value={status}>
              {WORK_ITEM_STATUS_LABELS[status]} ({countOf(counts, { kind: filter.kind, status })})
            </option>
          ))}
        </TextField>
      </Box>
      {list.isPending && <CircularProgress aria-label="Loading the work queue" />}
      {list.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && <CountsTable counts={list.data.counts} />}
      {list.data && list.data.items.length === 0 && (
        <Typography>
          {countOf(counts, {}) === 0 ? 'Nothing has arrived yet.' : 'No items match these filters.'}
        </Typography>
      )}
      {list.data && list.data.items.length > 0 && (
        <TableScrollRegion label="Work queue items">
          <Table size="small">
            <caption>
              <VisuallyHidden>Work queue items, newest first</VisuallyHidden>
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Received
                </TableCell>
                <TableCell component="th" scope="col">
                  Kind
                </TableCell>
                <TableCell component="th" scope="col">
                  Summary
                </TableCell>
                <TableCell component="th" scope="col">
                  From
                </TableCell>
                <TableCell component="th" scope="col">
                  Status
                </TableCell>
                <TableCell component="th" scope="col">
                  Assigned to
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    <time dateTime={item.createdAt}>
                      {formatDateTime(item.createdAt, timeZone)}
                    </time>
                  </TableCell>
                  <TableCell>{WORK_ITEM_KIND_LABELS[item.kind]}</TableCell>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={item.id}>
                      {item.summary}
                    </Link>
                  </TableCell>
                  <TableCell>{item.senderName}</TableCell>
                  <TableCell>{WORK_ITEM_STATUS_LABELS[item.status]}</TableCell>
                  <TableCell>{item.assignedTo?.name ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScrollRegion>
      )}
      {list.data && list.data.items.length >= list.data.limit && (
        <Typography variant="body2">
          Showing the newest {list.data.limit} items: choose a kind or a status to see older ones.
        </Typography>
      )}
    </Box>
  );
}

/** The route's element: the institution and its time zone from the institution layout. */
export function WorkQueueRoute() {
  const institution = useInstitution();
  return <WorkQueuePage slug={institution.slug} timeZone={institution.timeZone} />;
}
