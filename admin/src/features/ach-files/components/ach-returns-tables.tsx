import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AchChangeNoticeReceived,
  type AchDay,
  type AchReturnReceived,
  formatUsd,
  formatWeekdayLongDate,
  PAYMENT_STATUS_LABELS,
} from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { TableScrollRegion } from '../../../components/table-scroll-region';

type Received = AchReturnReceived | AchChangeNoticeReceived;

/** The portal's payment of a debit, as staff search for it under Payments. */
function PaymentCell({ payment }: { payment: Received['payment'] }) {
  if (!payment) {
    return <TableCell>No payment of the portal</TableCell>;
  }
  return (
    <TableCell>
      {payment.referenceNumber}
      <Typography variant="body2" color="text.secondary">
        {PAYMENT_STATUS_LABELS[payment.status]}
      </Typography>
    </TableCell>
  );
}

/** The sealed file that sent the debit, when known, and its trace number always. */
function OriginalDebitCell({ received }: { received: Received }) {
  const file = received.originalFile;
  return (
    <TableCell>
      {file
        ? `File ${file.fileIdModifier} of ${formatWeekdayLongDate(file.date)}`
        : 'File not known'}
      <Typography variant="body2" color="text.secondary">
        Trace {received.traceNumber}
      </Typography>
    </TableCell>
  );
}

function DayCell({ date }: { date: string }) {
  return (
    <TableCell component="th" scope="row">
      <time dateTime={date}>{formatWeekdayLongDate(date)}</time>
    </TableCell>
  );
}

function ReturnsTable({ days }: { days: readonly AchDay[] }) {
  return (
    <TableScrollRegion label="ACH returns received, scrolls sideways">
      <Table size="small">
        <caption>
          <VisuallyHidden>ACH returns received, newest first</VisuallyHidden>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Received
            </TableCell>
            <TableCell component="th" scope="col">
              Payment
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Amount
            </TableCell>
            <TableCell component="th" scope="col">
              Reason
            </TableCell>
            <TableCell component="th" scope="col">
              Original debit
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.flatMap((day) =>
            day.returns.map((received) => (
              <TableRow key={`${day.date}:${received.traceNumber}`}>
                <DayCell date={day.date} />
                <PaymentCell payment={received.payment} />
                <TableCell align="right">{formatUsd(received.amountCents)}</TableCell>
                <TableCell>
                  {received.reasonCode}: {received.reason}
                </TableCell>
                <OriginalDebitCell received={received} />
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

function NoticesTable({ days }: { days: readonly AchDay[] }) {
  return (
    <TableScrollRegion label="Notifications of change received, scrolls sideways">
      <Table size="small">
        <caption>
          <VisuallyHidden>Notifications of change received, newest first</VisuallyHidden>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Received
            </TableCell>
            <TableCell component="th" scope="col">
              Payment
            </TableCell>
            <TableCell component="th" scope="col">
              Change
            </TableCell>
            <TableCell component="th" scope="col">
              Original debit
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.flatMap((day) =>
            day.notices.map((notice) => (
              <TableRow key={`${day.date}:${notice.traceNumber}`}>
                <DayCell date={day.date} />
                <PaymentCell payment={notice.payment} />
                <TableCell>
                  {notice.changeCode}: {notice.change}
                </TableCell>
                <OriginalDebitCell received={notice} />
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

/**
 * What the borrowers' banks sent back, by the day it came: returns (the debit sent back, with
 * NACHA's reason) and notifications of change (the debit taken, the account to be named
 * differently). The portal applies both on its own; these say what came and for which payment.
 */
export function AchReturnsSection({ days }: { days: readonly AchDay[] }) {
  const returns = days.some((day) => day.returns.length > 0);
  const notices = days.some((day) => day.notices.length > 0);
  return (
    <>
      <Typography variant="h6" component="h2">
        Returns and notifications of change
      </Typography>
      <Typography>
        What the borrowers’ banks sent back, by the day it came. The portal applies each on its own:
        a returned payment is taken off its loan and its borrower told; a notification of change
        corrects the saved bank account for the next debit.
      </Typography>
      {returns ? <ReturnsTable days={days} /> : <Typography>No returns received.</Typography>}
      {notices ? (
        <NoticesTable days={days} />
      ) : (
        <Typography>No notifications of change received.</Typography>
      )}
    </>
  );
}
