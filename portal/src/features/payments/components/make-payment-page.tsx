import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_CARD_TYPE_NAMES,
  PAYMENT_CARD_TYPES,
  PAYMENT_INFO_ERROR_TEXT_KEYS,
  accountSelectionOutcome,
  calendarDateIn,
  holdBlocksOf,
  isPayableAccountComment,
  loanChoiceText,
  paymentInfoOutcome,
  preselectedPaymentType,
  type AccountListItem,
  type CalendarDate,
  type CardStop,
  type PaymentInfoError,
  type PaymentType,
} from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NativeSelectField } from '../../../components/form-fields/native-select-field';
import { RecurringPaymentBox } from '../../../components/payments/recurring-payment-box';
import { ScheduledPaymentsList } from '../../../components/payments/scheduled-payments-list';
import { ListedAmountDueBreakdown } from '../../../components/amount-due/amount-due-breakdown';
import { isLoanAccount, useAccountList } from '../../../lib/accounts/get-account-list';
import { ApiError } from '../../../lib/api-client';
import { safeLinkUrl } from '../../../lib/external-link';
import { acceptedCardTypesOf } from '../../../lib/payments/card-rules';
import { paymentErrorText } from '../../../lib/payments/payment-error-text';
import {
  paymentListsOfRefusal,
  pendingScheduledPayments,
  usePaymentInfo,
  type PaymentInfo,
} from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import type { SettingsAccessor } from '@portal/settings-schema';
import { loanHoldQuery } from '../api/payment-step-data';
import { chosenMethodKey, type ChosenMethod } from '../utils/chosen-method';
import { createIdempotencyAttempts } from '../../../lib/idempotency-attempt';
import {
  EMPTY_PAYMENT_DRAFT,
  type PaymentDraft,
  type PaymentDraftState,
} from '../utils/payment-draft';
import { amountLoanOf, isPastDue } from '../utils/payment-context';
import { leftToPayOfLoan } from '../utils/processing-payments';
import { MethodStep } from './method-step';
import { preloadPaymentDetails } from './open-payment-details';
import { ProcessingPaymentsSummary } from './processing-payments-summary';
import { RecentPaymentsList } from '../../../components/payments/recent-payments-list';
import { RefundedPaymentsNotice } from '../../../components/payments/refunded-payments-notice';
import { ReturnedPaymentsNotice } from '../../../components/payments/returned-payments-notice';

const loadLaterSteps = () => import('./payment-later-steps');
/**
 * Frequency, amount and total: loaded when the borrower picks a payment type (or one is
 * preselected), not with the page, whose first download is the account and method steps.
 */
const PaymentLaterSteps = lazy(loadLaterSteps);

/** What the borrower will need next once a payment type is picked: the later steps and the new-method modal. */
function preloadNextSteps(): void {
  void loadLaterSteps();
  preloadPaymentDetails();
}

/** Section 3: in the payment selector only an empty Comment or 'NOX$' counts as open. */
export function isPayableAccount(account: AccountListItem): boolean {
  return isLoanAccount(account) && isPayableAccountComment(account.Comment);
}

/**
 * A loan as the dropdown names it: 'Home Equity Loan ****2352 — $775.94 due 12/02/2026'
 * (issue 20, item 5: the spec's '001-100235-2 - $775.94 12/02/2026' named no loan).
 */
function accountLabel(account: AccountListItem, settings: SettingsAccessor): string {
  return loanChoiceText(
    {
      description: account.Description,
      number: account.Number,
      amountDueCents: Math.max(0, account.LoanAmountDue),
      dueDate: account.LoanDueDate ? account.LoanDueDate.slice(0, 10) : null,
    },
    {
      withDueDate: settings.get('paymentTexts.loanAccountOptionText'),
      withoutDueDate: settings.get('paymentTexts.loanAccountOptionNoDueDateText'),
    },
  );
}

