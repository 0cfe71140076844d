import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatHistoryTime, historyTimeOf, type HistoryItem, hostDateOf } from '@portal/domain';
import { useState } from 'react';
import { centsColumn, dateColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { ApiError } from '../../../lib/api-client';
import { openInNewTab } from '../../../lib/new-tab';
import { useSettings } from '../../../lib/settings/settings-context';
import { useAccountHistory } from '../../../lib/accounts/account-history';
import { historyDownloadUrl } from '../api/history';
import { LoadingBlock } from '../../../components/loading-block';

/** The day ranges of the history (spec 002 section 9); All is the days since opening. */
export const HISTORY_RANGES = [30, 60, 90] as const;

/** The loan's history (spec 002 "Account history section"), sortable, with CSV and PDF downloads. */
export function HistorySection(props: {
  accountNumber: string;
  /** The days since the account opened (the All range); no All button without it. */
  daysSinceOpened?: number;
  caption?: string;
  /** A deposit's lines are amounts and balances, not principal (the same columns otherwise). */
  kind?: 'loan' | 'deposit';
}) {
  const settings = useSettings();
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const deposit = props.kind === 'deposit';
  const all = props.daysSinceOpened === undefined ? undefined : Math.max(1, props.daysSinceOpened);
  const configured = settings.get('loanDetailsOptions.defaultHistoryRange');
  // 'All' is the days since opening (where the page has it); a number is that many days. The
  // choice is kept as chosen: All stays All even when the account is exactly 30, 60 or 90 days old.
  const initial: number | 'all' =
    configured === 'All' ? (all === undefined ? 30 : 'all') : Number(configured) || 30;
  const [range, setRange] = useState<number | 'all'>(initial);
  const days = range === 'all' ? (all ?? 30) : range;
  const history = useAccountHistory(props.accountNumber, days);
  const [downloadFailed, setDownloadFailed] = useState(false);

  const download = (type: 'csv' | 'pdf') => {
    setDownloadFailed(false);
    openInNewTab(historyDownloadUrl(props.accountNumber, days, type)).catch(() =>
      setDownloadFailed(true),
    );
  };
  const denied = history.error instanceof ApiError && history.error.code === 'SecurityNotAllowed';

  return (
    <Box component="section" aria-labelledby="loan-history-heading">
      <Typography variant="h5" component="h2" id="loan-history-heading" gutterBottom>
        {settings.get('loanDetailsTexts.historyHeadingText')}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          aria-label={settings.get('loanDetailsTexts.historyRangeLabel')}
          onChange={(_event, value: number | 'all' | null) => {
            if (value !== null) setRange(value);
          }}
        >
          {HISTORY_RANGES.map((range) => (
            <ToggleButton key={range} value={range}>
              {range}
            </ToggleButton>
          ))}
          {all === undefined ? null : (
            <ToggleButton value="all">{settings.get('loanDetailsTexts.allDaysText')}</ToggleButton>
          )}
        </ToggleButtonGroup>
        {/* A history the core refuses (SecurityNotAllowed) offers no files: the server would
            refuse them too, and the refusal is said once, below. */}
        {denied ? null : (
          <>
            <Button variant="outlined" size="small" onClick={() => download('csv')}>
              {settings.get('loanDetailsTexts.downloadCsvText')}
            </Button>
            <Button variant="outlined" size="small" onClick={() => download('pdf')}>
              {settings.get('loanDetailsTexts.downloadPdfText')}
            </Button>
          </>
        )}
      </Stack>
      {downloadFailed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {settings.get('loanDetailsTexts.historyErrorText')}
        </Alert>
      ) : null}
      {history.isPending ? (
        <LoadingBlock height={160} label={settings.get('loanDetailsTexts.historyLoadingText')} />
      ) : history.isError ? (
        <Alert severity="error">
          {denied
            ? settings.get('loanDetailsTexts.historySecurityText')
            : settings.get('loanDetailsTexts.historyErrorText')}
        </Alert>
      ) : (
        <DataTable<HistoryItem>
          caption={props.caption ?? settings.get('loanDetailsTexts.historyCaption')}
          rows={history.data.List}
          getRowKey={(row) =>
            `${row.TransactionDate}|${row.TransactionTime}|${row.TransactionDescription}|${row.TotalPaymentAmount}|${row.RunningPrincipalBalance}`
          }
          emptyText={settings.get('loanDetailsTexts.noHistoryText')}
          accordionSummaryColumnIds={['date', 'description', 'total']}
          columns={[
            dateColumn('date', settings.get('loanDetailsTexts.historyDateColumnText'), (row) =>
              hostDateOf(row.TransactionDate),
            ),
            {
              id: 'description',
              header: settings.get('loanDetailsTexts.historyDescriptionColumnText'),
              type: 'string',
              getValue: (row) => row.TransactionDescription,
            },
            centsColumn(
              'principal',
              settings.get(
                deposit
                  ? 'dashboardTexts.depositHistoryAmountColumnText'
                  : 'loanDetailsTexts.historyPrincipalColumnText',
              ),
              (row) => row.PrincipalAmount,
            ),
            centsColumn(
              'interest',
              settings.get('loanDetailsTexts.historyInterestColumnText'),
              (row) => row.InterestAmount,
            ),
            centsColumn(
              'other',
              settings.get('loanDetailsTexts.historyOtherColumnText'),
              (row) => row.OtherAmount,
            ),
            centsColumn(
              'total',
              settings.get('loanDetailsTexts.historyTotalColumnText'),
              (row) => row.TotalPaymentAmount,
            ),
            centsColumn(
              'balance',
              settings.get(
                deposit
                  ? 'dashboardTexts.depositHistoryBalanceColumnText'
                  : 'loanDetailsTexts.historyPrincipalBalanceColumnText',
              ),
              (row) => row.RunningPrincipalBalance,
            ),
            {
              // The time the core recorded, in the institution's zone ('11:59 PM EST'); blank
              // when the core gives the date only (its 00:00:00): a card payment made at 10:07
              // is not shown as made at midnight.
              id: 'time',
              header: settings.get('loanDetailsTexts.historyTimeColumnText'),
              type: 'string',
              getValue: (row) => historyTimeOf(row.TransactionTime) ?? null,
              renderCell: (row) =>
                formatHistoryTime(hostDateOf(row.TransactionDate), row.TransactionTime, timeZone),
            },
          ]}
        />
      )}
    </Box>
  );
}
