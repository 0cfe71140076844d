import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { StaffRole } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { DiffTable } from '../../../components/diff-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProblemList } from '../../../components/problem-list';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDiff } from '../../../lib/diff/get-diff';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { institutionSettingsQuery } from '../../../lib/draft/get-institution-settings';
import { useDraftSelector } from '../../../lib/draft/use-draft';
import { canEdit, canPublish } from '../../../lib/institutions/institution-context';
import { useDiscardDraft } from '../api/discard-draft';
import { usePublish } from '../api/publish';
import { lowContrastOf } from '../utils/low-contrast';

const PublishFields = z.object({
  comment: z.string().trim().min(1, 'Say what changed and why; the comment is required.').max(1000),
});
type PublishFields = z.infer<typeof PublishFields>;

interface PublishPageProps {
  slug: string;
  role: StaffRole;
  session: DraftSession;
}

function selectUnsaved(session: DraftSession) {
  return session.summary().unsaved;
}

function selectDocument(session: DraftSession) {
  return session.getDocument();
}

/** When the server last saved the draft: a save the page did not start changes it too. */
function selectDraftSavedAt(session: DraftSession) {
  return session.getServerState().draft?.updatedAt ?? '';
}

function selectHasDraft(session: DraftSession) {
  return session.getServerState().draft !== null;
}