/**
 * The make-a-payment screen (spec 001 section 2, myaccount/payment and payment/{accountNumber}):
 * cumulative steps, each shown once the one before is valid. Changing a step re-judges the later
 * ones and keeps what the borrower typed there while it is still offered (the draft,
 * utils/payment-draft.ts, holds the decision); choosing another loan starts afresh.
 */
export function MakePaymentPage() {
  const settings = useSettings();
  const params = useParams();
  const navigate = useNavigate();
  const accounts = useAccountList();
  const payable = (accounts.data?.Accounts ?? []).filter(isPayableAccount);
  const routeAccount = params.accountNumber ?? '';
  const routeChoice = payable.some((account) => account.Number === routeAccount)
    ? routeAccount
    : '';
  // The dropdown shows the borrower's choice at once; the loan's steps follow the address, which
  // the choice changes (the router commits it a moment later). A page's dialogs belong to its
  // address (app-shell.tsx): a step that opened one for the chosen loan before the address named
  // that loan would have seen it closed, and a loan shown under another loan's address could
  // have kept its dialogs over that loan's page.
  const [picked, setPicked] = useState<{ on: string; value: string } | undefined>(undefined);
  const accountNumber = picked?.on === routeAccount ? picked.value : routeChoice;
  const account = payable.find((item) => item.Number === routeChoice);
  const linkUrl = safeLinkUrl(settings.get('thirdPartyPaymentOptions.thirdPartyPaymentLinkURL'));

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem' }}>
        {settings.get('loggedInLayout.makePaymentMenuText')}
      </Typography>
      {settings.get('paymentTexts.paymentPageMessageRichText').trim() ? (
        <LazyRichText html={settings.get('paymentTexts.paymentPageMessageRichText')} />
      ) : null}
      {!settings.get('paymentOptions.hideServicingFeeInfoOption') &&
      settings.get('paymentTexts.servicingFeeInfoRichText').trim() ? (
        <LazyRichText html={settings.get('paymentTexts.servicingFeeInfoRichText')} />
      ) : null}

      <Stack component="section" spacing={2} aria-labelledby="select-account-heading">
        <Typography id="select-account-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {settings.get('paymentTexts.selectLoanAccountHeadingText')}
        </Typography>
        {accounts.isPending ? (
          <CircularProgress aria-label={settings.get('errorTexts.loadingText')} />
        ) : accounts.isError ? (
          <ErrorAlert>{settings.get('paymentErrorTexts.genericInfoErrorText')}</ErrorAlert>
        ) : (
          <NativeSelectField
            label={settings.get('paymentTexts.loanAccountLabel')}
            value={accountNumber}
            // The choice names the loan, its amount and date: on a phone it takes two lines.
            wrappedText={(() => {
              const chosen = payable.find((item) => item.Number === accountNumber);
              return chosen ? accountLabel(chosen, settings) : '';
            })()}
            onChange={(value) => {
              setPicked({ on: routeAccount, value });
              void navigate(
                value ? `/myaccount/payment/${encodeURIComponent(value)}` : '/myaccount/payment',
                { replace: true },
              );
            }}
          >
            <option value="" />
            {payable.map((item) => (
              <option key={item.Number} value={item.Number}>
                {accountLabel(item, settings)}
              </option>
            ))}
          </NativeSelectField>
        )}
        {settings.get('thirdPartyPaymentOptions.showThirdPartyPaymentLinkOption') && linkUrl ? (
          <Link href={linkUrl} target="_blank" rel="noopener noreferrer">
            {settings.get('thirdPartyPaymentTexts.thirdPartyPaymentLinkText')}
          </Link>
        ) : null}
      </Stack>

      {account ? <AccountGate key={account.Number} account={account} /> : null}
    </Stack>
  );
}

function InfoError(props: { error: PaymentInfoError }) {
  const settings = useSettings();
  return <ErrorAlert>{settings.get(PAYMENT_INFO_ERROR_TEXT_KEYS[props.error])}</ErrorAlert>;
}

