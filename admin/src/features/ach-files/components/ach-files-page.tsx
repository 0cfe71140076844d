import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AchDay,
  type AutomaticFiling,
  formatClockTime,
  formatUsd,
  formatWeekdayLongDate,
  type StaffRole,
} from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TableScrollRegion } from '../../../components/table-scroll-region';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { canPublish, useInstitution } from '../../../lib/institutions/institution-context';
import { achDaysQuery, achFilePath, useAchDays } from '../api/ach-files';
import { useMakeAchFile } from '../api/make-ach-file';
import { AchReturnsSection } from './ach-returns-tables';

/** A processing day ('YYYY-MM-DD', the institution's calendar) as staff read it. */
export const formatProcessingDay = formatWeekdayLongDate;

const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

/**
 * When a day's waiting payments go in a file without staff (the server's sealing job decides:
 * domain AutomaticFiling), with the cut-off ('5:00 PM').
 */
export function automaticFilingText(filing: AutomaticFiling, cutoff: string): string {
  switch (filing) {
    case 'atCutoff':
      return `Filed on their own at the ACH cut-off, ${cutoff}.`;
    case 'soon':
      return `The ACH cut-off (${cutoff}) has passed: filed on their own within minutes.`;
    case 'nextMorning':
      return `Came in after the day’s cut-off file (${cutoff}): filed on their own after midnight.`;
  }
}

export interface AchFilesPageProps {
  slug: string;
  role: StaffRole;
  /** The institution's zone, for when each file was made. */
  timeZone: string;
}

interface DayRowProps {
  slug: string;
  day: AchDay;
  /** The institution's ACH cut-off, '5:00 PM'. */
  cutoff: string;
  timeZone: string;
  mayPublish: boolean;
  making: boolean;
  /** Make file was pressed: the page asks first. */
  onMake: (day: AchDay) => void;
}

