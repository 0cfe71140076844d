import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUsd, formatWeekdayLongDate, type StaffRole } from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { errorMessage } from '../../../lib/api-client';
import { canPublish, useInstitution } from '../../../lib/institutions/institution-context';
import { achFilePath, useAchDays } from '../api/ach-files';

/** A processing day ('YYYY-MM-DD', the institution's calendar) as staff read it. */
export const formatProcessingDay = formatWeekdayLongDate;

export interface AchFilesPageProps {
  slug: string;
  role: StaffRole;
}

/**
 * The ACH processor's NACHA files, one per processing day, with their entry counts and debit
 * totals. The files hold borrowers' account numbers, so only publishers (and implementers) get
 * the download; the server refuses anyone else as well.
 */
export function AchFilesPage({ slug, role }: AchFilesPageProps) {
  const days = useAchDays(slug);
  const mayDownload = canPublish(role);
  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        ACH files
      </Typography>
      <Typography>
        Each processing day’s bank-account payments as one NACHA file, to send to the bank that
        originates the debits. A day is the institution’s calendar day the payments were made.
      </Typography>
      {!mayDownload && (
        <Alert severity="info">
          The files hold borrowers’ account numbers: only a publisher can download them.
        </Alert>
      )}
      {days.isPending && <CircularProgress aria-label="Loading the ACH files" />}
      {days.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(days.error)}
        </Alert>
      )}
      {days.data && days.data.days.length === 0 && (
        <Typography>There are no ACH payments yet.</Typography>
      )}
      {days.data && days.data.days.length > 0 && (
        <TableContainer>
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
                {mayDownload && (
                  <TableCell component="th" scope="col">
                    File
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {days.data.days.map((day) => {
                const label = formatProcessingDay(day.date);
                return (
                  <TableRow key={day.date}>
                    <TableCell component="th" scope="row">
                      <time dateTime={day.date}>{label}</time>
                    </TableCell>
                    <TableCell align="right">{day.entries}</TableCell>
                    <TableCell align="right">{formatUsd(day.totalDebitCents)}</TableCell>
                    {mayDownload && (
                      <TableCell>
                        <Button
                          variant="outlined"
                          size="small"
                          href={achFilePath(slug, day.date)}
                          download={day.fileName}
                          // The visible word first, so speech input ("click Download") matches.
                          aria-label={`Download the ACH file of ${label}`}
                        >
                          Download
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** The route's element: the institution and role from the institution layout. */
export function AchFilesRoute() {
  const institution = useInstitution();
  return <AchFilesPage slug={institution.slug} role={institution.role} />;
}
