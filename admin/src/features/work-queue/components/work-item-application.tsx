import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  applicationStatusChangeProblem,
  applicationStatusChangeProblemText,
  calendarDateIn,
  formatUsd,
  formatUsDate,
  parseUsd,
  isApplicationStatus,
  termText,
  type WorkItemApplication,
  type WorkItemDetail,
} from '@portal/domain';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { useChangeApplicationStatus, useWorkItemApplication } from '../api/work-item-application';

function Facts({ application }: { application: WorkItemApplication }) {
  const facts: [string, string][] = [
    ['Application number', application.number],
    ['Status (as the borrower sees it)', application.status],
    ['Product', application.product || '—'],
    ['Amount requested', formatUsd(application.amountRequestedCents)],
    [
      'Amount approved',
      application.amountApprovedCents > 0 ? formatUsd(application.amountApprovedCents) : '—',
    ],
    ['Term', application.termMonths === null ? '—' : termText(application.termMonths)],
    ['Last changed', formatUsDate(application.lastModified)],
    ['Funds expected', application.fundsExpected ? formatUsDate(application.fundsExpected) : '—'],
  ];
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
      <dt>Documents asked for</dt>
      <dd>
        {application.requiredDocuments.length === 0 ? (
          '—'
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {application.requiredDocuments.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </Box>
        )}
      </dd>
    </Box>
  );
}

interface StatusValues {
  status: string;
  /** The amount approved, in dollars as typed. */
  amount: string;
  /** YYYY-MM-DD or ''. */
  fundsExpected: string;
  note: string;
}

const EMPTY: StatusValues = { status: '', amount: '', fundsExpected: '', note: '' };

/** The change as the admin API takes it (cents; the fields the status does not take left out). */
function changeOf(values: StatusValues) {
  const approving = values.status === 'Approved';
  const dated = approving || values.status === 'Funded';
  return {
    amountApprovedCents: approving ? (parseUsd(values.amount) ?? null) : null,
    fundsExpected: dated && values.fundsExpected !== '' ? values.fundsExpected : null,
  };
}

/**
 * The status control: the moves the lifecycle allows from the application's status (domain
 * APPLICATION_STATUS_MOVES, as the server decides them), the amount approved when approving, a
 * date for the funds when approving or funding, a note for the audit log. The rules' problems
 * show next to their fields before anything is sent.
 */
function StatusForm(props: {
  application: WorkItemApplication;
  timeZone: string;
  change: ReturnType<typeof useChangeApplicationStatus>;
  onDone(message: string | null): void;
}) {
  const { application, change, onDone } = props;
  const resolver: Resolver<StatusValues> = (values) => {
    const errors: FieldErrors<StatusValues> = {};
    if (values.status === '') {
      errors.status = { type: 'rules', message: 'Choose the new status.' };
    } else {
      const problem = applicationStatusChangeProblem(
        application,
        { status: values.status, ...changeOf(values) },
        calendarDateIn(props.timeZone, new Date()),
      );
      if (problem) {
        const message = applicationStatusChangeProblemText(problem, application, values.status);
        const field = problem.startsWith('approvedAmount')
          ? 'amount'
          : problem.startsWith('funds')
            ? 'fundsExpected'
            : 'status';
        errors[field] = { type: 'rules', message };
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
  const form = useForm<StatusValues>({ defaultValues: EMPTY, resolver });
  const chosen = useWatch({ control: form.control, name: 'status' });
  return (
    <Box
      component="form"
      aria-label="Change the application’s status"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        if (!isApplicationStatus(values.status)) return;
        onDone(null);
        change.mutate(
          {
            status: values.status,
            expectedStatus: application.status,
            ...changeOf(values),
            note: values.note.trim() || undefined,
          },
          {
            onSuccess: (moved) =>
              onDone(`The application is ${moved.status} now: the borrower sees it.`),
          },
        );
      })}
      sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}
    >
      <FormTextField
        control={form.control}
        name="status"
        select
        label="New status"
        required
        slotProps={{ select: { native: true } }}
      >
        <option value="">Choose a status</option>
        {application.moves.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </FormTextField>
      {chosen === 'Approved' && (
        <FormTextField
          control={form.control}
          name="amount"
          label="Amount approved ($)"
          required
          helperText={`At most the ${formatUsd(application.amountRequestedCents)} requested`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {(chosen === 'Approved' || chosen === 'Funded') && (
        <FormTextField
          control={form.control}
          name="fundsExpected"
          type="date"
          label="Funds expected on (optional)"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      <FormTextField
        control={form.control}
        name="note"
        label="Note for the audit log (optional)"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          Change status
        </Button>
      </Box>
    </Box>
  );
}

/**
 * A loan application's item: the application as the core has it now (its status as the borrower
 * sees it, the amounts, the documents it asks for) and, for editors and publishers while the item
 * is not handled, the status control.
 */
export function WorkItemApplicationSection(props: {
  slug: string;
  item: WorkItemDetail;
  canAct: boolean;
  timeZone: string;
}) {
  const headingId = useId();
  const application = useWorkItemApplication(props.slug, props.item.id);
  // Here, not in the control: a move (or a refusal that the application moved meanwhile) gives
  // the control new moves, and it starts over; what happened stays said.
  const change = useChangeApplicationStatus(props.slug, props.item.id);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        Loan application
      </Typography>
      {application.isPending && <CircularProgress aria-label="Loading the application" />}
      {application.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(application.error)}
        </Alert>
      )}
      {application.data && (
        <>
          <Facts application={application.data} />
          {application.data.moves.length === 0 ? (
            <Typography variant="body2">
              {application.data.status} is final: the application’s status no longer changes.
            </Typography>
          ) : !props.canAct ? null : props.item.status === 'handled' ? (
            <Typography variant="body2">
              Reopen the item to change the application’s status.
            </Typography>
          ) : (
            <StatusForm
              // A new status starts the control over (its moves are others).
              key={application.data.status}
              application={application.data}
              timeZone={props.timeZone}
              change={change}
              onDone={setDone}
            />
          )}
        </>
      )}
      {done && !change.isPending && !change.isError && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      {change.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(change.error)}
        </Alert>
      )}
    </Box>
  );
}
