import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@portal/domain';
import type { z } from 'zod';
import { DiffTable } from '../../../components/diff-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useInstitution } from '../../../lib/institutions/institution-context';
import { useAuditLog } from '../api/audit';

type Entry = z.output<typeof AuditEntry>;

const ACTION_LABELS: Record<Entry['action'], string> = {
  'draft.save': 'Saved the draft',
  'draft.discard': 'Discarded the draft',
  publish: 'Published',
  'publish.lowContrast': 'Accepted brand colours below WCAG AA contrast',
  restore: 'Restored a version as the draft',
  import: 'Imported a configuration',
  'asset.upload': 'Uploaded a branding file',
  'institution.create': 'Created the institution',
  'staff.signInFailed': 'Failed to sign in to the admin',
  'staff.locked': 'Admin sign-in locked after repeated failures',
  'payments.cardPaused': "Paused a borrower's card payments (card testing guard)",
  'workItem.assign': 'Assigned a work queue item',
  'workItem.handle': 'Marked a work queue item handled',
  'workItem.reopen': 'Reopened a work queue item',
  'workItem.reply': 'Replied by e-mail to a work queue item',
  'workItem.applicationStatus': "Changed a loan application's status",
  'document.upload': 'A borrower uploaded a document',
  'document.refuse': 'A borrower’s upload was refused',
  'document.open': 'Opened a borrower’s document',
  'branch.create': 'Added a branch',
  'branch.update': 'Changed a branch',
  'branch.delete': 'Removed a branch',
  'branch.move': 'Moved a branch in the list',
  'achFile.seal': 'Made an ACH file',
  'achFile.download': 'Downloaded an ACH file',
  'payment.open': 'Opened a payment',
  'payment.postAgain': 'Asked for a payment under review to be posted again',
  'payment.refund': 'Refunded a card payment',
  'payment.refundNotMade': 'Tried to refund a card payment; nothing was given back',
  'payment.refundElsewhere': 'Recorded a payment refunded outside the portal',
  'payment.closeUnpaid': 'Closed a payment under review as not paid',
  'reconciliation.run': 'Ran a day’s reconciliation',
};

function AuditItem({ entry }: { entry: Entry }) {
  const { timeZone } = useInstitution();
  const count = entry.changes.length;
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {ACTION_LABELS[entry.action]} · {entry.staff}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(entry.at, timeZone)}
        {count > 0 ? ` · ${count} ${count === 1 ? 'key' : 'keys'}` : ''}
      </Typography>
      {entry.comment && <Typography sx={{ mt: 0.5 }}>“{entry.comment}”</Typography>}
      {count > 0 && (
        <Box component="details" sx={{ mt: 1 }}>
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            Show the {count === 1 ? 'change' : `${count} changes`}
          </Box>
          <Box sx={{ mt: 1 }}>
            <DiffTable
              entries={entry.changes}
              headingLevel={3}
              beforeLabel="Old value"
              afterLabel="New value"
            />
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** Every change: who, when, what (keys with old and new values) and the comment. */
export function AuditPage({ slug }: { slug: string }) {
  const audit = useAuditLog(slug);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Audit log
      </Typography>
      {audit.isPending && <CircularProgress aria-label="Loading the audit log" />}
      {audit.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(audit.error)}
        </Alert>
      )}
      {audit.data && entries.length === 0 && <Typography>Nothing has changed yet.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Changes, newest first">
        {entries.map((entry) => (
          <AuditItem key={entry.id} entry={entry} />
        ))}
      </Box>
      {audit.hasNextPage && (
        <Button onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
          Show older changes
        </Button>
      )}
    </Box>
  );
}
