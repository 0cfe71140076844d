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
import type { ConfigurationDocument } from '@portal/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useInstitution } from '../../../lib/institutions/institution-context';
import { exportPath } from '../../../lib/institutions/export-path';
import { useVersion } from '../api/versions';
import { TableScrollRegion } from '../../../components/table-scroll-region';

interface VersionEntry {
  key: string;
  set: string;
  value: string;
}

/** Every value the version set, by key then set (keys it did not set had their defaults). */
function entriesOf(document: ConfigurationDocument): VersionEntry[] {
  const entries: VersionEntry[] = [];
  for (const set of ['shared', 'english'] as const) {
    for (const [section, values] of Object.entries(document[set] ?? {})) {
      for (const [name, value] of Object.entries(values)) {
        entries.push({ key: `${section}.${name}`, set, value });
      }
    }
  }
  return entries.sort((a, b) => a.key.localeCompare(b.key) || a.set.localeCompare(b.set));
}

/** One published version as it was: who, when, why, and every value it set; downloadable. */
export function VersionView({ slug, version }: { slug: string; version: number }) {
  const { timeZone } = useInstitution();
  const detail = useVersion(slug, version);
  return (
    <Box component="section" aria-labelledby="version-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="version-heading" variant="h6" component="h2" tabIndex={-1}>
        Version {version} as published
      </Typography>
      {detail.isPending && <CircularProgress aria-label={`Loading version ${version}`} />}
      {detail.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(detail.error)}
        </Alert>
      )}
      {detail.data && (
        <>
          <Typography>
            Published {formatDateTime(detail.data.publishedAt, timeZone)} by{' '}
            {detail.data.publishedBy}: {detail.data.comment}
          </Typography>
          <Box>
            <Button variant="outlined" href={exportPath(slug, version)} download>
              Download version {version}
            </Button>
          </Box>
          <TableScrollRegion label={`Values set in version ${version}, scrolls sideways`}>
            <Table size="small" aria-label={`Values set in version ${version}`}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Setting</TableCell>
                  <TableCell scope="col">Set</TableCell>
                  <TableCell scope="col">Value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entriesOf(detail.data.document).map((entry) => (
                  <TableRow key={`${entry.key}|${entry.set}`}>
                    <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                      {entry.key}
                    </TableCell>
                    <TableCell>{entry.set}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {entry.value}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
        </>
      )}
    </Box>
  );
}
