import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DiffEntry } from '@portal/domain';
import { use, useMemo } from 'react';
import { logoImageOf } from '../lib/branding/branding-files';
import { InstitutionContext } from '../lib/institutions/institution-context';
import { definitionOf, listSettingGroups, SET_LABELS } from '../lib/settings/definitions';
import { TableScrollRegion } from './table-scroll-region';

interface DiffTableProps {
  entries: readonly DiffEntry[];
  /** Level of the group headings, to keep the page's heading order. */
  headingLevel: 2 | 3 | 4;
  /** Says what the two sides are ("Published", "Draft"). */
  beforeLabel: string;
  afterLabel: string;
  emptyText?: string;
  /** The header colour logos are drawn on when the change does not hold one (the draft's). */
  logoBackdrop?: string;
}

const HEADING_ELEMENTS = { 2: 'h2', 3: 'h3', 4: 'h4' } as const satisfies Record<
  DiffTableProps['headingLevel'],
  string
>;

const OTHER_GROUP = 'Keys the schema does not declare';

function groupEntries(entries: readonly DiffEntry[]): [string, DiffEntry[]][] {
  const order = new Map(listSettingGroups().map((group, index) => [group.name, index]));
  const groups = new Map<string, DiffEntry[]>();
  for (const entry of entries) {
    const name = definitionOf(entry.key)?.group ?? OTHER_GROUP;
    const list = groups.get(name);
    if (list) list.push(entry);
    else groups.set(name, [entry]);
  }
  return [...groups].sort(
    ([a], [b]) =>
      (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER),
  );
}

const PRIMARY_COLOR_KEY = 'themeOptions.primaryColor';
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The header colour each side's logos are drawn on: the primary colour the side has when the
 * change holds it, else the one the page passes (the draft's), else the schema's default; never
 * the admin app's own navy, on which a logo that fails on its header would look fine.
 */
function logoBackdrops(
  entries: readonly DiffEntry[],
  given: string | undefined,
): { before: string; after: string } {
  const fallback =
    given && HEX_COLOR.test(given)
      ? given
      : String(definitionOf(PRIMARY_COLOR_KEY)?.default ?? '#1f4e79');
  const change = entries.find((entry) => entry.key === PRIMARY_COLOR_KEY);
  const pick = (value: string | null | undefined) =>
    value && HEX_COLOR.test(value) ? value : fallback;
  return { before: pick(change?.before), after: pick(change?.after) };
}

function DiffValue({
  value,
  settingKey,
  backdrop,
}: {
  value: string | null;
  settingKey: string;
  backdrop: string;
}) {
  const institution = use(InstitutionContext);
  const fallback = definitionOf(settingKey)?.default;
  // A logo is reviewed as the image, on the header colour, beside its file name; a logo left at
  // its default is shown as the default file (the published side of a first upload showed only
  // a path).
  const shown = value ?? (typeof fallback === 'string' ? fallback : '');
  const image = institution ? logoImageOf(institution, settingKey, shown) : undefined;
  const picture = image ? (
    <Box sx={{ bgcolor: backdrop, p: 1, borderRadius: 1 }}>
      <Box
        component="img"
        src={image}
        alt={`${definitionOf(settingKey)?.title ?? settingKey}: ${shown}`}
        sx={{ display: 'block', maxHeight: 48, maxWidth: 240 }}
      />
    </Box>
  ) : null;
  if (value === null) {
    return (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        {picture}
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          Not set
          {fallback !== undefined ? ` (default: ${fallback === '' ? 'empty' : fallback})` : ''}
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      {picture}
      <Typography
        variant="body2"
        component="div"
        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace' }}
      >
        {value === '' ? '(empty)' : value}
      </Typography>
    </Box>
  );
}

/** Per-key before/after of two configuration documents, grouped like the navigator. */
export function DiffTable({
  entries,
  headingLevel,
  beforeLabel,
  afterLabel,
  emptyText = 'No differences.',
  logoBackdrop,
}: DiffTableProps) {
  const groups = useMemo(() => groupEntries(entries), [entries]);
  const backdrops = logoBackdrops(entries, logoBackdrop);
  if (entries.length === 0) return <Typography>{emptyText}</Typography>;
  const heading = HEADING_ELEMENTS[headingLevel];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {groups.map(([group, groupEntriesList]) => (
        <Box component="section" key={group} aria-label={group}>
          <Typography variant="h6" component={heading} gutterBottom>
            {group}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({groupEntriesList.length} {groupEntriesList.length === 1 ? 'change' : 'changes'})
            </Typography>
          </Typography>
          <TableScrollRegion label={`Changes in ${group}, scrolls sideways`}>
            <Table size="small" aria-label={`Changes in ${group}`}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col" sx={{ width: '28%' }}>
                    Setting
                  </TableCell>
                  <TableCell scope="col" sx={{ width: '12%' }}>
                    Set
                  </TableCell>
                  <TableCell scope="col">{beforeLabel}</TableCell>
                  <TableCell scope="col">{afterLabel}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groupEntriesList.map((entry) => (
                  <TableRow key={`${entry.set}:${entry.key}`}>
                    <TableCell component="th" scope="row">
                      <Typography variant="body2">
                        {definitionOf(entry.key)?.title ?? entry.key}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="code">
                        {entry.key}
                      </Typography>
                    </TableCell>
                    <TableCell>{SET_LABELS[entry.set]}</TableCell>
                    <TableCell>
                      <DiffValue
                        value={entry.before}
                        settingKey={entry.key}
                        backdrop={backdrops.before}
                      />
                    </TableCell>
                    <TableCell>
                      <DiffValue
                        value={entry.after}
                        settingKey={entry.key}
                        backdrop={backdrops.after}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
        </Box>
      ))}
    </Box>
  );
}
