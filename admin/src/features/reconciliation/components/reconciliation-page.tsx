import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  formatUsd,
  formatUsDate,
  isCalendarDate,
  RECONCILIATION_CATCH_UP_DAYS,
  type ReconciliationTotals,
  type StaffRole,
} from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableScrollRegion } from '../../../components/table-scroll-region';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { canPublish, useInstitution } from '../../../lib/institutions/institution-context';
import { useReconciliationRuns } from '../api/reconciliations';
import { useRunReconciliation } from '../api/run-reconciliation';
import { isOutOfDate, outcomeSeverity, outcomeText } from '../utils/reconciliation-text';

const SYSTEMS: {
  key: Exclude<keyof ReconciliationTotals, 'returned' | 'inFlight' | 'refunded'>;
  label: string;
}[] = [
  { key: 'portal', label: 'Portal payments' },
  { key: 'card', label: 'Card charges' },
  { key: 'ach', label: 'ACH debits sent' },
  { key: 'core', label: 'Core postings' },
];

function Total({ total }: { total: { count: number; cents: number } }) {
  return (
    <>
      {formatUsd(total.cents)}
      <Typography component="span" variant="body2" color="text.secondary">
        {' '}
        ({total.count})
      </Typography>
    </>
  );
}

function RunDayForm({ slug }: { slug: string }) {
  const run = useRunReconciliation(slug);
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isCalendarDate(date)) {
      setProblem('Enter the day to reconcile.');
      return;
    }
    setProblem(null);
    run.mutate(date);
  }

  return (
    <Box
      component="form"
      aria-label="Reconcile a day"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        type="date"
        label="Day to reconcile"
        name="date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={problem !== null}
        helperText={
          problem ?? 'A day the end of day has closed. It replaces the day’s earlier run.'
        }
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={run.isPending}>
        Reconcile
      </Button>
      {run.data && (
        <Alert severity={outcomeSeverity(run.data)} role="status">
          {formatUsDate(run.data.date)} is reconciled: {outcomeText(run.data)}.{' '}
          <Link component={RouterLink} to={run.data.date}>
            Open the day
          </Link>
        </Alert>
      )}
      {run.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(run.error)}
        </Alert>
      )}
    </Box>
  );
}

export interface ReconciliationPageProps {
  slug: string;
  role: StaffRole;
  timeZone: string;
}

/**
 * The daily reconciliation (issue 24): each day after the core's end of day, the portal's
 * payments are matched with the core's postings, the card charges and the ACH debits and
 * returns. Every role reads the runs; publishers (and implementers) reconcile a day again.
 */
export function ReconciliationPage({ slug, role, timeZone }: ReconciliationPageProps) {
  const runs = useReconciliationRuns(slug);
  return (
    <Box sx={{ p: 3, maxWidth: 1300, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Reconciliation
      </Typography>
      <Typography>
        Each day, after the core’s end of day, the portal’s payments are matched with the core’s
        postings, the card processor’s charges and the ACH processor’s debits and returns, each
        payment on its payment date whatever day its money moved. A day balances when they all
        agree; open a day with mismatches to see each system’s side.
      </Typography>
      {canPublish(role) ? (
        <RunDayForm slug={slug} />
      ) : (
        <Alert severity="info">Only a publisher can reconcile a day again.</Alert>
      )}
      {runs.isPending && <CircularProgress aria-label="Loading the reconciled days" />}
      {runs.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(runs.error)}
        </Alert>
      )}
      {runs.data && runs.data.runs.length === 0 && (
        <Typography>No day has been reconciled yet.</Typography>
      )}
      {runs.data && runs.data.runs.length > 0 && (
        // On a phone the table scrolls sideways in its own region, not the page.
        <TableScrollRegion label="Reconciled days, scrolls sideways">
          <Table size="small">
            <caption>
              <VisuallyHidden>Reconciled days, newest first</VisuallyHidden>
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Day
                </TableCell>
                <TableCell component="th" scope="col">
                  Outcome
                </TableCell>
                {SYSTEMS.map((system) => (
                  <TableCell key={system.key} component="th" scope="col" align="right">
                    {system.label}
                  </TableCell>
                ))}
                <TableCell component="th" scope="col" align="right">
                  ACH returns
                </TableCell>
                <TableCell component="th" scope="col">
                  Run
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data.runs.map((run) => (
                <TableRow key={run.date}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={run.date}>
                      {formatUsDate(run.date)}
                    </Link>
                  </TableCell>
                  <TableCell>{outcomeText(run)}</TableCell>
                  {SYSTEMS.map((system) => (
                    <TableCell key={system.key} align="right">
                      <Total total={run.totals[system.key]} />
                    </TableCell>
                  ))}
                  <TableCell align="right">
                    {/* Counted since migration 0043; an older run says so. */}
                    {run.totals.returned ? (
                      <Total total={run.totals.returned.ach} />
                    ) : (
                      'Not counted'
                    )}
                  </TableCell>
                  <TableCell>
                    {formatDateTime(run.ranAt, timeZone)}
                    {run.trigger === 'staff' ? ' (by staff)' : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScrollRegion>
      )}
      {runs.data?.runs.some(isOutOfDate) && (
        <Typography>
          A day out of date was reconciled before the payments in flight and the refunds were
          counted. The end of day reconciles each such day of the last{' '}
          {RECONCILIATION_CATCH_UP_DAYS} days again; a publisher can reconcile one now.
        </Typography>
      )}
    </Box>
  );
}

/** The route's element: the institution, role and zone from the institution layout. */
export function ReconciliationRoute() {
  const institution = useInstitution();
  return (
    <ReconciliationPage
      slug={institution.slug}
      role={institution.role}
      timeZone={institution.timeZone}
    />
  );
}
