import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
  PAYMENT_KIND_LABELS,
  CloseUnpaidRequest,
  PAYMENT_STATUS_LABELS,
  RefundedElsewhereRequest,
  type StaffPaymentDetail,
  staffRefundElsewhereRefusal,
  staffRefundRefusal,
} from '@portal/domain';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { canEdit, useInstitution } from '../../../lib/institutions/institution-context';
import {
  useCloseUnpaid,
  usePayment,
  usePostAgain,
  useRefund,
  useRefundedElsewhere,
} from '../api/payments';
import { methodText } from '../utils/payment-text';
import { TableScrollRegion } from '../../../components/table-scroll-region';

function Facts({ payment, timeZone }: { payment: StaffPaymentDetail; timeZone: string }) {
  const facts: [string, string][] = [
    ['Status', PAYMENT_STATUS_LABELS[payment.status]],
    ['Borrower', payment.borrowerName || '(removed user)'],
    ['Logon name', payment.logonName || '(removed user)'],
    ['Loan', payment.loanNumber],
    ['Kind', PAYMENT_KIND_LABELS[payment.kind]],
    ['Payment date', formatUsDate(payment.payDate)],
    ['Amount', formatUsd(payment.amountCents)],
  ];
  if (payment.additionalPrincipalCents > 0) {
    facts.push(['Additional principal', formatUsd(payment.additionalPrincipalCents)]);
  }
  if (payment.feeCents > 0) facts.push(['Fees', formatUsd(payment.feeCents)]);
  facts.push(['Total', formatUsd(payment.totalCents)], ['Method', methodText(payment.method)]);
  facts.push(['Made', formatDateTime(payment.createdAt, timeZone)]);
  if (payment.postedAt) facts.push(['Posted', formatDateTime(payment.postedAt, timeZone)]);
  if (payment.cancelledAt) {
    facts.push(['Cancelled', formatDateTime(payment.cancelledAt, timeZone)]);
  }
  if (payment.coreReference) facts.push(['Core reference', payment.coreReference]);
  if (payment.failure) facts.push(['Failure', payment.failure]);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0 },
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

export interface PaymentPageProps {
  slug: string;
  id: string;
  timeZone: string;
  /** The search the payment was opened from (the address's query), to go back to. */
  backSearch: string;
  /** Editors and publishers may post a payment under review again, and refund a card payment. */
  mayAct: boolean;
}

/**
 * What staff can do with a payment under review: find out, then post it again. The question
 * first: posting again is safe (every step is keyed, nothing moves twice) but not undone.
 */
