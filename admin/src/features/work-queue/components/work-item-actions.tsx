import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  HandleWorkItemRequest,
  ReopenWorkItemRequest,
  ReplyWorkItemRequest,
  WORK_ITEM_LIMITS,
  workItemActionAllowed,
  type WorkItemDetail,
} from '@portal/domain';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { useStaff } from '../../../lib/session/staff-context';
import { useAssignWorkItem } from '../api/assign-work-item';
import { useHandleWorkItem } from '../api/handle-work-item';
import { useReopenWorkItem } from '../api/reopen-work-item';
import { useReplyToWorkItem } from '../api/reply-to-work-item';
import { useWorkItemAssignees } from '../api/work-item-assignees';

interface ActionProps {
  slug: string;
  item: WorkItemDetail;
  /** Told what was done when the action changed the item's status (its section then goes). */
  onDone(message: string): void;
}

/** One action: its heading, what it does, and its form. */
function ActionSection(props: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

function Failure({ error }: { error: unknown }) {
  return error ? (
    <Alert severity="error" role="alert">
      {errorMessage(error)}
    </Alert>
  ) : null;
}

function AssignSection({ slug, item }: Omit<ActionProps, 'onDone'>) {
  const me = useStaff();
  const assignees = useWorkItemAssignees(slug, { enabled: true });
  const assign = useAssignWorkItem(slug, item.id);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const others = (assignees.data ?? []).filter((staff) => staff.id !== item.assignedTo?.id);
  const meListed = (assignees.data ?? []).some((staff) => staff.id === me.id);
  const send = (staffId: string, name: string) =>
    assign.mutate(
      { staffId },
      {
        onSuccess: () => {
          setDone(`Assigned to ${name}.`);
          setChosen('');
        },
      },
    );
  return (
    <ActionSection title="Assign">
      <Box
        component="form"
        aria-label="Assign the item"
        onSubmit={(event) => {
          event.preventDefault();
          const staff = others.find((candidate) => candidate.id === chosen);
          if (staff) send(staff.id, staff.name);
        }}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          label="Assign to"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 280 }}
          disabled={assignees.isPending}
        >
          <option value="">Choose a staff member</option>
          {others.map((staff) => (
            <option key={staff.id} value={staff.id}>
              {staff.name} ({staff.email})
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={chosen === '' || assign.isPending}>
          Assign
        </Button>
        {meListed && item.assignedTo?.id !== me.id && (
          <Button variant="outlined" disabled={assign.isPending} onClick={() => send(me.id, 'you')}>
            Assign to me
          </Button>
        )}
      </Box>
      {done && !assign.isPending && !assign.isError && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      <Failure error={assign.error} />
    </ActionSection>
  );
}

function HandleSection({ slug, item, onDone }: ActionProps) {
  const handle = useHandleWorkItem(slug, item.id);
  const form = useForm<HandleWorkItemRequest>({
    defaultValues: { note: '' },
    resolver: zodResolver(HandleWorkItemRequest),
  });
  return (
    <ActionSection title="Mark handled">
      <Typography variant="body2">
        Say what was done. A handled item stays handled unless it is reopened; the note goes into
        the audit log.
      </Typography>
      <Box
        component="form"
        aria-label="Mark the item handled"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          // mutateAsync: the section goes once the item reads handled, and a mutate callback
          // would go with it; the page's message must still come.
          handle.mutateAsync(values).then(
            () => onDone('Marked handled.'),
            () => undefined,
          ),
        )}
        sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}
      >
        <FormTextField
          control={form.control}
          name="note"
          label="Note"
          multiline
          minRows={3}
          required
          slotProps={{ htmlInput: { maxLength: WORK_ITEM_LIMITS.note } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={handle.isPending}>
            Mark handled
          </Button>
        </Box>
      </Box>
      <Failure error={handle.error} />
    </ActionSection>
  );
}

function ReopenSection({ slug, item, onDone }: ActionProps) {
  const reopen = useReopenWorkItem(slug, item.id);
  const form = useForm<ReopenWorkItemRequest>({
    defaultValues: { reason: '' },
    resolver: zodResolver(ReopenWorkItemRequest),
  });
  return (
    <ActionSection title="Reopen">
      <Typography variant="body2">
        Handled is final unless the item is reopened: it then goes back to whoever handled it.
      </Typography>
      <Box
        component="form"
        aria-label="Reopen the item"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          reopen.mutateAsync(values).then(
            () => onDone('Reopened.'),
            () => undefined,
          ),
        )}
        sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}
      >
        <FormTextField control={form.control} name="reason" label="Why (optional)" />
        <Box>
          <Button type="submit" variant="outlined" disabled={reopen.isPending}>
            Reopen
          </Button>
        </Box>
      </Box>
      <Failure error={reopen.error} />
    </ActionSection>
  );
}

function ReplySection({ slug, item }: Omit<ActionProps, 'onDone'>) {
  const reply = useReplyToWorkItem(slug, item.id);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const defaults = {
    subject: `Re: ${item.summary}`.slice(0, WORK_ITEM_LIMITS.replySubject),
    message: '',
  };
  const form = useForm<ReplyWorkItemRequest>({
    defaultValues: defaults,
    resolver: zodResolver(ReplyWorkItemRequest),
  });
  return (
    <ActionSection title="Reply by e-mail">
      <Typography variant="body2">
        To {item.senderName} &lt;{item.senderEmail}&gt;. Their message is quoted under your reply.
      </Typography>
      <Box
        component="form"
        aria-label="Reply by e-mail"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          reply.mutate(values, {
            onSuccess: () => {
              setSentTo(item.senderEmail);
              form.reset(defaults);
            },
          }),
        )}
        sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}
      >
        <FormTextField
          control={form.control}
          name="subject"
          label="Subject"
          required
          slotProps={{ htmlInput: { maxLength: WORK_ITEM_LIMITS.replySubject } }}
        />
        <FormTextField
          control={form.control}
          name="message"
          label="Message"
          multiline
          minRows={5}
          required
          slotProps={{ htmlInput: { maxLength: WORK_ITEM_LIMITS.replyMessage } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={reply.isPending}>
            Send reply
          </Button>
        </Box>
      </Box>
      {sentTo && !reply.isPending && !reply.isError && (
        <Alert severity="success" role="status">
          Reply sent to {sentTo}.
        </Alert>
      )}
      <Failure error={reply.error} />
    </ActionSection>
  );
}

/**
 * What an editor or a publisher may do with the item in its status (domain WORK_ITEM_TRANSITIONS):
 * assign it and mark it handled until it is handled, reopen it once it is, and answer a question
 * by e-mail whatever its status.
 */
export function WorkItemActions({ slug, item, onDone }: ActionProps) {
  return (
    <>
      {workItemActionAllowed(item.status, 'assign') && <AssignSection slug={slug} item={item} />}
      {workItemActionAllowed(item.status, 'handle') && (
        <HandleSection slug={slug} item={item} onDone={onDone} />
      )}
      {workItemActionAllowed(item.status, 'reopen') && (
        <ReopenSection slug={slug} item={item} onDone={onDone} />
      )}
      {item.canReply && <ReplySection slug={slug} item={item} />}
    </>
  );
}
