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
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  formatUsDate,
  RECONCILIATION_CATCH_UP_DAYS,
  RECONCILIATION_PROBLEM_LABELS,
  type ReconciliationItems,
  type ReconciliationMismatch,
  type ReconciliationTotals,
  type StaffRole,
} from '@portal/domain';
import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { TableScrollRegion } from '../../../components/table-scroll-region';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { canPublish, useInstitution } from '../../../lib/institutions/institution-context';
import { useReconciliationRun } from '../api/reconciliations';
import { useRunReconciliation } from '../api/run-reconciliation';
import {
  isOutOfDate,
  outcomeSeverity,
  outcomeText,
  portalStatusText,
} from '../utils/reconciliation-text';

interface ItemRow {
  system: string;
  reference: string;
  amount: string;
  status: string;
  date: string;
}

/** Each system's side of a payment, one row each ('None' where it has nothing). */
function itemRows(items: ReconciliationItems, timeZone: string): ItemRow[] {
  const none = (system: string): ItemRow => ({
    system,
    reference: 'None',
    amount: '',
    status: '',
    date: '',
  });
  const { portal, card, ach, core } = items;
  return [
    portal
      ? {
          system: 'Portal',
          reference: portal.referenceNumber,
          amount: `${formatUsd(portal.totalCents)} (${formatUsd(portal.postedCents)} to the loan)`,
          status: `${portalStatusText(portal.status)}, ${portal.method === 'card' ? 'card' : 'bank account'}`,
          date: formatUsDate(portal.payDate),
        }
      : none('Portal'),
    card
      ? {
          system: 'Card processor',
          reference: card.chargeId,
          amount: formatUsd(card.amountCents),
          status: card.refunded
            ? 'Approved, refunded'
            : card.status === 'approved'
              ? 'Approved'
              : 'Declined',
          date: formatDateTime(card.chargedAt, timeZone),
        }
      : none('Card processor'),
    ach
      ? {
          system: 'ACH processor',
          reference: `Trace ${ach.traceNumber}`,
          amount: formatUsd(ach.amountCents),
          status: ach.returnReasonCode
            ? `Returned (${ach.returnReasonCode})`
            : ach.filed
              ? 'Filed'
              : 'Waiting for a file',
          date: formatUsDate(ach.processingDate),
        }
      : none('ACH processor'),
    core
      ? {
          system: 'Core',
          reference: core.reference,
          amount: formatUsd(core.amountCents),
          status: core.reversed ? 'Reversed' : 'Posted',
          date: formatUsDate(core.date),
        }
      : none('Core'),
  ];
}

