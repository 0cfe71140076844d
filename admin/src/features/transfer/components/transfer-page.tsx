import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportResponse, StaffRole } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { DiffTable } from '../../../components/diff-table';
import { ProblemList } from '../../../components/problem-list';
import { errorMessage } from '../../../lib/api-client';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { institutionSettingsQuery } from '../../../lib/draft/get-institution-settings';
import { useDraftSelector } from '../../../lib/draft/use-draft';
import { canEdit } from '../../../lib/institutions/institution-context';
import { exportPath } from '../../../lib/institutions/export-path';
import { useImportDocument } from '../api/transfer';

type ImportAnswer = z.output<typeof ImportResponse>;

interface TransferPageProps {
  slug: string;
  role: StaffRole;
  session: DraftSession;
}

function selectHasDraft(session: DraftSession): boolean {
  return session.getServerState().draft !== null;
}

/** The file's text (FileReader: older engines, and jsdom, lack `Blob.text`). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

type Parsed = { ok: true; document: unknown } | { ok: false; message: string };

function parseDocument(text: string): Parsed {
  if (text.trim() === '') return { ok: false, message: 'Paste or choose a configuration first.' };
  try {
    return { ok: true, document: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: 'This is not valid JSON. Check the file and try again.' };
  }
}

/** Export the published settings or the draft as JSON; import a document as the draft after a
 * dry run that shows its validation problems and its changes. */
export function TransferPage({ slug, role, session }: TransferPageProps) {
  const queryClient = useQueryClient();
  const hasDraft = useDraftSelector(session, selectHasDraft);
  const editable = canEdit(role);
  const importer = useImportDocument(slug);
  const [text, setText] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  /** The dry run of exactly the text that is in the box (cleared when the text changes). */
  const [checked, setChecked] = useState<{ text: string; answer: ImportAnswer } | null>(null);
  const [applied, setApplied] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  function changeText(next: string) {
    setText(next);
    setFormatError(null);
    setApplied(false);
    if (checked && checked.text !== next) setChecked(null);
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      changeText(await readText(file));
    } catch {
      setFormatError('The file could not be read. Choose it again.');
    }
  }

  function dryRun() {
    const parsed = parseDocument(text);
    if (!parsed.ok) {
      setFormatError(parsed.message);
      return;
    }
    const sent = text;
    importer.mutate(
      { document: parsed.document, dryRun: true },
      {
        onSuccess: (answer) => {
          setChecked({ text: sent, answer });
          requestAnimationFrame(() => resultHeading.current?.focus());
        },
      },
    );
  }

  async function apply() {
    if (!checked) return;
    const parsed = parseDocument(checked.text);
    if (!parsed.ok) return;
    // Typed changes still on their way would land on top of the imported draft.
    await session.flush();
    importer.mutate(
      { document: parsed.document, dryRun: false },
      {
        onSuccess: async (answer) => {
          if (!answer.applied) {
            setChecked({ text: checked.text, answer });
            return;
          }
          setApplied(true);
          setChecked(null);
          setText('');
          const settings = await queryClient.fetchQuery({
            ...institutionSettingsQuery(slug),
            staleTime: 0,
          });
          session.replaceServerState(settings);
        },
      },
    );
  }

  const answer = checked?.answer;
  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1">
        Import and export
      </Typography>

      <Box component="section" aria-labelledby="export-heading" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="export-heading" variant="h6" component="h2">
          Export
        </Typography>
        <Typography>
          Download the settings as a JSON file, to keep a copy or to import them elsewhere.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" href={exportPath(slug, 'published')} download>
            Download the published settings
          </Button>
          {hasDraft && (
            <Button variant="outlined" href={exportPath(slug, 'draft')} download>
              Download the draft
            </Button>
          )}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="import-heading" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="import-heading" variant="h6" component="h2">
          Import
        </Typography>
        {!editable ? (
          <Alert severity="info">Only editors and publishers import settings.</Alert>
        ) : (
          <>
            <Typography>
              The imported settings replace the draft. Check them first: nothing changes until you
              apply them, and borrowers see nothing until the draft is published.
            </Typography>
            {applied && (
              <Alert severity="success" role="status">
                The imported settings are now the draft. Review and publish them to make them live.
              </Alert>
            )}
            <Box>
              <Typography component="label" htmlFor="import-file" variant="body2">
                Configuration file (JSON)
              </Typography>
              <Box
                component="input"
                id="import-file"
                type="file"
                accept="application/json,.json"
                onChange={(event: ChangeEvent<HTMLInputElement>) => void chooseFile(event)}
                sx={{ display: 'block', mt: 0.5 }}
              />
            </Box>
            <TextField
              label="Configuration (JSON)"
              value={text}
              onChange={(event) => changeText(event.target.value)}
              multiline
              minRows={6}
              maxRows={20}
              error={formatError !== null}
              helperText={formatError ?? 'Choose a file above, or paste the JSON here.'}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            {importer.isError && (
              <Alert severity="error" role="alert">
                {errorMessage(importer.error)}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={dryRun} disabled={importer.isPending}>
                Check the import
              </Button>
              {answer && (
                <Button
                  variant="contained"
                  onClick={() => void apply()}
                  disabled={!answer.valid || importer.isPending}
                >
                  Apply as the draft
                </Button>
              )}
            </Box>
            {answer && (
              <Box
                component="section"
                aria-labelledby="check-heading"
                sx={{ display: 'grid', gap: 2 }}
              >
                <Typography
                  id="check-heading"
                  ref={resultHeading}
                  tabIndex={-1}
                  variant="h6"
                  component="h3"
                >
                  {answer.valid
                    ? 'The import is valid'
                    : 'The import cannot be applied until these problems are fixed'}
                </Typography>
                <ProblemList problems={answer.problems} title="Validation problems" />
                <DiffTable
                  entries={answer.diff}
                  headingLevel={4}
                  beforeLabel={hasDraft ? 'Draft now' : 'Published now'}
                  afterLabel="Imported"
                  emptyText="The import changes nothing."
                />
              </Box>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
