import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  accountPaymentOffer,
  amountDueDifference,
  type AccountListItem,
  type AmountLeftToPay,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  isClosedComment,
  loanName,
  maskAccountNumber,
  nextRecurringDrawDate,
  pastDueNotice,
  pastDueTextsOf,
  type PaymentsSummary as Summary,
  paymentRulesOf,
  type ProcessingPayment,
  scheduleWording,
  scheduleWordingTextsOf,
} from '@portal/domain';
import { useQueries } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import {
  leftToPayOf,
  ProcessingPaymentsNotice,
} from '../../../components/payments/processing-payments-notice';
import { refundedPaymentText } from '../../../components/payments/refunded-payments-notice';
import { returnedPaymentText } from '../../../components/payments/returned-payments-notice';
import {
  type PaymentInfo,
  paymentInfoQuery,
  paymentListsOfRefusal,
} from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';

type Settings = ReturnType<typeof useSettings>;

/** An account list row as the domain names loans (`loanName`: 'Auto Loan ****2341'). */
const named = (account: Pick<AccountListItem, 'Description' | 'Number'>) =>
  loanName({ description: account.Description, number: account.Number });

/** Whether the summary offers a row Make Payment: a loan or line the payment screen takes. */
const payable = (account: AccountListItem, settings: Settings) =>
  accountPaymentOffer(account, settings)?.kind === 'portal';

/**
 * The loans the summary offers Make Payment for: each past-due loan and the next payment due.
 * The dashboard's own Make Payment (to the payment screen, no loan chosen) shows only when this is
 * empty and some loan can still be paid (see DashboardPage).
 */
export function summaryPaymentLoans(summary: Summary, settings: Settings): AccountListItem[] {
  return [
    ...summary.pastDue.map((late) => late.account),
    ...(summary.nextDue ? [summary.nextDue.account] : []),
  ].filter((account) => payable(account, settings));
}

/**
 * Make Payment for a loan. When its processing payments leave nothing to pay it is still offered
 * (the borrower may pay more) but outlined: it is no longer what the line leads to.
 */
function PayButton(props: {
  account: AccountListItem;
  color?: 'error' | 'primary';
  processing: ProcessingByLoan;
}) {
  const settings = useSettings();
  if (!payable(props.account, settings)) return null;
  const covered = props.processing.get(props.account.Number)?.coveredByProcessing === true;
  return (
    <Button
      variant={covered ? 'outlined' : 'contained'}
      color={covered ? 'primary' : (props.color ?? 'primary')}
      component={RouterLink}
      to={`/myaccount/payment/${encodeURIComponent(props.account.Number)}`}
      aria-label={`${settings.get('dashboardTexts.makePaymentButtonText')}: ${named(props.account)}`}
      sx={{ flexShrink: 0 }}
    >
      {settings.get('dashboardTexts.makePaymentButtonText')}
    </Button>
  );
}

/**
 * The top of the dashboard (issue 20 item 17): every past-due loan in the error colour (how late,
 * what brings it current, Make Payment for it), the next payment due on the others (amount, date,
 * loan, Make Payment), then the scheduled and recurring payments coming up; the account lists
 * follow. `summary` is domain paymentsSummary as of the institution's today. Each thing due has
 * its one Make Payment, named for its loan (see DashboardPage for why no other shows beside it).
 */
