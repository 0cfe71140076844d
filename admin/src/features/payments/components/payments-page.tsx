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
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  PaymentStatus,
  StaffPaymentSearchQuery,
} from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useInstitution } from '../../../lib/institutions/institution-context';
import { searchParamsOf, usePaymentSearch } from '../api/payments';
import { methodText } from '../utils/payment-text';
import { TableScrollRegion } from '../../../components/table-scroll-region';

const TEXT_FIELDS = [
  { name: 'borrower', label: 'Borrower (logon name or name)' },
  { name: 'loanNumber', label: 'Loan number' },
  { name: 'reference', label: 'Confirmation number' },
] as const;

/** The search in the address, so a search can be linked and gone back to from a payment. */
function criteriaOf(params: URLSearchParams): StaffPaymentSearchQuery {
  const parsed = StaffPaymentSearchQuery.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : {};
}

function SearchForm({
  criteria,
  onSearch,
}: {
  criteria: StaffPaymentSearchQuery;
  onSearch(criteria: StaffPaymentSearchQuery): void;
}) {
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(searchParamsOf(criteria)),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: string) => draft[name] ?? '';
  const change = (name: string, value: string) => setDraft({ ...draft, [name]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = StaffPaymentSearchQuery.safeParse(
      Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== '')),
    );
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the search.');
      return;
    }
    setProblem(null);
    onSearch(parsed.data);
  }

  return (
    <Box
      component="form"
      role="search"
      aria-label="Search the payments"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      {TEXT_FIELDS.map(({ name, label }) => (
        <TextField
          key={name}
          label={label}
          name={name}
          value={field(name)}
          onChange={(event) => change(name, event.target.value)}
          sx={{ minWidth: 220 }}
        />
      ))}
      <TextField
        type="date"
        label="Payment date from"
        name="from"
        value={field('from')}
        onChange={(event) => change('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label="Payment date to"
        name="to"
        value={field('to')}
        onChange={(event) => change('to', event.target.value)}
        error={problem !== null}
        helperText={problem ?? ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        label="Status"
        name="status"
        value={field('status')}
        onChange={(event) => change('status', event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        <option value="">All statuses</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_STATUS_LABELS[status]}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        Search
      </Button>
    </Box>
  );
}

export interface PaymentsPageProps {
  slug: string;
  timeZone: string;
}

/**
 * The institution's payments (issue 24 item 3): searched by borrower, loan number, confirmation
 * number, payment date or status; each opens its page with its timeline. Every role reads them;
 * a payment that needs review also has its item in the work queue.
 */
export function PaymentsPage({ slug, timeZone }: PaymentsPageProps) {
  const [params, setParams] = useSearchParams();
  const criteria = criteriaOf(params);
  const search = usePaymentSearch(slug, criteria);
  const needsReview = PaymentStatus.enum.needsReview;
  return (
    <Box sx={{ p: 3, maxWidth: 1300, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Payments
      </Typography>
      <Typography>
        Find a borrower’s payments by their logon name or name, a loan number, a confirmation number
        or the payment dates. Open one to see each change of its status. Payments whose posting
        stopped are “{PAYMENT_STATUS_LABELS[needsReview]}”: they are not tried again on their own.
      </Typography>
      <SearchForm
        key={params.toString()}
        criteria={criteria}
        onSearch={(next) => setParams(searchParamsOf(next))}
      />
      {search.isPending && <CircularProgress aria-label="Loading the payments" />}
      {search.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(search.error)}
        </Alert>
      )}
      {search.data && search.data.payments.length === 0 && (
        <Typography role="status">No payments match this search.</Typography>
      )}
      {search.data && search.data.payments.length > 0 && (
        <>
          <Typography role="status">
            {search.data.payments.length === search.data.limit
              ? `The newest ${search.data.limit} payments that match; narrow the search for others.`
              : `${search.data.payments.length} ${search.data.payments.length === 1 ? 'payment matches' : 'payments match'}.`}
          </Typography>
          {/* A region the keyboard can scroll: on a phone the columns after Confirmation are
              reached by scrolling it sideways. */}
          <TableScrollRegion label="Payments found, scrolls sideways">
            <Table size="small" aria-label="Payments found">
              <TableHead>
                <TableRow>
                  {/* Status second: what a search is usually for, in view on a phone too. */}
                  <TableCell>Payment date</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Confirmation</TableCell>
                  <TableCell>Borrower</TableCell>
                  <TableCell>Loan</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Method</TableCell>
                  <TableCell>Made</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {search.data.payments.map((payment) => (
                  <TableRow key={payment.id}>
                    <TableCell>{formatUsDate(payment.payDate)}</TableCell>
                    <TableCell>{PAYMENT_STATUS_LABELS[payment.status]}</TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`${payment.id}?${params.toString()}`}>
                        {payment.reference}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {payment.borrowerName || '(removed user)'}
                      {payment.logonName && (
                        <Typography variant="body2" color="text.secondary" component="span">
                          {' '}
                          ({payment.logonName})
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{payment.loanNumber}</TableCell>
                    <TableCell align="right">{formatUsd(payment.totalCents)}</TableCell>
                    <TableCell>{methodText(payment.method)}</TableCell>
                    <TableCell>{formatDateTime(payment.createdAt, timeZone)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
        </>
      )}
    </Box>
  );
}

/** The route's element, in the institution of the layout. */
export function PaymentsRoute() {
  const institution = useInstitution();
  return <PaymentsPage slug={institution.slug} timeZone={institution.timeZone} />;
}
