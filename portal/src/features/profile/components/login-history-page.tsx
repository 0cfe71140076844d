import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { calendarDateIn, formatUsDate } from '@portal/domain';
import { DataTable } from '../../../components/data-table/data-table';
import { useSettings } from '../../../lib/settings/settings-context';
import { useLoginHistory } from '../api/get-login-history';
import { LoadingBlock } from '../../../components/loading-block';

/** myaccount/loginHistory (spec 002 "Login history"): recent sign-ins with their addresses. */
export function LoginHistoryPage() {
  const settings = useSettings();
  const history = useLoginHistory();
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const title = settings.get('dashboardTexts.loginHistoryLinkText');
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {history.isPending ? (
        <LoadingBlock height={200} label="Loading the login history" />
      ) : history.isError ? (
        <Alert severity="error">{settings.get('loginHistoryTexts.errorText')}</Alert>
      ) : (
        <DataTable
          caption={title}
          rows={history.data.List}
          getRowKey={(entry) => entry.EntryKey}
          emptyText={settings.get('loginHistoryTexts.noHistoryText')}
          initialSort={{ columnId: 'date', direction: 'desc' }}
          columns={[
            {
              id: 'date',
              header: settings.get('loginHistoryTexts.dateColumnText'),
              type: 'string',
              getValue: (entry) => entry.LoginDate,
              // MM/dd/yyyy (spec 002 "Login history"), the date in the institution's time zone.
              renderCell: (entry) =>
                formatUsDate(calendarDateIn(timeZone, new Date(entry.LoginDate))),
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
