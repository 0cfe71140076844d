import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AccountDataResponse,
  accountCategory,
  amountDueBreakdown,
  fillPlaceholders,
  formatRate,
  formatUsd,
  formatUsDate,
  hostDateOf,
  isClosedComment,
  type LoanHold,
  loanName,
  loanPaymentOffer,
} from '@portal/domain';
import type { SettingKey } from '@portal/settings-schema';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings/settings-context';
import { useAccountData } from '../api/account-data';
import { useLoanChanges } from '../api/loan-changes';
import { LoanHero } from './loan-hero';
import { MailingAddress } from './mailing-address';
import { DocumentsSection } from '../../../components/documents-section/documents-section';
import { AlertsSection } from './alerts-section';
import { BalanceSection } from './balance-section';
import { EStatementsSection } from './estatements-section';
import { HideAccountDialog } from './hide-account-dialog';
import { HistorySection } from './history-section';
import { InsuranceDialog } from './insurance-dialog';
import { PayoffQuoteDialog } from './payoff-quote-dialog';
import { LoadingBlock } from '../../../components/loading-block';
import { RecurringPaymentBox } from '../../../components/payments/recurring-payment-box';
import { ScheduledPaymentsList } from '../../../components/payments/scheduled-payments-list';
import { isLoanAccount } from '../../../lib/accounts/get-account-list';
import { LoanRecentPayments } from '../../../components/payments/recent-payments-list';
import { leftToPayOf } from '../../../components/payments/processing-payments-notice';
import { RefundedPaymentsNotice } from '../../../components/payments/refunded-payments-notice';
import { ReturnedPaymentsNotice } from '../../../components/payments/returned-payments-notice';
import { paymentListsOfRefusal, usePaymentInfo } from '../../../lib/payments/payment-info';
import { useStagesAfterPaint } from '../../../lib/after-paint';

const DASHBOARD = '/myaccount/dashboard';
/** The on-load flag of spec 002 section 8 that fails the load (back to the dashboard with it). */
const LOAD_FLAGS = { NightError: 'loanDetailsTexts.nightErrorText' } as const;
/** The core's holds, the other on-load flags: their message shows above the loan. */
const HOLD_TEXTS = {
  LoanLockedPayoff: 'loanDetailsTexts.loanLockedPayoffText',
  Dispute: 'loanDetailsTexts.disputeText',
  NoPaymentOnline: 'loanDetailsTexts.noPaymentOnlineText',
  NoAchPayment: 'loanDetailsTexts.noAchPaymentText',
} as const satisfies Record<LoanHold, SettingKey>;

