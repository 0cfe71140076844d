import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  type AccountCategory,
  type Application,
  calendarDateIn,
  fillPlaceholders,
  formatUsDate,
  hostDateOf,
  anyLoanPayable,
  LOAN_APPLICATION_PATH,
  loanApplicationEntry,
  paymentsSummary,
} from '@portal/domain';
import type { SettingKey } from '@portal/settings-schema';
import { preloadRichText, SuspendingRichText } from '@portal/web-kit';
import { Suspense, useDeferredValue, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { centsColumn, dateColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { ApplyForLoanDialog } from '../../../components/dialogs/apply-for-loan-dialog';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { useAccountList } from '../../../lib/accounts/get-account-list';
import { resolveCdnPath } from '../../../lib/cdn';
import { safeExternalUrl } from '../../../lib/external-link';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useInstitutionOptions, useSettings } from '../../../lib/settings/settings-context';
import { useApplications } from '../api/get-applications';
import { accountLists } from '../utils/account-lists';
import { AccountTable } from './account-table';
import { DashboardSkeleton } from '../../../components/page-skeletons/dashboard-skeleton';
import {
  PaymentsSummary,
  processingByLoan,
  summaryPaymentLoans,
  useLoanPayments,
} from './payments-summary';

const LIST_HEADINGS = {
  loan: 'dashboardTexts.loansHeadingText',
  lineOfCredit: 'dashboardTexts.linesOfCreditHeadingText',
  deposit: 'dashboardTexts.depositsHeadingText',
  investment: 'dashboardTexts.investmentsHeadingText',
} as const satisfies Record<AccountCategory, SettingKey>;

/**
 * myaccount/dashboard (spec 002 "Dashboard"): the banner and information, a missing e-mail
 * warning, Make Payment and Apply for a loan, the account lists with the closed-accounts toggle,
 * the application statuses and the previous sign-in.
 */
export function DashboardPage() {
  const settings = useSettings();
  const user = useSignedInUser();
  const { cdnFolder } = useInstitutionOptions();
  const dialogs = useDialogStack();
  const accounts = useAccountList();
  const applicationsOn = settings.get('globalOptions.useEgtConsumerOption');
  // Both lists load together; the page shows them at once (nothing shifts as each arrives).
  const applications = useApplications({ enabled: applicationsOn });
  // The summary's scheduled and recurring payments come from each loan's payment info.
  const loanPayments = useLoanPayments(accounts.data?.Accounts ?? []);
  // Payments made and not credited yet, said in the summary and beside each loan's amount due.
  const processing = processingByLoan(loanPayments);
  const loading =
    accounts.isPending || (applicationsOn && applications.isPending) || loanPayments.pending;
  // The lists render as a transition once both are in (in slices, the page staying responsive).
  const ready = useDeferredValue(!loading);
  const [showClosed, setShowClosed] = useState(false);
  // A screen that could not load sends the user here with its message (the loan page does).
  const location = useLocation();
  const viewError =
    typeof (location.state as { viewError?: unknown } | null)?.viewError === 'string'
      ? (location.state as { viewError: string }).viewError
      : undefined;

  const banner = settings.get('dashboardOptions.bannerImage').trim();
  const info = settings.get('dashboardTexts.infoRichText');
  if (info) preloadRichText();
  // Apply for a loan: the institution's own site (after the notice), or the portal's form.
  const applyEntry = loanApplicationEntry(settings);
  const applyUrl = applyEntry.kind === 'external' ? safeExternalUrl(applyEntry.url) : undefined;
  // Days past due are counted to the institution's today as the server dated the list (the loan
  // page's DaysPastDue is the server's too); the device's clock a day off said 42 where the loan
  // page said 43. The device's date in the institution's zone only for a server that omits it.
  const summary = paymentsSummary(
    accounts.data?.Accounts ?? [],
    accounts.data?.BusinessDate ??
      calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date()),
  );
  // Decision (issue 20 review): one Make Payment per thing due. The summary gives each past-due
  // loan and the next payment due its own Make Payment, named for the loan and leading to it
  // chosen; the dashboard's own Make Payment (spec 002, the payment screen with no loan chosen)
  // beside them was a third button saying the same, on the first screen. It shows only where it
  // adds something: a loan can be paid (some amount due, loanPaymentOffer) but the summary offers
  // it no button (its loan has no due date, or the loan due next is not paid here). Paying
  // another loan ahead stays one step away: the menu's Make Payment and each loan's page.
  const payEnabled =
    anyLoanPayable(accounts.data?.Accounts ?? [], settings) &&
    summaryPaymentLoans(summary, settings).length === 0;
  const { lists, hasClosed } = accountLists(accounts.data?.Accounts ?? [], showClosed);

  const placeholder = <DashboardSkeleton label={settings.get('dashboardTexts.loadingText')} />;

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Typography variant="h4" component="h1">
        {fillPlaceholders(settings.get('dashboardTexts.welcomeText'), { name: user.personalName })}
      </Typography>
      {viewError ? <Alert severity="error">{viewError}</Alert> : null}
      {/* The rest shows at once, when the lists (and the information text's code) are in, so
          nothing shifts as each part arrives. */}
      <Suspense fallback={placeholder}>
        {!ready ? (
          placeholder
        ) : (
          <Stack spacing={3}>
            {/* What matters most first: what is due, and whether anything is late. */}
            {accounts.data ? (
              <PaymentsSummary summary={summary} payments={loanPayments} processing={processing} />
            ) : null}
            {banner ? (
              <Box
                component="img"
                src={resolveCdnPath(cdnFolder, banner)}
                alt=""
                sx={{
                  width: '100%',
                  height: { xs: 140, sm: 240 },
                  objectFit: 'cover',
                  borderRadius: 1,
                }}
              />
            ) : null}
            {info ? <SuspendingRichText html={info} /> : null}
            {user.emailAddress.trim() === '' ? (
              <Alert severity="warning">
                {settings.get('dashboardTexts.missingEmailText')}{' '}
                <Link component={RouterLink} to="/myaccount/profile">
                  {settings.get('loggedInLayout.profileMenuText')}
                </Link>
              </Alert>
            ) : null}
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {payEnabled ? (
                <Button variant="contained" component={RouterLink} to="/myaccount/payment">
                  {settings.get('dashboardTexts.makePaymentButtonText')}
                </Button>
              ) : null}
              {applyUrl ? (
                <Button
                  variant="outlined"
                  onClick={() =>
                    dialogs.open<true>((close) => (
                      <ApplyForLoanDialog url={applyUrl} onClose={() => close(true)} />
                    ))
                  }
                >
                  {settings.get('dashboardTexts.applyForLoanButtonText')}
                </Button>
              ) : applyEntry.kind === 'form' ? (
                <Button variant="outlined" component={RouterLink} to={LOAN_APPLICATION_PATH}>
                  {settings.get('dashboardTexts.applyForLoanButtonText')}
                </Button>
              ) : null}
            </Stack>

            {accounts.isError ? (
              <Alert severity="error">{settings.get('dashboardTexts.accountListErrorText')}</Alert>
            ) : lists.length === 0 ? (
              <Alert severity="info">{settings.get('dashboardTexts.noAccountsText')}</Alert>
            ) : (
              <>
                {hasClosed ? (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={showClosed}
                        onChange={(event) => setShowClosed(event.target.checked)}
                      />
                    }
                    label={settings.get('dashboardTexts.showClosedAccountsText')}
                  />
                ) : null}
                {lists.map((list) => {
                  const heading = settings.get(LIST_HEADINGS[list.category]);
                  return (
                    <Box
                      component="section"
                      key={list.category}
                      aria-labelledby={`list-${list.category}`}
                    >
                      <Typography
                        variant="h5"
                        component="h2"
                        id={`list-${list.category}`}
                        gutterBottom
                      >
                        {heading}
                      </Typography>
                      <AccountTable
                        category={list.category}
                        caption={heading}
                        rows={list.rows}
                        processing={processing}
                      />
                    </Box>
                  );
                })}
              </>
            )}

            {applicationsOn ? <ApplicationStatusList applications={applications} /> : null}
            <PreviousLogin />
          </Stack>
        )}
      </Suspense>
    </Stack>
  );
}

