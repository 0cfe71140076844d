import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AVAILABLE_COLUMN_TEXT_KEYS,
  accountCategory,
  displayedComment,
  formatRate,
  formatUsDate,
  formatUsd,
} from '@portal/domain';
import { Navigate, useParams } from 'react-router';
import { useAccountList } from '../../../lib/accounts/get-account-list';
import { useSettings } from '../../../lib/settings/settings-context';
import { HistorySection } from './history-section';
import { StatementList } from './estatements-section';
import { LoadingBlock } from '../../../components/loading-block';

/**
 * myaccount/deposits/depositDetails/{accountNumber}. The specs leave its content open; this
 * screen shows what a depositor looks for, from calls the accounts area already has: the
 * balances, rate and statement preference of the account list, the history (30/60/90 days, CSV
 * and PDF) and the year's statements. Loans and lines of credit go to their own page.
 */
export function DepositDetailsPage() {
  const { accountNumber = '' } = useParams();
  const settings = useSettings();
  const accounts = useAccountList();
  if (accounts.isPending) {
    return (
      <LoadingBlock
        height={240}
        label={settings.get('dashboardTexts.depositLoadingText')}
        sx={{ my: 2 }}
      />
    );
  }
  const account = accounts.data?.Accounts.find((item) => item.Number === accountNumber);
  const category = account ? accountCategory(account.Type) : undefined;
  if (category === 'loan' || category === 'lineOfCredit') {
    return <Navigate to={`/myaccount/loanDetails/${encodeURIComponent(accountNumber)}`} replace />;
  }
  if (!account) {
    return (
      <Navigate
        to="/myaccount/dashboard"
        replace
        state={{ viewError: settings.get('loanDetailsTexts.loadErrorText') }}
      />
    );
  }
  const comment = displayedComment(account.Comment);
  return (
    <Stack spacing={4} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {account.Description}
        </Typography>
        <Typography color="text.secondary">
          {account.Number}
          {comment ? ` (${comment})` : ''}
        </Typography>
      </Box>
      <Box
        component="dl"
        aria-label={settings.get('dashboardTexts.depositBalancesLabel')}
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
      >
        {(
          [
            [settings.get('dashboardTexts.balanceColumnText'), formatUsd(account.Balance)],
            [
              // Each list's own words for the field (a certificate's is not what a deposit's is).
              settings.get(
                AVAILABLE_COLUMN_TEXT_KEYS[category === 'investment' ? 'investment' : 'deposit'],
              ),
              formatUsd(account.AvailableBalance),
            ],
            [settings.get('dashboardTexts.rateColumnText'), formatRate(account.Rate)],
            ...(account.MaturityDate
              ? ([
                  [
                    settings.get('dashboardTexts.depositMaturityDateLabel'),
                    formatUsDate(account.MaturityDate),
                  ],
                ] as const)
              : []),
            [
              settings.get('dashboardTexts.statementsColumnText'),
              settings.get(
                account.StatementPreference === 'PaperOnly'
                  ? 'dashboardTexts.paperStatementsText'
                  : 'dashboardTexts.electronicStatementsText',
              ),
            ],
            [settings.get('dashboardTexts.depositNameOnAccountLabel'), account.NameOnAcct],
          ] as const
        ).map(([term, value], index) => (
          // By place: two labels may share the institution's wording.
          <Box key={index} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <HistorySection
        accountNumber={account.Number}
        caption={settings.get('dashboardTexts.depositHistoryCaption')}
        kind="deposit"
      />
      <Box component="section" aria-labelledby="deposit-statements-heading">
        <Typography variant="h5" component="h2" id="deposit-statements-heading" gutterBottom>
          {settings.get('dashboardTexts.depositStatementsHeadingText')}
        </Typography>
        <StatementList accountNumber={account.Number} kind="deposit" />
      </Box>
    </Stack>
  );
}