function DayRow({ slug, day, cutoff, timeZone, mayPublish, making, onMake }: DayRowProps) {
  const label = formatProcessingDay(day.date);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <time dateTime={day.date}>{label}</time>
      </TableCell>
      <TableCell align="right">{day.entries}</TableCell>
      <TableCell align="right">{formatUsd(day.totalDebitCents)}</TableCell>
      <TableCell>
        {day.files.length === 0 ? (
          'None yet'
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {day.files.map((file) => (
              <Box component="li" key={file.fileIdModifier}>
                File {file.fileIdModifier}: {payments(file.entries)},{' '}
                {formatUsd(file.totalDebitCents)}
                <Typography variant="body2" color="text.secondary" component="span">
                  {' '}
                  · made {formatDateTime(file.sealedAt, timeZone)}
                </Typography>
                {mayPublish && (
                  <Button
                    variant="outlined"
                    size="small"
                    sx={{ ml: 1 }}
                    href={achFilePath(slug, day.date, file.fileIdModifier)}
                    download={file.fileName}
                    // The visible word first, so speech input ("click Download") matches.
                    aria-label={`Download ACH file ${file.fileIdModifier} of ${label}`}
                  >
                    Download
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
      </TableCell>
      <TableCell>
        {day.pending.entries === 0 ? (
          'None'
        ) : (
          <>
            {payments(day.pending.entries)}, {formatUsd(day.pending.totalDebitCents)}
            {day.pending.filedOnItsOwn && (
              <Typography variant="body2" color="text.secondary">
                {automaticFilingText(day.pending.filedOnItsOwn, cutoff)}
              </Typography>
            )}
            {mayPublish && (
              <Button
                variant="contained"
                size="small"
                sx={{ ml: 1 }}
                disabled={making}
                onClick={() => onMake(day)}
                aria-label={`Make file: the next ACH file of ${label}`}
              >
                Make file
              </Button>
            )}
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/** What staff are asked to file: a day's waiting payments as the page showed them. */
export interface AskedFile {
  date: string;
  entries: number;
  totalDebitCents: number;
  filedOnItsOwn?: AutomaticFiling;
}

function askedFileOf(day: AchDay): AskedFile {
  return { date: day.date, ...day.pending };
}

/**
 * The question before a file is made: sealing cannot be undone and sends real debits, so it says
 * exactly what the file will hold, and the server makes it only if that is what waits (else it
 * refuses, the page reads the day again and the question shows the new figures with the reason).
 * MUI's dialog keeps focus inside and gives it back to Make file on Cancel. `asked` stays while
 * the dialog closes, so its words do not blank out.
 */
function MakeFileDialog({
  open,
  asked,
  cutoff,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  asked: AskedFile | null;
  cutoff: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: (asked: AskedFile) => void;
  onClose: () => void;
}) {
  if (!asked) return null;
  const nothing = asked.entries === 0;
  return (
    <ConfirmDialog
      open={open}
      title={`Make the next ACH file of ${formatProcessingDay(asked.date)}?`}
      confirmLabel="Make file"
      busy={busy}
      confirmDisabled={nothing}
      error={error}
      onConfirm={() => onConfirm(asked)}
      onClose={onClose}
    >
      {nothing ? (
        'Nothing of this day waits for a file now.'
      ) : (
        <>
          <Box component="ul" sx={{ mt: 0, pl: 3 }}>
            <li>
              It seals exactly the {payments(asked.entries)} waiting for a file, debits of{' '}
              {formatUsd(asked.totalDebitCents)} in all, into the day’s next file. If that is no
              longer what waits (a payment came in, or the file was made at the cut-off), nothing is
              made and you are shown what waits now.
            </li>
            <li>
              The debits count as sent to the borrowers’ banks: each of these payments is then
              posted to its loan, credited as of its date.
            </li>
            <li>
              The file is sealed as made: download it and send it to the bank once. Payments that
              come in later wait for the day’s next file.
            </li>
          </Box>
          {asked.filedOnItsOwn ? `${automaticFilingText(asked.filedOnItsOwn, cutoff)} ` : ''}
          Making the file now cannot be undone.
        </>
      )}
    </ConfirmDialog>
  );
}

/**
 * The ACH processor's NACHA files by processing day: each day's sealed files, and the payments
 * waiting for its next one. A file holds borrowers' account numbers, so only publishers (and
 * implementers) make and download them; the server refuses anyone else as well.
 */
export function AchFilesPage({ slug, role, timeZone }: AchFilesPageProps) {
  const queryClient = useQueryClient();
  const days = useAchDays(slug);
  const make = useMakeAchFile(slug);
  const mayPublish = canPublish(role);
  const made = make.data;
  const cutoff = days.data ? formatClockTime(days.data.cutoffTime) : '';
  // The processing days with debits: a day that only received returns is in their tables alone.
  const debitDays = days.data?.days.filter((day) => day.entries > 0) ?? [];
  // The day whose Make file was pressed last, and whether its question is open.
  const [asked, setAsked] = useState<AskedFile | null>(null);
  const [asking, setAsking] = useState(false);
  // Each answer to Make file, said and focused: the button (the dialog's way back) is gone once
  // the day has nothing waiting. An effect, so it runs after the closing dialog gives focus back.
  const [answers, setAnswers] = useState(0);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answers > 0) outcome.current?.focus();
  }, [answers]);
  return (
    <Box sx={{ p: 3, maxWidth: 1200, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        ACH files
      </Typography>
      <Typography>
        Each processing day’s bank-account payments as NACHA files, to send to the bank that
        originates the debits. A day is the institution’s calendar day the payments were made. A
        file is sealed once made: every download of it is the same, and payments that come in later
        wait for the day’s next file (B, C and so on). Send each file once.
        {cutoff &&
          ` The institution’s ACH cut-off is ${cutoff}, its own time: the day’s waiting payments are filed on their own then, and any that come later after midnight.`}
      </Typography>
      {!mayPublish && (
        <Alert severity="info">
          The files hold borrowers’ account numbers: only a publisher can make and download them.
        </Alert>
      )}
      {made && (
        <Alert ref={outcome} tabIndex={-1} severity="success" role="status">
          File {made.file.fileIdModifier} of {formatProcessingDay(made.date)} is made:{' '}
          {payments(made.file.entries)}, {formatUsd(made.file.totalDebitCents)}. Download it below.
        </Alert>
      )}
      {days.isPending && <CircularProgress aria-label="Loading the ACH files" />}
      {days.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(days.error)}
        </Alert>
      )}
      {days.data && debitDays.length === 0 && (
        <Typography>There are no ACH payments yet.</Typography>
      )}
      {debitDays.length > 0 && (
        // On a phone the columns after Payments are reached by scrolling it sideways.
        <TableScrollRegion label="ACH files by processing day, scrolls sideways">
          <Table size="small">
            <caption>
              <VisuallyHidden>ACH files by processing day, newest first</VisuallyHidden>
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Processing day
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Payments
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Total debits
                </TableCell>
                <TableCell component="th" scope="col">
                  Files
                </TableCell>
                <TableCell component="th" scope="col">
                  Waiting for a file
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {debitDays.map((day) => (
                <DayRow
                  key={day.date}
                  slug={slug}
                  day={day}
                  cutoff={cutoff}
                  timeZone={timeZone}
                  mayPublish={mayPublish}
                  making={make.isPending}
                  onMake={(day) => {
                    make.reset();
                    setAsked(askedFileOf(day));
                    setAsking(true);
                  }}
                />
              ))}
            </TableBody>
          </Table>
        </TableScrollRegion>
      )}
      {days.data && debitDays.length > 0 && <AchReturnsSection days={days.data.days} />}
      <MakeFileDialog
        open={asking}
        asked={asked}
        cutoff={cutoff}
        busy={make.isPending}
        error={make.isError ? errorMessage(make.error) : undefined}
        onConfirm={({ date, entries, totalDebitCents }) =>
          make.mutate(
            { date, entries, totalDebitCents },
            {
              onSuccess: () => {
                setAsking(false);
                setAnswers((count) => count + 1);
              },
              // The question stays, with why, and now asks about what waits now (the days were
              // read again before this runs: useMakeAchFile).
              onError: () => {
                const fresh = queryClient
                  .getQueryData(achDaysQuery(slug).queryKey)
                  ?.days.find((day) => day.date === date);
                setAsked(
                  fresh
                    ? askedFileOf(fresh)
                    : { date, entries: 0, totalDebitCents: 0, filedOnItsOwn: undefined },
                );
              },
            },
          )
        }
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}

/** The route's element: the institution, role and zone from the institution layout. */
export function AchFilesRoute() {
  const institution = useInstitution();
  return (
    <AchFilesPage slug={institution.slug} role={institution.role} timeZone={institution.timeZone} />
  );
}