export function PaymentsSummary(props: {
  summary: Summary;
  payments: LoanPayments;
  /** processingByLoan of `payments`. */
  processing: ProcessingByLoan;
}) {
  const settings = useSettings();
  const { summary } = props;
  const pastDueTexts = pastDueTextsOf(settings);
  if (props.payments.loans.length === 0) return null;
  const next = summary.nextDue;
  const { processing } = props;
  return (
    <Box component="section" aria-labelledby="payments-summary-heading">
      <Typography variant="h5" component="h2" id="payments-summary-heading" gutterBottom>
        {settings.get('accountSummaryTexts.summaryHeadingText')}
      </Typography>
      <Stack spacing={2}>
        <ReturnedPayments
          payments={props.payments}
          processing={processing}
          offered={summaryPaymentLoans(summary, settings).map((account) => account.Number)}
        />
        {/* Before any amount due: a borrower who has just paid is not led to pay it again. */}
        {props.payments.loans.map((loan) => (
          <ProcessingPaymentsNotice
            key={loan.Number}
            title={named(loan)}
            payments={processing.get(loan.Number)?.processing ?? []}
          />
        ))}
        {summary.pastDue.map((late) => (
          <Alert
            key={late.account.Number}
            severity="error"
            variant="outlined"
            sx={{ borderWidth: 2, '& .MuiAlert-message': { flex: 1 } }}
          >
            <AlertTitle>{pastDueTexts.title}</AlertTitle>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <div>
                <Typography variant="body2" sx={{ color: 'text.primary' }}>
                  {pastDueNotice(
                    {
                      loan: { description: late.account.Description, number: late.account.Number },
                      daysPastDue: late.daysPastDue,
                      dueDate: late.dueDate,
                      bringCurrentCents: late.breakdown.bringCurrentCents,
                      processingCents: processing.get(late.account.Number)?.processingCents,
                    },
                    pastDueTexts,
                  )}
                  {/* The figure above is not the Amount Due of the loan's row: say why. */}
                  {(() => {
                    const why = amountDueDifference(late.breakdown, pastDueTexts);
                    return why ? (
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', mt: 0.5 }}
                      >
                        {why}
                      </Typography>
                    ) : null;
                  })()}
                </Typography>
                <LeftToPay account={late.account} processing={processing} />
              </div>
              <Box>
                <PayButton account={late.account} color="error" processing={processing} />
              </Box>
            </Stack>
          </Alert>
        ))}
        <Card variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {next ? (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
            >
              <div>
                <Typography variant="overline" component="p" color="text.secondary">
                  {settings.get('accountSummaryTexts.nextPaymentHeadingText')}
                </Typography>
                <Typography variant="figure" component="p">
                  {formatUsd(next.amountCents)}
                </Typography>
                <Typography>
                  {fillPlaceholders(settings.get('accountSummaryTexts.nextPaymentText'), {
                    amount: formatUsd(next.amountCents),
                    dueDate: formatUsDate(next.dueDate),
                    loan: named(next.account),
                  })}
                </Typography>
                <LeftToPay account={next.account} processing={processing} />
              </div>
              <Box>
                <PayButton account={next.account} processing={processing} />
              </Box>
            </Stack>
          ) : summary.pastDue.length === 0 ? (
            <Typography>{settings.get('accountSummaryTexts.nothingDueText')}</Typography>
          ) : null}
          {summary.laterDue.length > 0 ? (
            <Box component="section" aria-labelledby="later-payments-heading" sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3" id="later-payments-heading">
                {settings.get('accountSummaryTexts.laterPaymentsHeadingText')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {summary.laterDue.map((due) => (
                  <Typography component="li" variant="body2" key={due.account.Number}>
                    {fillPlaceholders(settings.get('accountSummaryTexts.laterPaymentText'), {
                      amount: formatUsd(due.amountCents),
                      dueDate: formatUsDate(due.dueDate),
                      loan: named(due.account),
                    })}
                  </Typography>
                ))}
              </Box>
            </Box>
          ) : null}
          <UpcomingPayments payments={props.payments} />
        </Card>
      </Stack>
    </Box>
  );
}

/**
 * The payments a borrower's bank sent back (ACH returns, issue 24), first: the amount is due again;
 * then the card payments the institution refunded, owed again as well.
 * One notice each, titled with its loan; from each loan's payment info (a refusal about the loan
 * still carries its lists), as the loan page and Make Payment say it. Make Payment for its loan
 * when the summary below offers none (one Make Payment per loan, see DashboardPage).
 */
function ReturnedPayments(props: {
  payments: LoanPayments;
  processing: ProcessingByLoan;
  offered: readonly string[];
}) {
  const settings = useSettings();
  const { loans, results } = props.payments;
  return loans.flatMap((loan, index) => {
    const result = results[index];
    const lists = result?.data ?? paymentListsOfRefusal(result?.error);
    // A card payment the institution refunded is owed again too, as the loan page says
    // (RefundedPaymentsNotice): after the returned ones, a warning rather than an error.
    const owedAgain = [
      ...(lists?.ReturnedPayments ?? []).map((payment) => ({
        key: `r|${payment.EncryptedString}`,
        severity: 'error' as const,
        text: returnedPaymentText(settings, payment),
      })),
      ...(lists?.RecentPayments ?? [])
        .filter((payment) => payment.Status === 'refunded')
        .map((payment) => ({
          key: `f|${payment.EncryptedString}`,
          severity: 'warning' as const,
          text: refundedPaymentText(settings, payment),
        })),
    ];
    return owedAgain.map((notice) => (
      <Alert
        key={`${loan.Number}|${notice.key}`}
        severity={notice.severity}
        variant="outlined"
        sx={{ borderWidth: 2, '& .MuiAlert-message': { flex: 1 } }}
      >
        <AlertTitle>{named(loan)}</AlertTitle>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="body2" sx={{ color: 'text.primary' }}>
            {notice.text}
          </Typography>
          {props.offered.includes(loan.Number) ? null : (
            <Box>
              <PayButton
                account={loan}
                color={notice.severity === 'error' ? 'error' : 'primary'}
                processing={props.processing}
              />
            </Box>
          )}
        </Stack>
      </Alert>
    ));
  });
}

/** Each open loan's processing payments and what they leave to pay, by loan number. */
export type ProcessingByLoan = ReadonlyMap<string, AmountLeftToPay<ProcessingPayment>>;

/**
 * The open loans that have payments processing (paid, not yet credited by the core), from the
 * payment info the summary already has for each: what they pay and what they leave of the loan's
 * amount due (the account list's LoanAmountDue, the amount the summary and the rows show).
 */
export function processingByLoan(payments: LoanPayments): ProcessingByLoan {
  const byLoan = new Map<string, AmountLeftToPay<ProcessingPayment>>();
  payments.loans.forEach((loan, index) => {
    const left = leftToPayOf(loan.LoanAmountDue, payments.results[index]);
    if (left.processing.length > 0) byLoan.set(loan.Number, left);
  });
  return byLoan;
}

/** What is left of a loan's amount due after its processing payments; nothing without any. */
function LeftToPay(props: { account: AccountListItem; processing: ProcessingByLoan }) {
  const settings = useSettings();
  const left = props.processing.get(props.account.Number);
  if (!left) return null;
  return (
    <Box
      component="dl"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 1,
        mt: 0.5,
        mb: 0,
        color: 'text.primary',
      }}
    >
      <Typography component="dt" variant="body2">
        {settings.get('accountSummaryTexts.processingLeftToPayLabel')}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatUsd(left.leftToPayCents)}
      </Typography>
    </Box>
  );
}