function Facts(props: { label: string; rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={props.label}
      sx={{ p: 2, height: '100%' }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {props.label}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
      >
        {props.rows.map(([term, value], index) => (
          // By place: two labels may share the institution's wording.
          <Box key={index} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/**
 * myaccount/loanDetails/{accountNumber} (spec 002 "Loan details"): the loan's information with
 * its address, history, e-statements and alerts, and the hide, payoff quote and insurance dialogs.
 * A missing number or a failed load goes back to the dashboard with the load error.
 */
export function LoanDetailsPage() {
  const { accountNumber = '' } = useParams();
  const settings = useSettings();
  const navigate = useNavigate();
  const data = useAccountData(accountNumber);
  // The loan's page is large (hero, balance and chart, history, documents, statements): its
  // first render with the answer is deferred, so React renders it in the background in slices
  // instead of one task of 0.7 s on a mid-range phone (a query's answer is an external store's
  // update, which React otherwise renders at once, whole; issue 23). The loading block stays until
  // then. The answer travels with its loan's number: a deferred answer of the loan shown before
  // (another loan's page) is never shown under this one.
  const answer = useMemo(() => ({ accountNumber, loan: data.data }), [accountNumber, data.data]);
  const deferred = useDeferredValue(answer);
  const loan = deferred.accountNumber === accountNumber ? deferred.loan : undefined;

  // Only a first load that fails leaves the page. A reload after a save (or any later refetch)
  // that fails keeps the loan as it was loaded, with the load error above it (LoanDetails): the
  // save went through, and sending the borrower away would lose their place and other edits.
  const firstLoadFailed = data.isError && data.data === undefined;
  useEffect(() => {
    if (!firstLoadFailed) return;
    void navigate(DASHBOARD, {
      replace: true,
      state: { viewError: settings.get(loadErrorKey(data.error)) },
    });
  }, [firstLoadFailed, data.error, navigate, settings]);

  if (accountNumber === '') {
    return (
      <Navigate
        to={DASHBOARD}
        replace
        state={{ viewError: settings.get('loanDetailsTexts.loadErrorText') }}
      />
    );
  }
  if (!loan) {
    return (
      <Box sx={{ py: 2 }}>
        <LoadingBlock height={320} label={settings.get('loanDetailsTexts.loadingText')} />
      </Box>
    );
  }
  return (
    <LoanDetails
      accountNumber={accountNumber}
      data={loan}
      reloadError={
        data.isError && !data.isFetching ? settings.get(loadErrorKey(data.error)) : undefined
      }
      reload={() => void data.refetch()}
    />
  );
}

/** The wording of a failed load: its on-load flag's (NightError), else the general load error. */
function loadErrorKey(
  error: unknown,
): (typeof LOAD_FLAGS)[keyof typeof LOAD_FLAGS] | 'loanDetailsTexts.loadErrorText' {
  const code = error instanceof ApiError ? error.code : undefined;
  return code && code in LOAD_FLAGS
    ? LOAD_FLAGS[code as keyof typeof LOAD_FLAGS]
    : 'loanDetailsTexts.loadErrorText';
}

function LoanDetails({
  accountNumber,
  data,
  reloadError,
  reload,
}: {
  accountNumber: string;
  data: AccountDataResponse;
  /** Why the loan could not be loaded again (after a save), the page showing it as loaded. */
  reloadError: string | undefined;
  reload(): void;
}) {
  const settings = useSettings();
  const dialogs = useDialogStack();
  const navigate = useNavigate();
  const changes = useLoanChanges(accountNumber);
  // What is due and the loan's facts first; the history after that paint; the chart,
  // statements, documents and alerts after the next (lib/after-paint.ts). The page says it is
  // busy until then (aria-busy), so a screen reader waits for the whole of it.
  const stage = useStagesAfterPaint(2);
  const info = data.Information;
  const closed = isClosedComment(info.Comment);
  // The loan's dialogs say which loan they are about (a borrower may have several).
  const loanLabel = loanName({ description: info.Description, number: info.AccountNumber });
  const line = accountCategory(info.AccountType) === 'lineOfCredit';
  const hide = (key: Parameters<typeof settings.get>[0]) => settings.get(key) === true;
  // Decision: a loan that owes nothing offers no payment and no payoff quote, as a bank's own
  // site would not. Make Payment follows loanPaymentOffer (the server's noPaymentNeeded on the
  // principal balance, the account list's Balance): the payment screen would only answer
  // NoPaymentNeeded. Payoff Quote goes when today's payoff amount is 0: it could only quote
  // $0.00. Instead the page says why, in the institution's NoPaymentNeeded wording, the same
  // words the payment screen would show. (Lines of credit paid down to 0 or never drawn; a paid
  // off installment loan is closed, and a closed loan offers neither anyway.)
  const offer = loanPaymentOffer(info, settings);
  const nothingToPay = offer.kind === 'none' && offer.reason === 'noPaymentNeeded';
  // The same query as the payment lists' and the notices' below: no request of its own. A
  // payment made and not credited yet leaves less to pay; when it leaves nothing, Make Payment
  // stays offered (the borrower may pay more) but is no longer what the hero leads to.
  const paymentInfo = usePaymentInfo(accountNumber, { enabled: !closed });
  const processing = leftToPayOf(info.PaymentInformation.TotalAmountDue, paymentInfo);
  const covered = !closed && processing.coveredByProcessing;
  const nothingToPayOff = info.PayoffAmount <= 0;
  // The host's 0001-01-01 is shown as None (spec 002 section 3).
  const dateOrNone = (text: string) =>
    formatUsDate(hostDateOf(text)) || settings.get('commonTexts.noneText');

  const financial: (readonly [string, ReactNode])[] = [
    [settings.get('loanDetailsTexts.principalBalanceLabel'), formatUsd(info.PrincipalBalance)],
    [settings.get('loanDetailsTexts.payoffAmountLabel'), formatUsd(info.PayoffAmount)],
    [settings.get('loanDetailsTexts.interestRateLabel'), formatRate(info.InterestRate)],
    ...(line
      ? ([
          [settings.get('loanDetailsTexts.creditLimitLabel'), formatUsd(info.CreditLimit)],
          [settings.get('loanDetailsTexts.availableCreditLabel'), formatUsd(info.AvailableCredit)],
        ] as const)
      : ([
          [
            settings.get('loanDetailsTexts.originalAmountLabel'),
            formatUsd(info.OriginalLoanAmount),
          ],
          [
            settings.get('loanDetailsTexts.originalMaturityDateLabel'),
            dateOrNone(info.OriginalMaturityDate),
          ],
        ] as const)),
    [settings.get('loanDetailsTexts.originationDateLabel'), dateOrNone(info.LoanOriginationDate)],
    [
      settings.get('loanDetailsTexts.interestThisYearLabel'),
      formatUsd(info.CurrentYearToDateInterest),
    ],
    [
      settings.get('loanDetailsTexts.interestLastYearLabel'),
      formatUsd(info.LastYearToDateInterest),
    ],
  ];
  // Only with the option on (the server then answers none either).
  const defaultMethod = settings.get('paymentOptions.useDefaultPaymentMethodOption')
    ? info.PaymentInformation.DefaultPaymentMethod
    : null;
  const payments: (readonly [string, ReactNode])[] = [
    [settings.get('loanDetailsTexts.nextPaymentDateLabel'), dateOrNone(info.NextPaymentDate)],
    [settings.get('loanDetailsTexts.nextPaymentAmountLabel'), formatUsd(info.NextPaymentAmount)],
    [
      settings.get('loanDetailsTexts.totalAmountDueLabel'),
      formatUsd(info.PaymentInformation.TotalAmountDue),
    ],
    [settings.get('loanDetailsTexts.lateChargesDueLabel'), formatUsd(info.LateChargesDue)],
    // Miscellaneous fees are the total fees less the late charges (spec 002 section 3).
    [
      settings.get('loanDetailsTexts.miscellaneousFeesLabel'),
      formatUsd(Math.max(0, info.TotalLoanFees - info.LateChargesDue)),
    ],
    [settings.get('loanDetailsTexts.lastPaymentDateLabel'), dateOrNone(info.LastPaymentDate)],
    [settings.get('loanDetailsTexts.lastPaymentAmountLabel'), formatUsd(info.LastPaymentAmount)],
    ...(info.DaysPastDue > 0
      ? ([[settings.get('loanDetailsTexts.daysPastDueLabel'), String(info.DaysPastDue)]] as const)
      : []),
    ...(defaultMethod
      ? ([
          [
            settings.get('loanDetailsTexts.defaultPaymentMethodLabel'),
            fillPlaceholders(
              settings.get(
                defaultMethod.IsCard
                  ? 'paymentTexts.defaultCardText'
                  : 'paymentTexts.defaultAccountText',
              ),
              { lastFour: defaultMethod.LastFour },
            ),
          ],
        ] as const)
      : []),
  ];

  const pastDue = info.DaysPastDue > 0;
  const breakdown = amountDueBreakdown({
    totalCents: info.PaymentInformation.TotalAmountDue,
    installmentCents: info.MonthlyInstallment,
    lateChargesCents: info.LateChargesDue,
    otherFeesCents: Math.max(0, info.TotalLoanFees - info.LateChargesDue),
    pastDue,
  });
  const actions = (
    <>
      {offer.kind === 'portal' ? (
        <Button
          variant={covered ? 'outlined' : 'contained'}
          size="large"
          color={pastDue && !covered ? 'error' : 'primary'}
          component={RouterLink}
          to={`/myaccount/payment/${encodeURIComponent(accountNumber)}`}
        >
          {settings.get('dashboardTexts.makePaymentButtonText')}
        </Button>
      ) : null}
      {settings.get('payoffQuoteOptions.usePayoffQuoteOption') && !closed && !nothingToPayOff ? (
        <Button
          variant="outlined"
          onClick={() =>
            dialogs.open<true>((close) => (
              <PayoffQuoteDialog
                accountNumber={accountNumber}
                loanName={loanLabel}
                onClose={() => close(true)}
              />
            ))
          }
        >
          {settings.get('payoffQuoteTexts.linkText')}
        </Button>
      ) : null}
      {settings.get('loanDetailsOptions.useInsuranceInformationOption') ? (
        <Button
          variant="outlined"
          onClick={() =>
            dialogs.open<true>((close) => (
              <InsuranceDialog
                accountNumber={accountNumber}
                loanName={loanLabel}
                originalMaturityDate={info.OriginalMaturityDate}
                onClose={() => close(true)}
              />
            ))
          }
        >
          {settings.get('loanDetailsTexts.insuranceButtonText')}
        </Button>
      ) : null}
      {settings.get('loanDetailsOptions.allowHideAccountOption') ? (
        <Button
          onClick={async () => {
            const hidden = await dialogs.open<boolean>((close) => (
              <HideAccountDialog
                loanName={loanLabel}
                hide={() => changes.hide.mutateAsync()}
                onClose={close}
              />
            )).result;
            if (hidden) void navigate(DASHBOARD);
          }}
        >
          {settings.get('loanDetailsTexts.hideAccountButtonText')}
        </Button>
      ) : null}
    </>
  );

  return (
    <Stack spacing={4} sx={{ py: 2 }} aria-busy={stage < 2}>
      <Box component="section" aria-labelledby="loan-heading">
        <Typography variant="h4" component="h1" id="loan-heading">
          {settings.get('loanDetailsTexts.headingText')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {info.Description} {info.AccountNumber}
          {closed ? ` (${settings.get('loanDetailsTexts.closedMarkerText')})` : ''}
        </Typography>
        {reloadError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {settings.get('commonTexts.tryAgainButtonText')}
              </Button>
            }
          >
            {reloadError}
          </Alert>
        ) : null}
        {data.Hold ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {settings.get(HOLD_TEXTS[data.Hold])}
          </Alert>
        ) : null}
        {closed ? null : (
          <>
            <ReturnedPaymentsNotice accountNumber={info.AccountNumber} />
            <RefundedPaymentsNotice accountNumber={info.AccountNumber} />
          </>
        )}
        <LoanHero
          loan={{ description: info.Description, number: info.AccountNumber }}
          amountDueCents={info.PaymentInformation.TotalAmountDue}
          dueDate={hostDateOf(info.NextPaymentDate)}
          daysPastDue={info.DaysPastDue}
          breakdown={breakdown}
          actions={actions}
          processing={closed ? undefined : processing}
          note={
            nothingToPay ? (
              <Typography sx={{ mt: 1 }}>
                {settings.get('paymentErrorTexts.noPaymentNeededText')}
              </Typography>
            ) : null
          }
        />
        <Grid container spacing={2} sx={{ mt: 2 }}>
          {hide('loanDetailsOptions.hideFinancialSectionOption') ? null : (
            <Grid size={{ xs: 12, md: 4 }}>
              <Facts
                label={settings.get('loanDetailsTexts.balanceFactsHeadingText')}
                rows={financial}
              />
            </Grid>
          )}
          {hide('loanDetailsOptions.hideHistoryPaymentSectionOption') ? null : (
            <Grid size={{ xs: 12, md: 4 }}>
              <Facts
                label={settings.get('loanDetailsTexts.paymentFactsHeadingText')}
                rows={payments}
              />
            </Grid>
          )}
          {hide('loanDetailsOptions.hidePersonalAddressSectionOption') ? null : (
            <Grid size={{ xs: 12, md: 4 }}>
              <MailingAddress
                name={info.Name}
                saved={info.Address}
                readOnly={closed}
                save={(address) => changes.address.mutateAsync(address)}
              />
            </Grid>
          )}
        </Grid>
      </Box>
      <Divider />
      {/* From the first commit: they show once the payment info answers (a later mount would
          ask again after a refusal), and the returned-payment notice above shares it. */}
      {isLoanAccount({ Type: info.AccountType }) ? (
        <>
          <LoanPaymentLists accountNumber={accountNumber} />
          <LoanRecentPayments accountNumber={accountNumber} />
        </>
      ) : null}
      {stage < 1 || hide('loanDetailsOptions.hideLoanHistoryOption') ? null : (
        <HistorySection accountNumber={accountNumber} daysSinceOpened={info.DaysSinceOpened} />
      )}
      {/* Not in the spec: drawn from the history, so hidden with it. */}
      {stage < 2 || hide('loanDetailsOptions.hideLoanHistoryOption') ? null : (
        // Nothing owed: nothing to project either (the chart of the past stays).
        <BalanceSection accountNumber={accountNumber} closed={closed || nothingToPay} />
      )}
      {stage < 2 ||
      closed ||
      hide('loanDetailsOptions.hideEStatementsOption') ||
      !settings.get('eStatementOptions.useEStatementsOption') ? null : (
        <EStatementsSection
          accountNumber={accountNumber}
          format={data.StatementFormat}
          agreements={data.EStatementAgreements}
          saveFormat={(format) => changes.statementFormat.mutateAsync(format)}
          alerts={data.Alerts}
          saveAlerts={(alerts) => changes.alerts.mutateAsync(alerts)}
          refresh={changes.refresh}
        />
      )}
      {stage >= 2 &&
      settings.get('globalOptions.useFileServicesOption') &&
      !hide('loanDetailsOptions.hideAccountDocumentsOption') ? (
        <DocumentsSection
          documents={data.Documents}
          // A closed loan's documents are kept, not added to.
          upload={
            closed
              ? undefined
              : { target: { kind: 'account', number: accountNumber }, onUploaded: changes.refresh }
          }
        />
      ) : null}
      {stage < 2 || closed || hide('loanDetailsOptions.hideAlertPreferencesOption') ? null : (
        <AlertsSection saved={data.Alerts} save={(alerts) => changes.alerts.mutateAsync(alerts)} />
      )}
    </Stack>
  );
}

/**
 * The loan's recurring payment and scheduled payments (spec 001 "Recurring payment info box" in
 * its table layout, and "Scheduled payment list"), from the payment info of the loan, each with
 * its delete flow; loanDetailsOptions.hideRecurringPaymentsOption and hideScheduledPaymentsOption
 * hide them. While the payment info loads, or when it cannot be loaded, neither shows: the rest
 * of the loan page does not depend on it. A refusal about the loan carries them too, and they show.
 */
function LoanPaymentLists({ accountNumber }: { accountNumber: string }) {
  const settings = useSettings();
  const hideRecurring = settings.get('loanDetailsOptions.hideRecurringPaymentsOption');
  const hideScheduled = settings.get('loanDetailsOptions.hideScheduledPaymentsOption');
  const paymentInfo = usePaymentInfo(accountNumber, { enabled: !(hideRecurring && hideScheduled) });
  // A refusal about the loan (PaymentBlocked, DisabledPaymentsAfterCutoffTime, ...) still lists them.
  const data = paymentInfo.data ?? paymentListsOfRefusal(paymentInfo.error);
  // A loan that has had no recurring or scheduled payment in this visit shows nothing here: the
  // two empty note regions would each take the page's section spacing. Once it has had one, the
  // regions stay, so a deletion's note is announced.
  const hasPayments = Boolean(data && (data.RecurringPayment || data.ScheduledPayments.length > 0));
  const [hadPayments, setHadPayments] = useState(false);
  if (hasPayments && !hadPayments) setHadPayments(true);
  if (!data || !(hasPayments || hadPayments)) return null;
  // A deletion updates the payment info itself (useDeletePayment): nothing more to do here.
  const onDeleted = () => undefined;
  return (
    <>
      {/* Rendered without a recurring payment too: the box then holds the deletion's note. */}
      {hideRecurring ? null : (
        <RecurringPaymentBox
          accountNumber={accountNumber}
          payment={data.RecurringPayment}
          layout="table"
          placement="loanDetails"
          onDeleted={onDeleted}
        />
      )}
      {hideScheduled ? null : (
        <ScheduledPaymentsList
          accountNumber={accountNumber}
          payments={data.ScheduledPayments}
          placement="loanDetails"
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