function ReviewActions({
  slug,
  payment,
  mayAct,
  onDone,
}: {
  slug: string;
  payment: StaffPaymentDetail;
  mayAct: boolean;
  /** Told what was done (posted again, or closed as not paid): this part then goes. */
  onDone(summary: string): void;
}) {
  const postAgain = usePostAgain(slug, payment.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        action={
          mayAct ? (
            <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
              Post again
            </Button>
          ) : undefined
        }
      >
        Its posting stopped after its retries and is not tried again on its own. Check with the card
        or ACH processor and the core whether the money moved and whether the payment posted; its
        item in the work queue records what was done.
        {mayAct
          ? ' Once the cause is fixed, post it again: the money is not moved twice and the core does not post it twice. If its money never arrived, close it as not paid.'
          : ' An editor or a publisher can post it again, or close it as not paid.'}
      </Alert>
      {postAgain.isError && <Alert severity="error">{errorMessage(postAgain.error)}</Alert>}
      {mayAct && (
        <Box>
          <CloseUnpaidAction slug={slug} payment={payment} onClosed={onDone} />
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Post payment ${payment.reference} again?`}
        confirmLabel="Post again"
        busy={postAgain.isPending}
        onConfirm={() => {
          postAgain.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () =>
              onDone(
                `Payment ${payment.reference} is back to Processing: the next run posts it as of ` +
                  `${formatUsDate(payment.payDate)}.`,
              ),
          });
        }}
        onClose={() => setConfirming(false)}
      >
        It goes back to Processing and is posted by the next run, as of its payment date (
        {formatUsDate(payment.payDate)}). A charge or debit already made is not made again. If it
        fails again it comes back here.
      </ConfirmDialog>
    </>
  );
}

/**
 * What staff can do with a posted payment: a card payment can be refunded by an editor or a
 * publisher, after a question that says exactly what happens (the card refunded the whole
 * charge, the loan's posting reversed as of the payment date, the borrower e-mailed). A
 * bank-account payment cannot be refunded here (domain `staffRefundRefusal`, the decision): the
 * page says how the institution gives it back instead.
 */
function RefundAction({
  slug,
  payment,
  mayAct,
  onRefunded,
}: {
  slug: string;
  payment: StaffPaymentDetail;
  mayAct: boolean;
  /** Told what was done once the refund went through (this part then goes: it is not posted). */
  onRefunded(summary: string): void;
}) {
  const refund = useRefund(slug, payment.id);
  const [confirming, setConfirming] = useState(false);
  const refusal = staffRefundRefusal(payment);
  if (refusal) return <Alert severity="info">{refusal}</Alert>;
  const total = formatUsd(payment.totalCents);
  const method = methodText(payment.method);
  const refusedBefore =
    payment.refundRefusals > 0 ? (
      // Standing facts, not news: a note, not an alert.
      <Alert severity="warning" role="note">
        The card processor refused to refund this payment
        {payment.refundRefusals > 1 ? ` (${payment.refundRefusals} times)` : ''}, so the loan is
        credited with it again and nothing was given back. Give the money back another way (a check
        or a credit to a bank account), then record it with Refunded another way; or choose Refund
        to try the card again.
      </Alert>
    ) : null;
  if (!mayAct) return refusedBefore;
  return (
    <>
      {refusedBefore}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setConfirming(true)}>
          Refund
        </Button>
        {staffRefundElsewhereRefusal(payment) === null && (
          <RefundedElsewhereAction slug={slug} payment={payment} onRecorded={onRefunded} />
        )}
      </Box>
      {refund.isError && <Alert severity="error">{errorMessage(refund.error)}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`Refund payment ${payment.reference}?`}
        confirmLabel={`Refund ${total}`}
        busy={refund.isPending}
        onConfirm={() => {
          refund.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () =>
              onRefunded(
                `Payment ${payment.reference} is refunded: ${method} is refunded ${total}, the ` +
                  'loan’s posting is reversed, and the borrower is e-mailed.',
              ),
          });
        }}
        onClose={() => setConfirming(false)}
      >
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          <li>
            {method} is refunded {total}, the whole charge
            {payment.feeCents > 0 ? ` (its fees of ${formatUsd(payment.feeCents)} included)` : ''}.
          </li>
          <li>
            The loan&rsquo;s posting of{' '}
            {formatUsd(payment.amountCents + payment.additionalPrincipalCents)} is reversed as of
            the payment date, {formatUsDate(payment.payDate)}: the loan is as if this payment had
            not been made, and what it paid is owed again.
          </li>
          <li>The borrower is e-mailed that the payment was refunded.</li>
        </Box>
        This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

/**
 * A staff action that asks for a note first: a button opening a dialog that says what happens
 * (`children`, a list), asks the note (kept as typed when refused, its error beside it), and sends
 * it. The refund recorded another way and the close as not paid.
 */
function NoteActionDialog(props: {
  buttonLabel: string;
  title: string;
  fieldLabel: string;
  helper: string;
  confirmLabel: string;
  /** The note checked as the server checks it: its value or the field's error. */
  check(note: string): { note: string } | { error: string };
  busy: boolean;
  error: unknown;
  /** Sends the note; calls `done` once it went through. */
  send(note: string, done: () => void): void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const titleId = useId();
  const close = () => {
    if (!props.busy) setOpen(false);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {props.buttonLabel}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = props.check(note);
            if ('error' in checked) {
              setFieldError(checked.error);
              return;
            }
            setFieldError(undefined);
            props.send(checked.note, () => setOpen(false));
          }}
        >
          <DialogTitle id={titleId}>{props.title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Box component="ul" sx={{ my: 0, pl: 3 }}>
              {props.children}
            </Box>
            <TextField
              label={props.fieldLabel}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
              error={fieldError !== undefined}
              helperText={fieldError ?? props.helper}
            />
            {props.error ? <Alert severity="error">{errorMessage(props.error)}</Alert> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={props.busy}>
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

/** A zod schema's first message, or its value: what `NoteActionDialog` checks a note with. */
function checkedBy<T>(
  parse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
  shape: (note: string) => unknown,
  noteOf: (value: T) => string,
) {
  return (note: string): { note: string } | { error: string } => {
    const parsed = parse(shape(note));
    return parsed.success
      ? { note: noteOf(parsed.data) }
      : { error: parsed.error.issues[0]?.message ?? '' };
  };
}

/**
 * A card payment whose refund the processor refused, recorded as given back another way: the
 * dialog asks how, says what happens (the loan's posting reversed, no e-mail), and records it.
 */
function RefundedElsewhereAction({
  slug,
  payment,
  onRecorded,
}: {
  slug: string;
  payment: StaffPaymentDetail;
  onRecorded(summary: string): void;
}) {
  const record = useRefundedElsewhere(slug, payment.id);
  const total = formatUsd(payment.totalCents);
  return (
    <NoteActionDialog
      buttonLabel="Refunded another way"
      title={`Record payment ${payment.reference} refunded?`}
      fieldLabel="How the money went back"
      helper="For example: Check 1042 mailed on the 2nd."
      confirmLabel={`Record refund of ${total}`}
      check={checkedBy(
        (value) => RefundedElsewhereRequest.safeParse(value),
        (how) => ({ how }),
        (request) => request.how,
      )}
      busy={record.isPending}
      error={record.error}
      send={(how, done) =>
        record.mutate(
          { how },
          {
            onSuccess: () => {
              done();
              onRecorded(
                `Payment ${payment.reference} is recorded as refunded another way: the ` +
                  'loan’s posting is reversed. Tell the borrower how the money went back.',
              );
            },
          },
        )
      }
    >
      <li>
        The loan&rsquo;s posting of{' '}
        {formatUsd(payment.amountCents + payment.additionalPrincipalCents)} is reversed as of the
        payment date, {formatUsDate(payment.payDate)}: what it paid is owed again.
      </li>
      <li>
        The payment says Refunded. The card keeps its charge of {total}; the borrower is not
        e-mailed.
      </li>
    </NoteActionDialog>
  );
}

/**
 * A payment under review whose money never arrived, closed as Failed: the dialog asks what staff
 * found and says what happens (a posting the core holds reversed, the borrower e-mailed).
 */
function CloseUnpaidAction({
  slug,
  payment,
  onClosed,
}: {
  slug: string;
  payment: StaffPaymentDetail;
  onClosed(summary: string): void;
}) {
  const close = useCloseUnpaid(slug, payment.id);
  return (
    <NoteActionDialog
      buttonLabel="Close as not paid"
      title={`Close payment ${payment.reference} as not paid?`}
      fieldLabel="What you found"
      helper="For example: The bank returned the debit (R01); the core holds no posting."
      confirmLabel="Close as not paid"
      check={checkedBy(
        (value) => CloseUnpaidRequest.safeParse(value),
        (note) => ({ note }),
        (request) => request.note,
      )}
      busy={close.isPending}
      error={close.error}
      send={(note, done) =>
        close.mutate(
          { note },
          {
            onSuccess: () => {
              done();
              onClosed(
                `Payment ${payment.reference} is closed as not paid: it says Failed, and the ` +
                  'borrower is e-mailed that it could not be made.',
              );
            },
          },
        )
      }
    >
      <li>
        Only when its money never arrived: its bank sent the debit back, or no charge or debit was
        made. A card charge that was approved is refused here: refund it instead.
      </li>
      <li>
        If the core holds a posting of it, that posting of{' '}
        {formatUsd(payment.amountCents + payment.additionalPrincipalCents)} is reversed as of today:
        what it paid is owed again.
      </li>
      <li>The payment says Failed; the borrower is e-mailed that it could not be made.</li>
    </NoteActionDialog>
  );
}

/**
 * One payment of the institution: its figures, method (last four only) and its timeline, every
 * change of its status in order. Opening it is audited. A payment that needs review can be
 * posted again by an editor or a publisher (audited); marking it posted by hand is not offered.
 * A posted card payment can be refunded by them (audited).
 */
export function PaymentPage({ slug, id, timeZone, backSearch, mayAct }: PaymentPageProps) {
  const payment = usePayment(slug, id);
  const timelineHeading = useId();
  // What a refund or a new posting did, said where its button was; focus moves to it, since the
  // button (and the dialog's way back to it) is gone once the payment is refunded or processing.
  const [done, setDone] = useState<string | undefined>(undefined);
  const focusOnShow = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  // Opened from the search, the link that had focus is gone: the page starts at its heading, once
  // (when the payment first shows, not again when it is read anew after an action).
  const focusHeading = useCallback((element: HTMLHeadingElement | null) => element?.focus(), []);
  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 2 }}>
      <Box>
        <Link component={RouterLink} to={`..${backSearch}`} relative="path">
          Back to the payments
        </Link>
      </Box>
      {payment.isPending && <CircularProgress aria-label="Loading the payment" />}
      {payment.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(payment.error)}
        </Alert>
      )}
      {payment.data && (
        <>
          <Typography
            variant="h5"
            component="h1"
            tabIndex={-1}
            ref={focusHeading}
            sx={{ '&:focus': { outline: 'none' } }}
          >
            Payment {payment.data.reference}
          </Typography>
          {payment.data.status === 'needsReview' && (
            <ReviewActions slug={slug} payment={payment.data} mayAct={mayAct} onDone={setDone} />
          )}
          {payment.data.status === 'posted' && (
            <RefundAction slug={slug} payment={payment.data} mayAct={mayAct} onRefunded={setDone} />
          )}
          {done && (
            <Alert severity="success" role="status" tabIndex={-1} ref={focusOnShow}>
              {done}
            </Alert>
          )}
          <Facts payment={payment.data} timeZone={timeZone} />
          <Box
            component="section"
            aria-labelledby={timelineHeading}
            sx={{ display: 'grid', gap: 1 }}
          >
            <Typography id={timelineHeading} variant="h6" component="h2">
              Timeline
            </Typography>
            <TableScrollRegion label="Timeline, scrolls sideways">
              <Table size="small" aria-labelledby={timelineHeading}>
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Detail</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {payment.data.events.map((event, index) => (
                    <TableRow key={`${event.at}-${index}`}>
                      <TableCell>{formatDateTime(event.at, timeZone)}</TableCell>
                      <TableCell>{PAYMENT_STATUS_LABELS[event.status]}</TableCell>
                      <TableCell sx={{ minWidth: '12rem', overflowWrap: 'break-word' }}>
                        {event.detail ?? ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScrollRegion>
          </Box>
        </>
      )}
    </Box>
  );
}

/** The route's element: the payment of the address, in the institution of the layout. */
export function PaymentRoute() {
  const institution = useInstitution();
  const { id = '' } = useParams();
  const { search } = useLocation();
  return (
    <PaymentPage
      key={id}
      slug={institution.slug}
      id={id}
      timeZone={institution.timeZone}
      backSearch={search}
      mayAct={canEdit(institution.role)}
    />
  );
}
