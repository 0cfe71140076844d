import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AccountCategory,
  accountCategory,
  type ActivityLine,
  calendarDateIn,
  depositsSummary,
  fillPlaceholders,
  formatHistoryTime,
  formatUsd,
  formatUsDate,
  loanName,
  recentActivity,
} from '@portal/domain';
import { useQueries } from '@tanstack/react-query';
import { centsColumn, dateColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { DashboardSkeleton } from '../../../components/page-skeletons/dashboard-skeleton';
import { useAccountList } from '../../../lib/accounts/get-account-list';
import { useSettings } from '../../../lib/settings/settings-context';
import { AccountTable } from './account-table';
import { accountHistoryQuery } from '../../../lib/accounts/account-history';

/** How far back the recent activity looks (the history's shortest range), and how much it shows. */
export const RECENT_ACTIVITY_DAYS = 30;
export const RECENT_ACTIVITY_LINES = 10;

const LISTS = [
  { category: 'deposit', heading: 'dashboardTexts.depositsHeadingText' },
  { category: 'investment', heading: 'dashboardTexts.investmentsHeadingText' },
] as const satisfies readonly { category: AccountCategory; heading: string }[];

/**
 * myaccount/deposits (spec 000 names the route; its content is not specified). It leads with
 * what a depositor looks for first: what is available to them and when a certificate matures;
 * then the deposit and investment lists as the dashboard shows them (the same table, the same
 * phone cards, each row opening the account's page); then the last 30 days of activity of every
 * account, newest first, from the core's history.
 */
export function DepositsPage() {
  const settings = useSettings();
  const accounts = useAccountList();
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  // The server's today (the account list's BusinessDate), not the device's clock.
  const summary = depositsSummary(
    accounts.data?.Accounts ?? [],
    accounts.data?.BusinessDate ?? calendarDateIn(timeZone, new Date()),
  );
  const histories = useQueries({
    queries: summary.openAccounts.map((account) =>
      accountHistoryQuery(account.Number, RECENT_ACTIVITY_DAYS),
    ),
  });

  const heading = (
    <Typography variant="h4" component="h1">
      {settings.get('dashboardTexts.depositsAreaHeadingText')}
    </Typography>
  );
  if (accounts.isPending) {
    return (
      <Stack spacing={3} sx={{ py: 2 }}>
        {heading}
        <DashboardSkeleton label={settings.get('dashboardTexts.depositLoadingText')} />
      </Stack>
    );
  }
  if (accounts.isError) {
    return (
      <Stack spacing={3} sx={{ py: 2 }}>
        {heading}
        <Alert severity="error">{settings.get('dashboardTexts.accountListErrorText')}</Alert>
      </Stack>
    );
  }
  if (summary.accounts.length === 0) {
    return (
      <Stack spacing={3} sx={{ py: 2 }}>
        {heading}
        <Alert severity="info">{settings.get('dashboardTexts.depositsNoAccountsText')}</Alert>
      </Stack>
    );
  }

  const activityFailed = histories.some((history) => history.isError);
  const activityPending = histories.some((history) => history.isPending);
  const activity = recentActivity(
    summary.openAccounts.map((account, index) => ({
      account,
      items: histories[index]?.data?.List ?? [],
    })),
    RECENT_ACTIVITY_LINES,
  );
  const hasOpenDeposits = summary.openAccounts.some(
    (account) => accountCategory(account.Type) === 'deposit',
  );

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      {heading}
      {hasOpenDeposits || summary.nextMaturity ? (
        <Paper
          variant="outlined"
          {...(hasOpenDeposits
            ? { component: 'section', 'aria-labelledby': 'deposits-available' }
            : {})}
          sx={{ p: 2 }}
        >
          {hasOpenDeposits ? (
            <>
              <Typography id="deposits-available" variant="subtitle1" component="h2">
                {settings.get('dashboardTexts.depositsAvailableTotalText')}
              </Typography>
              <Typography
                variant="h4"
                component="p"
                sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
              >
                {formatUsd(summary.availableCents)}
              </Typography>
            </>
          ) : null}
          {summary.nextMaturity ? (
            <Typography color="text.secondary">
              {fillPlaceholders(settings.get('dashboardTexts.depositsNextMaturityText'), {
                account: loanName({
                  description: summary.nextMaturity.account.Description,
                  number: summary.nextMaturity.account.Number,
                }),
                date: formatUsDate(summary.nextMaturity.date),
              })}
            </Typography>
          ) : null}
        </Paper>
      ) : null}

      {LISTS.map(({ category, heading: headingKey }) => {
        const rows = summary.accounts.filter(
          (account) => accountCategory(account.Type) === category,
        );
        if (rows.length === 0) return null;
        const listHeading = settings.get(headingKey);
        return (
          <Box component="section" key={category} aria-labelledby={`deposits-${category}`}>
            <Typography variant="h5" component="h2" id={`deposits-${category}`} gutterBottom>
              {listHeading}
            </Typography>
            <AccountTable category={category} caption={listHeading} rows={rows} />
          </Box>
        );
      })}

      <Box component="section" aria-labelledby="deposits-activity">
        <Typography variant="h5" component="h2" id="deposits-activity" gutterBottom>
          {settings.get('dashboardTexts.depositsRecentActivityHeadingText')}
        </Typography>
        {activityFailed ? (
          <Alert severity="error">{settings.get('dashboardTexts.depositsActivityErrorText')}</Alert>
        ) : activityPending ? (
          <DashboardSkeleton label={settings.get('dashboardTexts.depositLoadingText')} />
        ) : (
          <DataTable<ActivityLine>
            caption={settings.get('dashboardTexts.depositsRecentActivityHeadingText')}
            rows={activity}
            getRowKey={(row) =>
              `${row.account.Number}|${row.date}|${row.time ?? ''}|${row.description}|${row.amountCents}`
            }
            emptyText={settings.get('dashboardTexts.depositsNoActivityText')}
            columns={[
              dateColumn(
                'date',
                settings.get('loanDetailsTexts.historyDateColumnText'),
                (row) => row.date,
                (row) => {
                  const time = formatHistoryTime(row.date, row.time, timeZone);
                  return time ? `${formatUsDate(row.date)} ${time}` : formatUsDate(row.date);
                },
              ),
              {
                id: 'account',
                header: settings.get('dashboardTexts.depositActivityAccountColumnText'),
                type: 'string',
                getValue: (row) =>
                  loanName({ description: row.account.Description, number: row.account.Number }),
              },
              {
                id: 'description',
                header: settings.get('loanDetailsTexts.historyDescriptionColumnText'),
                type: 'string',
                getValue: (row) => row.description,
              },
              centsColumn(
                'amount',
                settings.get('dashboardTexts.depositHistoryAmountColumnText'),
                (row) => row.amountCents,
              ),
              centsColumn(
                'balance',
                settings.get('dashboardTexts.depositHistoryBalanceColumnText'),
                (row) => row.balanceCents,
              ),
            ]}
          />
        )}
      </Box>
    </Stack>
  );
}