/**
 * The loan's scheduled and recurring payments under a refusal about the loan: a
 * DisabledPaymentsAfterCutoffTime or BlockedOnPendingRecurring is about them, and the borrower
 * may still see and delete them (a deletion fetches the payment info again).
 */
function PaymentsBehindRefusal(props: {
  accountNumber: string;
  lists: Pick<PaymentInfo, 'ScheduledPayments' | 'RecurringPayment' | 'RecentPayments'> | undefined;
}) {
  if (!props.lists) return null;
  const onDeleted = () => undefined;
  return (
    <>
      <ScheduledPaymentsList
        accountNumber={props.accountNumber}
        payments={props.lists.ScheduledPayments}
        onDeleted={onDeleted}
      />
      <RecurringPaymentBox
        accountNumber={props.accountNumber}
        payment={props.lists.RecurringPayment}
        layout="card"
        onDeleted={onDeleted}
      />
      <RecentPaymentsList
        accountNumber={props.accountNumber}
        payments={props.lists.RecentPayments}
      />
    </>
  );
}

/** The selection outcomes (spec 001 section 4), before and after the payment info is fetched. */
function AccountGate(props: { account: AccountListItem }) {
  const settings = useSettings();
  const { account } = props;
  const honourHolds = settings.get('paymentOptions.blockPaymentsOnHoldCodesOption');
  const hold = useQuery({ ...loanHoldQuery(account.Number), enabled: honourHolds });
  const achAllowed = !settings.get('achPaymentOptions.hideAchOption');
  const cardsAllowed = settings.get('cardPaymentOptions.allowCardsOption');
  const outcome =
    honourHolds && !hold.isSuccess
      ? undefined
      : accountSelectionOutcome({
          accountNumber: account.Number,
          balance: Math.max(0, account.Balance),
          holdBlocks: holdBlocksOf(hold.data, honourHolds),
          settings: {
            achAllowed,
            cardsAllowed,
            useThirdPartyCardPayments: settings.get(
              'thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption',
            ),
            thirdPartyRoute: {
              enabled: settings.get('thirdPartyPaymentOptions.useThirdPartyRouteOption'),
              branchMinimum: settings.get('thirdPartyPaymentOptions.thirdPartyRouteBranchMinimum'),
              branchMaximum: settings.get('thirdPartyPaymentOptions.thirdPartyRouteBranchMaximum'),
            },
          },
        });
  const info = usePaymentInfo(account.Number, { enabled: outcome?.kind === 'fetchPaymentInfo' });

  // The hold comes from the loan page's AccountDetails, which answers NightError in the nightly
  // window: that is the payment info's NiteMode (section 8), not a load problem.
  if (honourHolds && hold.isError) {
    const night = hold.error instanceof ApiError && hold.error.code === 'NightError';
    return <InfoError error={night ? 'NiteMode' : 'InfoLoad'} />;
  }
  if (!outcome || (outcome.kind === 'fetchPaymentInfo' && info.isPending)) {
    return <CircularProgress aria-label={settings.get('errorTexts.loadingText')} />;
  }
  if (outcome.kind === 'blocked') return <InfoError error="PaymentBlocked" />;
  if (outcome.kind === 'noPaymentNeeded') return <InfoError error="NoPaymentNeeded" />;
  if (outcome.kind === 'thirdPartyRoute') {
    return (
      <Stack spacing={2}>
        <Typography>{settings.get('thirdPartyPaymentTexts.thirdPartyRouteText')}</Typography>
        <div>
          <Button
            variant="contained"
            onClick={() => {
              // Section 2: the button "leaves to the configured link": this tab goes there (the
              // external-link helper only vets the address; a new tab is for links that keep the
              // portal open, and this account cannot be paid here). `window.open` with `_self`
              // navigates like `location.assign`, as the single sign-on leaves.
              const url = safeLinkUrl(settings.get('thirdPartyPaymentOptions.thirdPartyRouteURL'));
              if (url) window.open(url, '_self');
            }}
          >
            {settings.get('thirdPartyPaymentTexts.thirdPartyRouteButtonText')}
          </Button>
        </div>
      </Stack>
    );
  }
  // What the amount due is made of (missed installments, late charges, the current one), past
  // due as of the server's today (the device's only when the payment info was refused), before
  // anything is chosen.
  const breakdownAsOf = (today: CalendarDate | undefined) => (
    <ListedAmountDueBreakdown
      account={account}
      today={today ?? calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date())}
      headingComponent="h2"
    />
  );
  if (info.isError) {
    return (
      <>
        {breakdownAsOf(undefined)}
        <ErrorAlert>{paymentErrorText(settings, 'paymentInfo', info.error)}</ErrorAlert>
        <PaymentsBehindRefusal
          accountNumber={account.Number}
          lists={paymentListsOfRefusal(info.error)}
        />
      </>
    );
  }
  if (!info.data) return null;
  const after = paymentInfoOutcome({
    blockAchPayment: outcome.blockAchPayment,
    blockCardPayment: outcome.blockCardPayment,
    accountAllowsAch: info.data.PaymentOptions.AllowACH,
    accountAllowsCards: info.data.PaymentOptions.AllowCards,
    delinquent: info.data.Delinquent,
    blockImmediateAchAfterCutoff: info.data.BlockImmediateACHPaymentsAfterCutoffTime,
    // A payment posted today is listed (HasBeenPosted) but no longer pending.
    hasScheduledPayments: pendingScheduledPayments(info.data).length > 0,
    settings: {
      achAllowed,
      cardsAllowed,
      // An admin-only setting (it never reaches the portal): the server applies it and answers
      // GetPaymentInfo with Delinquent, shown above as the info error.
      blockOnlinePaymentsWhenDelinquent: false,
    },
  });
  if (after.kind === 'invalid') {
    return (
      <>
        {breakdownAsOf(serverToday(info.data))}
        <InfoError error={after.error} />
        <PaymentsBehindRefusal accountNumber={account.Number} lists={info.data} />
      </>
    );
  }
  const breakdown = breakdownAsOf(serverToday(info.data));
  return (
    <>
      {/* A payment the bank sent back or the institution refunded is due again: said first,
          before the form to pay it. */}
      <ReturnedPaymentsNotice accountNumber={account.Number} />
      <RefundedPaymentsNotice accountNumber={account.Number} />
      {/* A payment made and not credited yet, and what it leaves to pay, before the form: the
          amount due does not count it yet, and the borrower would pay twice. */}
      <ProcessingPaymentsSummary
        processing={leftToPayOfLoan(info.data, account)}
        amountDueCents={amountLoanOf(info.data, account).amountDueCents}
      />
      {breakdown}
      <PaymentFlow
        account={account}
        info={info.data}
        achAvailable={!after.blockAchPayment}
        cardAvailable={!after.blockCardPayment}
      />
    </>
  );
}

