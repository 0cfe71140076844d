import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AGREEMENT_TYPES,
  AgreementSetupError,
  formatAgreementSetup,
  INVALID_AGREEMENT_TYPE_MESSAGE,
  MAX_AGREEMENTS,
  parseAgreementSetup,
  type AgreementType,
} from '@portal/settings-schema';
import { memo, useState } from 'react';
import { useDraftValue } from '../../../lib/draft/use-draft';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { isSettingsFormContext, textOf } from '../utils/form-context';
import type { SettingWidgetProps } from './basic-widgets';

interface AgreementRow {
  url: string;
  date: string;
  name: string;
  whenToAgree: AgreementType[];
}

const TYPE_LABELS: Record<AgreementType, string> = {
  login: 'At sign-in',
  registration: 'At registration',
  ach: 'ACH payments',
  estatements: 'E-statements',
  texting: 'Text messages',
  ecommunicationreagree: 'E-communication re-agree',
};

type Parsed = { ok: true; rows: AgreementRow[] } | { ok: false; messages: string[] };

/** The settings text that words an unknown when-to-agree name for administrators. */
export const INVALID_AGREEMENT_TYPE_TEXT_KEY = 'agreementTexts.invalidAgreementTypeText';

/** A setup problem with the parser's 'Invalid agreement type' in the institution's wording. */
export function wordedSetupProblem(message: string, invalidTypeText: string): string {
  const text = invalidTypeText.trim();
  return text === '' ? message : message.replaceAll(INVALID_AGREEMENT_TYPE_MESSAGE, text);
}

/**
 * Every problem of the setup, each naming its row; an unknown when-to-agree name in the
 * institution's `agreementTexts.invalidAgreementTypeText` (the draft's, when it has one).
 */
function describeSetupError(error: unknown, invalidTypeText: string): string[] {
  if (!(error instanceof AgreementSetupError)) {
    return [error instanceof Error ? error.message : 'The setup cannot be read'];
  }
  return error.problems.map(({ entryIndex, message: parsed }) => {
    const message = wordedSetupProblem(parsed, invalidTypeText);
    const prefix = `Agreement ${(entryIndex ?? 0) + 1}`;
    return entryIndex !== undefined && !message.startsWith(prefix)
      ? `${prefix}: ${message}`
      : message;
  });
}

function parse(text: string, invalidTypeText: string): Parsed {
  try {
    return {
      ok: true,
      rows: parseAgreementSetup(text).map(({ url, date, name, whenToAgree }) => ({
        url,
        date,
        name,
        whenToAgree,
      })),
    };
  } catch (error) {
    return { ok: false, messages: describeSetupError(error, invalidTypeText) };
  }
}

/** What is missing in a row, or undefined when it is complete. */
function rowProblem(row: AgreementRow): string | undefined {
  const missing = [
    row.url.trim() === '' ? 'the URL' : undefined,
    row.date === '' ? 'the date' : undefined,
    row.name.trim() === '' ? 'the name' : undefined,
    row.whenToAgree.length === 0 ? 'when to agree' : undefined,
  ].filter((part) => part !== undefined);
  if (missing.length > 0) return `Enter ${missing.join(', ')}.`;
  if ([row.url, row.name].some((part) => part.includes('|'))) {
    return 'The URL and name cannot contain |.';
  }
  return undefined;
}

interface RowEditorProps {
  id: string;
  index: number;
  row: AgreementRow;
  problem: string | undefined;
  readOnly: boolean;
  onChange: (row: AgreementRow) => void;
  onRemove: () => void;
  onFocus: () => void;
}

function AgreementRowEditor({
  id,
  index,
  row,
  problem,
  readOnly,
  onChange,
  onRemove,
  onFocus,
}: RowEditorProps) {
  const rowId = `${id}-row${index}`;
  const problemId = `${rowId}-problem`;
  const described = problem ? problemId : undefined;
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Agreement {index + 1}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { md: '2fr 1fr 2fr' } }}>
        <TextField
          id={`${rowId}-url`}
          label="URL"
          size="small"
          value={row.url}
          onChange={(event) => onChange({ ...row, url: event.target.value.trim() })}
          onFocus={onFocus}
          slotProps={{
            htmlInput: { readOnly, inputMode: 'url', 'aria-describedby': described },
          }}
        />
        <TextField
          id={`${rowId}-date`}
          label="Date of the terms"
          type="date"
          size="small"
          value={row.date}
          onChange={(event) => onChange({ ...row, date: event.target.value })}
          onFocus={onFocus}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { readOnly, 'aria-describedby': described },
          }}
        />
        <TextField
          id={`${rowId}-name`}
          label="Name"
          size="small"
          value={row.name}
          onChange={(event) => onChange({ ...row, name: event.target.value })}
          onFocus={onFocus}
          slotProps={{ htmlInput: { readOnly, 'aria-describedby': described } }}
        />
      </Box>
      <Box role="group" aria-label={`When to agree to agreement ${index + 1}`} sx={{ mt: 1.5 }}>
        <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mb: 0.5 }}>
          When to agree
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {AGREEMENT_TYPES.map((type) => {
            const selected = row.whenToAgree.includes(type);
            return (
              <Chip
                key={type}
                label={TYPE_LABELS[type]}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                disabled={readOnly}
                onClick={() =>
                  onChange({
                    ...row,
                    whenToAgree: selected
                      ? row.whenToAgree.filter((candidate) => candidate !== type)
                      : AGREEMENT_TYPES.filter(
                          (candidate) => candidate === type || row.whenToAgree.includes(candidate),
                        ),
                  })
                }
              />
            );
          })}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 1.5, gap: 2 }}>
        {problem && (
          <Typography id={problemId} variant="body2" color="error">
            {problem}
          </Typography>
        )}
        {!readOnly && (
          <Button size="small" color="inherit" onClick={onRemove} sx={{ ml: 'auto' }}>
            Remove agreement {index + 1}
          </Button>
        )}
      </Box>
    </Box>
  );
}