function MismatchSection({
  mismatch,
  timeZone,
}: {
  mismatch: ReconciliationMismatch;
  timeZone: string;
}) {
  const headingId = useId();
  const title = mismatch.items.portal
    ? `Payment ${mismatch.items.portal.referenceNumber}`
    : `Unknown payment ${mismatch.paymentId}`;
  return (
    // minWidth 0: a grid item otherwise grows to its table's width, past a phone's screen.
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 1, minWidth: 0 }}
    >
      {/* An unknown payment's id is one long word: it breaks rather than widen the page. */}
      <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {mismatch.problems.map((problem, index) => (
          <li key={index}>
            <strong>{RECONCILIATION_PROBLEM_LABELS[problem.kind]}:</strong> {problem.detail}
          </li>
        ))}
      </Box>
      <TableScrollRegion label={`Each system’s side of ${title}, scrolls sideways`}>
        <Table size="small" aria-label={`Each system’s side of ${title}`}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                System
              </TableCell>
              <TableCell component="th" scope="col">
                Reference
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Amount
              </TableCell>
              <TableCell component="th" scope="col">
                Status
              </TableCell>
              <TableCell component="th" scope="col">
                Date
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {itemRows(mismatch.items, timeZone).map((row) => (
              <TableRow key={row.system}>
                <TableCell component="th" scope="row">
                  {row.system}
                </TableCell>
                <TableCell>{row.reference}</TableCell>
                <TableCell align="right">{row.amount}</TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell>{row.date}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScrollRegion>
    </Box>
  );
}

type Total = { count: number; cents: number };

/** The rows of the day's totals: each system's, what is in flight, and what came back. */
function totalRows(totals: ReconciliationTotals): (readonly [string, Total])[] {
  const { returned, inFlight, refunded } = totals;
  return [
    ['Portal payments (with fees)', totals.portal],
    ['Card charges', totals.card],
    ['ACH debits sent', totals.ach],
    ['Core postings (without fees)', totals.core],
    // What of the portal's side has not moved money yet, as the server counted it.
    ...(inFlight && inFlight.count > 0
      ? ([['Processing: money not moved yet (with fees)', inFlight]] as const)
      : []),
    // Of those, what the bank sent back and what staff refunded, as each system has it.
    ...(returned
      ? ([
          ['Returned in the portal (with fees)', returned.portal],
          ['ACH returns', returned.ach],
          ['Core reversals (without fees)', returned.core],
        ] as const)
      : []),
    ...(refunded
      ? ([
          ['Refunded in the portal (with fees)', refunded.portal],
          ['Card refunds', refunded.card],
          ['Core reversals of refunds (without fees)', refunded.core],
        ] as const)
      : []),
  ];
}

/** A run counted by earlier rules: say so, and let a publisher make it again. */
function OutOfDateNotice({ slug, date, role }: { slug: string; date: string; role: StaffRole }) {
  const rerun = useRunReconciliation(slug);
  return (
    <Alert
      severity="warning"
      role="note"
      action={
        canPublish(role) ? (
          <Button
            color="inherit"
            size="small"
            disabled={rerun.isPending}
            onClick={() => rerun.mutate(date)}
          >
            Reconcile again
          </Button>
        ) : undefined
      }
    >
      This day was reconciled before the payments in flight and the refunds were counted: its
      figures may be out of date. The end of day reconciles it again if it is among the last{' '}
      {RECONCILIATION_CATCH_UP_DAYS} days
      {canPublish(role) ? '; you can reconcile it now.' : '; a publisher can reconcile it now.'}
      {rerun.isError && (
        <Box component="span" role="alert" sx={{ display: 'block', mt: 1 }}>
          {errorMessage(rerun.error)}
        </Box>
      )}
    </Alert>
  );
}

export interface ReconciliationDayPageProps {
  slug: string;
  date: string;
  role: StaffRole;
  timeZone: string;
}

/** A reconciled day: each system's totals, then each payment out of balance with every side. */
export function ReconciliationDayPage({ slug, date, role, timeZone }: ReconciliationDayPageProps) {
  const run = useReconciliationRun(slug, date);
  const inFlight = run.data?.totals.inFlight;
  return (
    <Box sx={{ p: 3, maxWidth: 1300, display: 'grid', gap: 2 }}>
      <Box>
        <Link component={RouterLink} to=".." relative="path">
          Back to the reconciled days
        </Link>
      </Box>
      <Typography variant="h5" component="h1">
        Reconciliation of {formatUsDate(date)}
      </Typography>
      {run.isPending && <CircularProgress aria-label="Loading the day" />}
      {run.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(run.error)}
        </Alert>
      )}
      {run.data && (
        <>
          <Alert severity={outcomeSeverity(run.data)} role="status">
            {outcomeText(run.data)}. Run {formatDateTime(run.data.ranAt, timeZone)}
            {run.data.trigger === 'staff' ? ' by staff' : ' after the end of day'}.
          </Alert>
          {isOutOfDate(run.data) && <OutOfDateNotice slug={slug} date={date} role={role} />}
          <TableScrollRegion label="Totals of the day, scrolls sideways">
            <Table size="small" aria-label="Totals of the day">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    System
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Items
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Total
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {totalRows(run.data.totals).map(([label, total]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell align="right">{total.count}</TableCell>
                    <TableCell align="right">{formatUsd(total.cents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
          {inFlight && inFlight.count > 0 && (
            <Typography>
              Processing: the day’s payments the portal took whose money has not moved yet (a debit
              waiting for its file, or not taken yet). They are not a mismatch: each counts on every
              side once its debit is sent and it posts, and a debit still in no file after the next
              morning is a mismatch.
            </Typography>
          )}
          {run.data.mismatches.map((mismatch) => (
            <MismatchSection key={mismatch.paymentId} mismatch={mismatch} timeZone={timeZone} />
          ))}
        </>
      )}
    </Box>
  );
}

/** The route's element: the day of the address, in the institution of the layout. */
export function ReconciliationDayRoute() {
  const institution = useInstitution();
  const { date = '' } = useParams();
  return (
    <ReconciliationDayPage
      key={date}
      slug={institution.slug}
      date={date}
      role={institution.role}
      timeZone={institution.timeZone}
    />
  );
}