/** The application statuses, once their list has settled (the page waits for it). */
function ApplicationStatusList({
  applications,
}: {
  applications: Pick<ReturnType<typeof useApplications>, 'data' | 'isError'>;
}) {
  const settings = useSettings();
  const heading = settings.get('dashboardTexts.applicationsHeadingText');
  return (
    <Box component="section" aria-labelledby="list-applications">
      <Typography variant="h5" component="h2" id="list-applications" gutterBottom>
        {heading}
      </Typography>
      {applications.isError || !applications.data ? (
        <Alert severity="error">{settings.get('dashboardTexts.applicationsErrorText')}</Alert>
      ) : (
        <DataTable<Application>
          caption={heading}
          rows={applications.data.Applications}
          getRowKey={(row) => row.ApplicationNumber}
          emptyText={settings.get('dashboardTexts.noApplicationsText')}
          getRowLink={(row) =>
            `/myaccount/applicationdetails/${encodeURIComponent(row.ApplicationNumber)}`
          }
          columns={[
            {
              id: 'number',
              header: settings.get('applicationDetailsTexts.applicationNumberLabel'),
              type: 'string',
              getValue: (row) => row.ApplicationNumber,
            },
            {
              id: 'status',
              header: settings.get('applicationDetailsTexts.statusLabel'),
              type: 'string',
              getValue: (row) => row.Status,
            },
            centsColumn(
              'requested',
              settings.get('applicationDetailsTexts.amountRequestedLabel'),
              (row) => row.AmountRequested,
            ),
            dateColumn(
              'modified',
              settings.get('applicationDetailsTexts.lastModifiedLabel'),
              (row) => hostDateOf(row.LastModified),
            ),
          ]}
        />
      )}
    </Box>
  );
}

/** 'Previous login {date} from {ip}', the date in the institution's calendar. */
function PreviousLogin() {
  const settings = useSettings();
  const user = useSignedInUser();
  const when = user.lastLoggedIn ? new Date(user.lastLoggedIn) : undefined;
  const valid = when !== undefined && !Number.isNaN(when.getTime());
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
      {valid ? (
        <Typography variant="body2" color="text.secondary">
          {fillPlaceholders(settings.get('dashboardTexts.previousLoginText'), {
            date: formatUsDate(
              calendarDateIn(settings.get('localeOptions.institutionTimeZone'), when),
            ),
            ip: user.lastLoggedInIP,
          })}
        </Typography>
      ) : null}
      <Link component={RouterLink} to="/myaccount/loginHistory" variant="body2">
        {settings.get('dashboardTexts.loginHistoryLinkText')}
      </Link>
    </Stack>
  );
}