interface Upcoming {
  key: string;
  date: string;
  text: string;
}

/** The open loans and lines and their payment info (GetPaymentInfo), as the summary lists them. */
export interface LoanPayments {
  loans: readonly AccountListItem[];
  results: readonly { data?: PaymentInfo; error: unknown; isPending: boolean }[];
  /** Some loan's payment info is still on its way: the dashboard waits (nothing shifts). */
  pending: boolean;
}

/**
 * Each open loan's and line's payment info, for the scheduled and recurring payments coming up.
 * The dashboard asks at once with the account list and shows the page when all are in.
 */
export function useLoanPayments(accounts: readonly AccountListItem[]): LoanPayments {
  const settings = useSettings();
  const loans = accounts.filter(
    (account) =>
      !isClosedComment(account.Comment) && accountPaymentOffer(account, settings) !== undefined,
  );
  const results = useQueries({
    queries: loans.map((loan) => ({ ...paymentInfoQuery(loan.Number), retry: false })),
  });
  return { loans, results, pending: results.some((result) => result.isPending) };
}

/**
 * The scheduled (not yet posted) and recurring payments of the open loans, soonest first, from
 * each loan's payment info (a refusal about the loan still carries them); a loan whose payment
 * info cannot be had adds nothing.
 */
function UpcomingPayments(props: { payments: LoanPayments }) {
  const settings = useSettings();
  const { loans, results } = props.payments;
  const method = (lastFour: string) => maskAccountNumber(lastFour);
  const texts = scheduleWordingTextsOf(settings);
  const upcoming: Upcoming[] = loans.flatMap((loan, index) => {
    const result = results[index];
    const lists = result?.data ?? paymentListsOfRefusal(result?.error);
    if (!lists) return [];
    const scheduled = lists.ScheduledPayments.filter((payment) => !payment.HasBeenPosted).map(
      (payment): Upcoming => ({
        key: `s|${loan.Number}|${payment.EncryptedString}`,
        date: payment.PaymentDate.slice(0, 10),
        // A payment made to pay the loan off says so (its own wording, the same placeholders).
        text: fillPlaceholders(
          settings.get(
            payment.IsPayoff
              ? 'accountSummaryTexts.scheduledPayoffPaymentText'
              : 'accountSummaryTexts.scheduledPaymentText',
          ),
          {
            amount: formatUsd(payment.PaymentAmount),
            date: formatUsDate(payment.PaymentDate.slice(0, 10)),
            loan: named(loan),
            method: method(payment.AccountNumber),
          },
        ),
      }),
    );
    const recurring = lists.RecurringPayment;
    // The day it is next drawn, by the server's rules and today (its Date is the schedule's
    // first date, or the day the server checks again); from a refusal, its Date as listed.
    const info = result?.data;
    const { allowSaturday, allowSunday } = paymentRulesOf(settings).days;
    const next =
      recurring &&
      (info
        ? nextRecurringDrawDate(
            {
              option: recurring.RecurringOption,
              date: recurring.Date.slice(0, 10),
              numberOfDays: recurring.NumberOfDays,
            },
            {
              today: info.PaymentDetails.PaymentDate.slice(0, 10),
              dueDate: info.DueDate ? info.DueDate.slice(0, 10) : null,
              rules: {
                nonPaymentDays: info.NonPaymentDays.map((day) => day.slice(0, 10)),
                allowSaturday,
                allowSunday,
              },
            },
          )
        : recurring.Date.slice(0, 10));
    return recurring && next
      ? [
          ...scheduled,
          {
            key: `r|${loan.Number}`,
            date: next,
            text: fillPlaceholders(settings.get('accountSummaryTexts.recurringPaymentText'), {
              amount: formatUsd(recurring.TotalAmount),
              schedule: scheduleWording(recurring, texts),
              date: formatUsDate(next),
              loan: named(loan),
              method: method(recurring.PaymentAccountNum),
            }),
          },
        ]
      : scheduled;
  });
  upcoming.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return (
    <Box component="section" aria-labelledby="upcoming-payments-heading" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id="upcoming-payments-heading">
        {settings.get('accountSummaryTexts.upcomingHeadingText')}
      </Typography>
      {upcoming.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {settings.get('accountSummaryTexts.noUpcomingPaymentsText')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {upcoming.map((payment) => (
            <Typography component="li" variant="body2" key={payment.key}>
              {payment.text}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