/** The server's today from the payment info (a calendar date), if it gives a valid one. */
function serverToday(info: PaymentInfo): CalendarDate | undefined {
  const date = info.PaymentDetails.PaymentDate.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

/** Steps 2 to 5 of one loan, with its scheduled and recurring payments. */
function PaymentFlow(props: {
  account: AccountListItem;
  info: PaymentInfo;
  achAvailable: boolean;
  cardAvailable: boolean;
}) {
  const settings = useSettings();
  const { account, info } = props;
  // The institution's today as the server answers it (PaymentDetails.PaymentDate), not the
  // device's: a clock a day off would date the payment wrongly, and the server refuse it.
  const today =
    serverToday(info) ??
    calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date());
  const [paymentType, setPaymentType] = useState<PaymentType | undefined>(() =>
    preselectedPaymentType(props.achAvailable, props.cardAvailable),
  );
  useEffect(() => {
    if (paymentType) preloadNextSteps();
  }, [paymentType]);
  const [chosen, setChosen] = useState<ChosenMethod | undefined>(undefined);
  // What the borrower chose and typed in the later steps: kept here, above them, so that no
  // later choice wipes it (utils/payment-draft.ts). A new loan is a new PaymentFlow.
  const [draft, setDraft] = useState<PaymentDraft>(EMPTY_PAYMENT_DRAFT);
  const draftState: PaymentDraftState = {
    draft,
    update: (change) => setDraft((current) => ({ ...current, ...change })),
  };
  // Deleting a scheduled or recurring payment returns to the method step (section 4).
  const [methodRound, setMethodRound] = useState(0);
  const [attempts] = useState(() => createIdempotencyAttempts());
  // Section 4: after a Declined, OverLimit, InvalidInfo or Expired answer the submit button stays
  // disabled: for that method. Decided: another method (a new card after a decline) may pay, as
  // a borrower would expect (a newcomer found the button disabled for good until a reload).
  const [refusedMethod, setRefusedMethod] = useState<string | undefined>(undefined);
  // Issue 20 item 4: a refused card (or cards paused) is unselected and the method step says what
  // to do next, until another method is chosen.
  const [refusal, setRefusal] = useState<{ stop: CardStop; methodKey: string } | undefined>(
    undefined,
  );
  const choose = (next: ChosenMethod | undefined) => {
    setChosen(next);
    if (next) setRefusal(undefined);
  };
  const refused = chosen !== undefined && refusedMethod === chosenMethodKey(chosen);
  const pastDue = isPastDue(account, info, today);
  const accepted = acceptedCardTypesOf(settings);
  const acceptedCards = PAYMENT_CARD_TYPES.filter((type) => accepted[type]);

  function backToMethodStep() {
    setChosen(undefined);
    setMethodRound((round) => round + 1);
  }

  return (
    <>
      <MethodStep
        key={methodRound}
        accountNumber={account.Number}
        info={info}
        achAvailable={props.achAvailable}
        cardAvailable={props.cardAvailable}
        paymentType={paymentType}
        onPaymentType={setPaymentType}
        chosen={chosen}
        onChoose={choose}
        refusal={refusal}
      />
      {/* The card images belong to cards: they show once Card is the payment type (a newcomer
          found them under E-Check). */}
      {paymentType === 'Card' &&
      props.cardAvailable &&
      settings.get('paymentOptions.showCardImagesOption') &&
      acceptedCards.length > 0 ? (
        // Decided: the settings carry no card image files, so the accepted brands show by name.
        <Typography variant="body2" aria-label={settings.get('paymentTexts.acceptedCardsLabel')}>
          {acceptedCards.map((type) => PAYMENT_CARD_TYPE_NAMES[type]).join(' · ')}
        </Typography>
      ) : null}
      {chosen ? (
        <Suspense
          fallback={<CircularProgress aria-label={settings.get('errorTexts.loadingText')} />}
        >
          <PaymentLaterSteps
            account={account}
            info={info}
            chosen={chosen}
            today={today}
            pastDue={pastDue}
            methodRound={methodRound}
            attempts={attempts}
            refused={refused}
            onRefused={(stop) => {
              const methodKey = chosenMethodKey(chosen);
              setRefusedMethod(methodKey);
              setRefusal({ stop, methodKey });
              setChosen(undefined);
            }}
            draftState={draftState}
          />
        </Suspense>
      ) : null}
      <ScheduledPaymentsList
        accountNumber={account.Number}
        payments={info.ScheduledPayments}
        onDeleted={backToMethodStep}
      />
      {/* Rendered without a recurring payment too: the box then holds the deletion's note. */}
      <RecurringPaymentBox
        accountNumber={account.Number}
        payment={info.RecurringPayment}
        layout="card"
        onDeleted={backToMethodStep}
      />
      <RecentPaymentsList accountNumber={account.Number} payments={info.RecentPayments} />
    </>
  );
}