/** The draft's changes against what borrowers see, then publish with a comment. */
export function PublishPage({ slug, role, session }: PublishPageProps) {
  const queryClient = useQueryClient();
  const unsaved = useDraftSelector(session, selectUnsaved);
  const [flushed, setFlushed] = useState(false);
  const diff = useDiff(slug, 'published', 'draft');
  // A change typed just before opening this page is saved as the page opens (its debounce, or the
  // flush on leaving the editor): the list is asked again whenever the draft is saved, or it would
  // say the draft is the same as the published settings with the change in it.
  const draftSavedAt = useDraftSelector(session, selectDraftSavedAt);
  const firstSavedAt = useRef(draftSavedAt);
  const { refetch: refetchDiff } = diff;
  useEffect(() => {
    if (draftSavedAt === firstSavedAt.current) return;
    firstSavedAt.current = draftSavedAt;
    void refetchDiff();
  }, [draftSavedAt, refetchDiff]);
  const publish = usePublish(slug);
  const form = useForm<PublishFields>({
    defaultValues: { comment: '' },
    resolver: zodResolver(PublishFields),
  });
  const [published, setPublished] = useState<number | null>(null);
  const allowed = canPublish(role);
  const hasDraft = useDraftSelector(session, selectHasDraft);
  const discard = useDiscardDraft(slug);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [discarded, setDiscarded] = useState(false);
  const document = useDraftSelector(session, selectDocument);
  const lowContrast = useMemo(() => lowContrastOf(document), [document]);
  const [confirmingContrast, setConfirmingContrast] = useState(false);

  function confirmDiscard() {
    discard.mutate(undefined, {
      onSuccess: (settings) => {
        // Unsaved keystrokes belong to the draft being thrown away.
        session.replaceServerState(settings);
        setConfirmingDiscard(false);
        setDiscarded(true);
        setPublished(null);
        void diff.refetch();
      },
      onError: () => setConfirmingDiscard(false),
    });
  }

  const submit = form.handleSubmit(() => {
    // Colours below WCAG AA are published only when the publisher says so, on the record.
    if (lowContrast.length > 0) setConfirmingContrast(true);
    else void send(false);
  });

  async function send(acceptLowContrast: boolean) {
    const comment = PublishFields.parse(form.getValues()).comment;
    await session.flush();
    publish.mutate(
      { comment, ...(acceptLowContrast ? { acceptLowContrast } : {}) },
      {
        onSettled: () => setConfirmingContrast(false),
        onSuccess: async ({ version }) => {
          setPublished(version);
          form.reset();
          const settings = await queryClient.fetchQuery({
            ...institutionSettingsQuery(slug),
            staleTime: 0,
          });
          session.replaceServerState(settings);
        },
      },
    );
  }

  const refusal = publish.error instanceof ApiError ? publish.error : undefined;
  const entries = diff.data ?? [];

  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1">
        Review and publish
      </Typography>
      {published !== null && (
        <Alert severity="success" role="status">
          Published as version {published}. Borrowers see it now.
        </Alert>
      )}
      {discarded && (
        <Alert severity="success" role="status">
          The draft is discarded. The settings are the published ones again.
        </Alert>
      )}
      {discard.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(discard.error)}
        </Alert>
      )}
      {unsaved > 0 && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void session.flush().then(() => {
                  setFlushed(true);
                  return diff.refetch();
                });
              }}
            >
              Save now
            </Button>
          }
        >
          {unsaved} {unsaved === 1 ? 'change is' : 'changes are'} not saved yet
          {flushed ? '' : ' and not in this list'}.
        </Alert>
      )}
      <Box component="section" aria-labelledby="draft-changes-heading">
        <Typography id="draft-changes-heading" variant="h6" component="h2" gutterBottom>
          Changes in the draft
        </Typography>
        {diff.isPending && <CircularProgress aria-label="Loading the changes" />}
        {diff.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(diff.error)}
          </Alert>
        )}
        {diff.data && (
          <DiffTable
            entries={entries}
            headingLevel={3}
            beforeLabel="Published"
            afterLabel="Draft"
            emptyText="The draft is the same as the published settings."
            logoBackdrop={document.shared?.themeOptions?.primaryColor}
          />
        )}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="publish-heading"
        sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
      >
        <Typography id="publish-heading" variant="h6" component="h2">
          Publish
        </Typography>
        {!allowed && (
          <Alert severity="info">Only publishers publish. Ask one to review this draft.</Alert>
        )}
        {/* Only while there is something to publish: after a publish (or with no draft) the
            colours are already live and the warning's "publishing them asks" would mislead. */}
        {hasDraft && lowContrast.length > 0 && (
          <Alert severity="warning" aria-labelledby="low-contrast-title">
            <Typography id="low-contrast-title" component="h3" variant="subtitle2">
              Brand colours fail the WCAG AA contrast check
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {lowContrast.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
            Borrowers with low vision may not be able to read text in these colours. Publishing them
            asks for your confirmation, which the audit log keeps.
          </Alert>
        )}
        {refusal && (
          <>
            <Alert severity="error" role="alert">
              {refusal.message}
            </Alert>
            <ProblemList problems={refusal.details} title="Fix these settings first" />
          </>
        )}
        {publish.isError && !refusal && (
          <Alert severity="error" role="alert">
            {errorMessage(publish.error)}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="comment"
          label="Comment"
          multiline
          minRows={2}
          required
          disabled={!allowed}
          helperText="Kept with the version and in the audit log."
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={
              !allowed || publish.isPending || (diff.data !== undefined && entries.length === 0)
            }
          >
            Publish
          </Button>
        </Box>
      </Box>
      {canEdit(role) && (hasDraft || unsaved > 0) && (
        <Box component="section" aria-labelledby="discard-heading" sx={{ display: 'grid', gap: 1 }}>
          <Typography id="discard-heading" variant="h6" component="h2">
            Discard the draft
          </Typography>
          <Typography>
            Throws away every change in the draft, saved or not. The published settings stay as they
            are.
          </Typography>
          <Box>
            <Button
              color="error"
              variant="outlined"
              onClick={() => setConfirmingDiscard(true)}
              disabled={discard.isPending}
            >
              Discard the draft
            </Button>
          </Box>
        </Box>
      )}
      <ConfirmDialog
        open={confirmingContrast}
        title="Publish colours that fail the contrast check?"
        confirmLabel="Publish anyway"
        busy={publish.isPending}
        onConfirm={() => void send(true)}
        onClose={() => setConfirmingContrast(false)}
      >
        <Box component="ul" sx={{ mt: 0, pl: 2 }}>
          {lowContrast.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </Box>
        Your name and this confirmation are recorded in the audit log.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard the draft?"
        confirmLabel="Discard"
        busy={discard.isPending}
        onConfirm={confirmDiscard}
        onClose={() => setConfirmingDiscard(false)}
      >
        Every change in the draft is lost. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