const EMPTY_ROW: AgreementRow = { url: '', date: '', name: '', whenToAgree: [] };

/**
 * The agreement setup string as rows (up to five): URL, date, name and when-to-agree chips,
 * written back with `formatAgreementSetup`. Rows that are not complete yet stay here and are not
 * saved; a value that `parseAgreementSetup` refuses (an imported one, say) is shown with the
 * parser's message and can be corrected as text.
 */
export const SettingAgreementSetupWidget = memo(function SettingAgreementSetupWidget(
  props: SettingWidgetProps,
) {
  const context = isSettingsFormContext(props.registry.formContext)
    ? props.registry.formContext
    : undefined;
  return context ? (
    <WithDraftTexts session={context.session} props={props} />
  ) : (
    <AgreementSetupEditor props={props} invalidTypeText="" />
  );
});

/** Reads the draft's text for an unknown when-to-agree name (re-rendering when it changes). */
function WithDraftTexts({ session, props }: { session: DraftSession; props: SettingWidgetProps }) {
  const invalidTypeText = useDraftValue(session, INVALID_AGREEMENT_TYPE_TEXT_KEY);
  return <AgreementSetupEditor props={props} invalidTypeText={invalidTypeText} />;
}

function AgreementSetupEditor({
  props,
  invalidTypeText,
}: {
  props: SettingWidgetProps;
  invalidTypeText: string;
}) {
  const { id, value, onChange, onFocus, onBlur, readonly, disabled } = props;
  const text = textOf(value);
  const parsed = parse(text, invalidTypeText);
  // Rows being edited, valid only while the setting still holds the text they last produced.
  const [editing, setEditing] = useState<{ rows: AgreementRow[]; text: string } | null>(null);
  const [asText, setAsText] = useState(false);
  const readOnly = readonly === true || disabled === true;
  const rows = editing && editing.text === text ? editing.rows : parsed.ok ? parsed.rows : null;

  function update(next: AgreementRow[]) {
    const complete = next.every((row) => rowProblem(row) === undefined);
    let produced = text;
    if (complete) {
      try {
        produced = formatAgreementSetup(next);
      } catch {
        produced = text;
      }
    }
    setEditing({ rows: next, text: produced });
    if (produced !== text) onChange(produced);
  }

  const focus = () => onFocus(id, text);

  return (
    <Box onBlur={() => onBlur(id, text)} sx={{ display: 'grid', gap: 1.5 }}>
      {!parsed.ok && (
        <Alert severity="error" role="status">
          <AlertTitle>This setup cannot be shown as rows</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {parsed.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </Box>
        </Alert>
      )}
      {rows && !asText ? (
        <>
          {rows.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No agreements are set up.
            </Typography>
          )}
          {rows.map((row, index) => (
            <AgreementRowEditor
              // Rows have no identity of their own; their position is their number.
              key={index}
              id={id}
              index={index}
              row={row}
              problem={rowProblem(row)}
              readOnly={readOnly}
              onFocus={focus}
              onChange={(changed) => update(rows.map((old, at) => (at === index ? changed : old)))}
              onRemove={() => update(rows.filter((_, at) => at !== index))}
            />
          ))}
          {!readOnly && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Button
                variant="outlined"
                size="small"
                disabled={rows.length >= MAX_AGREEMENTS}
                onClick={() => update([...rows, EMPTY_ROW])}
              >
                Add agreement
              </Button>
              <Typography variant="body2" color="text.secondary">
                Up to {MAX_AGREEMENTS} agreements.
              </Typography>
            </Box>
          )}
        </>
      ) : (
        <TextField
          id={`${id}-text`}
          label="Setup text (one agreement per line: URL|date|name|types)"
          value={text}
          multiline
          minRows={2}
          fullWidth
          size="small"
          onChange={(event) => onChange(event.target.value)}
          onFocus={focus}
          slotProps={{ htmlInput: { readOnly, spellCheck: false } }}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
      )}
      {parsed.ok && (
        <Box>
          <Button size="small" onClick={() => setAsText((current) => !current)}>
            {asText ? 'Edit as rows' : 'Edit as text'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
