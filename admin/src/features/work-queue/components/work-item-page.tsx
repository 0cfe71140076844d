import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  WORK_ITEM_KIND_LABELS,
  WORK_ITEM_STATUS_LABELS,
  type StaffRole,
  type WorkItemDetail,
} from '@portal/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { canEdit, useInstitution } from '../../../lib/institutions/institution-context';
import { useWorkItem } from '../api/work-item';
import { WorkItemActions } from './work-item-actions';
import { WorkItemApplicationSection } from './work-item-application';
import { WorkItemDetails, WorkItemDocumentLink } from './work-item-details';

/** Who raised the item: a payment's is raised by the portal itself, about a borrower's payment. */
function sentBy(item: WorkItemDetail): string {
  if (item.kind === 'paymentReview') return 'The portal, about a borrower’s payment';
  return item.fromBorrower ? 'A signed-in borrower' : 'A visitor of the public pages';
}

/** The payment a 'paymentReview' item is about (its details' paymentId), if it names one. */
function paymentIdOf(item: WorkItemDetail): string | undefined {
  const id = item.details.paymentId;
  return item.kind === 'paymentReview' && typeof id === 'string' ? id : undefined;
}

/** The details as listed: a payment's id is the link under them, not a line. */
function detailsShown(item: WorkItemDetail): Record<string, unknown> {
  if (!paymentIdOf(item)) return item.details;
  const { paymentId: _linked, ...rest } = item.details;
  return rest;
}

function Facts({ item, timeZone }: { item: WorkItemDetail; timeZone: string }) {
  const facts: [string, string][] = [
    ['Kind', WORK_ITEM_KIND_LABELS[item.kind]],
    ['Status', WORK_ITEM_STATUS_LABELS[item.status]],
    ['Received', formatDateTime(item.createdAt, timeZone)],
    ['From', item.senderEmail ? `${item.senderName} <${item.senderEmail}>` : item.senderName],
    ['Sent by', sentBy(item)],
    [
      'Assigned to',
      item.assignedTo ? `${item.assignedTo.name} (${item.assignedTo.email})` : 'Nobody yet',
    ],
  ];
  if (item.handledAt) facts.push(['Handled', formatDateTime(item.handledAt, timeZone)]);
  if (item.handledNote) facts.push(['Note', item.handledNote]);
  if (item.reference) facts.push(['Reference', item.reference]);
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
        '& dd': { m: 0, whiteSpace: 'pre-wrap' },
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

export interface WorkItemPageProps {
  slug: string;
  id: string;
  role: StaffRole;
  timeZone: string;
}

/**
 * One item of the work queue: what it is, who sent it, where it stands and what the sender
 * recorded; for editors and publishers the actions of its status (assign, mark handled with a
 * note, reopen, reply by e-mail to a question). A viewer reads it all and is told why there are
 * no actions.
 */
export function WorkItemPage({ slug, id, role, timeZone }: WorkItemPageProps) {
  const item = useWorkItem(slug, id);
  const detailsHeading = useId();
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // An action that ends its own section (handled, reopened) leaves the focus on its message.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  // Opened from the queue, the link that had focus is gone: the page starts at its heading, once
  // (when the item first shows, not again when it is read anew after an action).
  const focusHeading = useCallback((element: HTMLHeadingElement | null) => element?.focus(), []);
  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 2 }}>
      <Box>
        <Link component={RouterLink} to=".." relative="path">
          Back to the work queue
        </Link>
      </Box>
      {item.isPending && <CircularProgress aria-label="Loading the item" />}
      {item.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(item.error)}
        </Alert>
      )}
      {item.data && (
        <>
          <Typography
            variant="h5"
            component="h1"
            tabIndex={-1}
            ref={focusHeading}
            sx={{ '&:focus': { outline: 'none' } }}
          >
            {item.data.summary}
          </Typography>
          <Facts item={item.data} timeZone={timeZone} />
          {done && (
            <Alert ref={doneRef} tabIndex={-1} severity="success" role="status">
              {done}
            </Alert>
          )}
          <Box
            component="section"
            aria-labelledby={detailsHeading}
            sx={{ display: 'grid', gap: 1 }}
          >
            <Typography id={detailsHeading} variant="h6" component="h2">
              What was sent
            </Typography>
            <WorkItemDetails details={detailsShown(item.data)} />
            {paymentIdOf(item.data) && (
              <Box>
                <Link
                  component={RouterLink}
                  to={`../../payments/${paymentIdOf(item.data) ?? ''}`}
                  relative="path"
                >
                  Open the payment
                </Link>
              </Box>
            )}
            {item.data.kind === 'document' && (
              <WorkItemDocumentLink slug={slug} itemId={item.data.id} />
            )}
          </Box>
          {item.data.kind === 'application' && (
            <WorkItemApplicationSection
              slug={slug}
              item={item.data}
              canAct={canEdit(role)}
              timeZone={timeZone}
            />
          )}
          {canEdit(role) ? (
            <WorkItemActions slug={slug} item={item.data} onDone={setDone} />
          ) : (
            <Alert severity="info">
              Your role (viewer) can read the work queue but not act on it.
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}

/** The route's element: the item of the address, in the institution of the layout. */
export function WorkItemRoute() {
  const institution = useInstitution();
  const { id = '' } = useParams();
  return (
    <WorkItemPage
      key={id}
      slug={institution.slug}
      id={id}
      role={institution.role}
      timeZone={institution.timeZone}
    />
  );
}
