import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  aboveMaximumWarningText,
  additionalPrincipalMaximumCents,
  amountStepSkipped,
  fixedPaymentAmount,
  formatUsd,
  parseAdditionalPrincipalInput,
  parsePaymentAmountInput,
  PAYMENT_AMOUNT_ISSUE_TEXT_KEYS,
  readPaymentAmountInput,
  payAmountDue,
  paymentAmountEditing,
  paymentAmountIssue,
  paymentAmountIssueText,
  totalDueAboveCardMaximum,
  type AmountLeftToPay,
  type Cents,
  type PaymentAmountContext,
  type PaymentAmountIssue,
  type ProcessingPayment,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { InputField } from '../../../components/masked-input/input-field';
import { useSettings } from '../../../lib/settings/settings-context';
import type { PaymentDraftState } from '../utils/payment-draft';
import { startingPaymentAmount } from '../utils/processing-payments';

/** The amount step's valid result (the spec's amount output). */
export interface AmountInfo {
  amountCents: Cents;
  additionalPrincipalCents: Cents;
  /** A recurring line of credit paying total due: sent as 0, calculated at payment time. */
  totalDueAtPaymentTime: boolean;
}

/**
 * The amount as the input shows it after blur (spec 001 section 5, 'formatted as US currency on
 * blur'): '$1,234.50'. Parsing strips the symbol and the grouping again.
 */
function shown(cents: Cents): string {
  return formatUsd(cents);
}

/** The least additional principal there is: one cent (an empty field is none). */
const ADDITIONAL_PRINCIPAL_MINIMUM_CENTS: Cents = 1;

/**
 * Step 4, Payment Amount (spec 001 sections 4 and 5), or its fixed amount when the step is
 * skipped (a pay-off; days-before-due ACH without the custom-amount and additional-principal
 * settings). The amount starts at the regular amount raised or lowered to the bounds (with the
 * warning when lowered), a one-time payment at what processing payments leave to pay
 * (utils/processing-payments.ts); every bound and message is the domain's.
 */
export function AmountStep(props: {
  context: PaymentAmountContext;
  /** What the borrower typed, kept above the steps (utils/payment-draft.ts). */
  draftState: PaymentDraftState;
  /** The loan's processing payments and what they leave to pay (domain amountLeftToPay). */
  processing?: AmountLeftToPay<ProcessingPayment>;
  children(amount: AmountInfo): ReactNode;
}) {
  const settings = useSettings();
  const { context } = props;
  const skipped = amountStepSkipped(context);
  const editing = paymentAmountEditing(context);
  const initial = startingPaymentAmount(context, props.processing);
  const { draft, update } = props.draftState;
  // Until the borrower types, the amount is the step's starting amount for the choices above it
  // (it moves with them; empty when processing payments leave nothing to pay); once typed, it is
  // theirs and stays whatever they choose above.
  const text = draft.amountText ?? (initial ? shown(initial.amountCents) : '');
  // Pay Amount Due starts ticked where it is offered (a recurring payment: issue 20, most
  // borrowers repeat what they owe), unless the borrower already typed an amount, which is theirs.
  const payDue =
    editing.payAmountDueForced ||
    (editing.payAmountDueOffered && (draft.payAmountDue ?? draft.amountText === undefined));
  const principalText = draft.principalText;
  const touched = draft.amountTouched;

  if (skipped) {
    const fixed = fixedPaymentAmount(context);
    if (!fixed) return null;
    return props.children({
      amountCents: fixed.amountCents,
      additionalPrincipalCents: 0,
      totalDueAtPaymentTime: fixed.totalDueAtPaymentTime,
    });
  }

  const due = payDue ? payAmountDue(context) : undefined;
  const input = due ? undefined : readPaymentAmountInput(text);
  const typed = due ? due.amountCents : parsePaymentAmountInput(text);
  // The total due at payment time (a line of credit): no amount to check, but a card above its
  // maximum cannot pay it (the server refuses it the same way, submittedPaymentAmountIssue).
  const issue: PaymentAmountIssue | undefined = due?.totalDueAtPaymentTime
    ? totalDueAboveCardMaximum(context)
      ? { key: 'achOnly' }
      : undefined
    : paymentAmountIssue(context, input ?? typed);
  const principal = editing.additionalPrincipalOffered
    ? parseAdditionalPrincipalInput(principalText)
    : 0;
  // The amount plus the additional principal may reach the payoff limit the server holds them to
  // (`submittedPaymentAmountIssue`), not beyond it.
  const principalMaximumCents = additionalPrincipalMaximumCents(context, typed ?? 0);
  const principalInput = readPaymentAmountInput(principalText);
  const principalIssue: PaymentAmountIssue | undefined =
    principalInput.kind === 'notANumber' || principalInput.kind === 'tooManyDecimals'
      ? { key: principalInput.kind }
      : principal === undefined || principal > principalMaximumCents
        ? {
            key:
              principal === undefined && principalInput.kind !== 'tooLarge'
                ? 'belowMinimum'
                : 'aboveMaximum',
            minimumCents: ADDITIONAL_PRINCIPAL_MINIMUM_CENTS,
            maximumCents: principalMaximumCents,
          }
        : undefined;
  // Each mistake in its own words (issue 20, item 3), from the settings texts the domain names.
  // The additional principal's bounds keep the spec's range text (both bounds in one).
  const principalIssueText = principalIssue
    ? paymentAmountIssueText(
        principalIssue,
        principalIssue.key === 'belowMinimum' || principalIssue.key === 'aboveMaximum'
          ? settings.get('paymentTexts.amountRangeText')
          : settings.get(PAYMENT_AMOUNT_ISSUE_TEXT_KEYS[principalIssue.key]),
      )
    : undefined;
  const issueText = issue
    ? paymentAmountIssueText(issue, settings.get(PAYMENT_AMOUNT_ISSUE_TEXT_KEYS[issue.key]))
    : undefined;
  const valid =
    !issue && typed !== undefined && principal !== undefined && principalIssueText === undefined;

  return (
    <>
      <Stack component="section" spacing={2} aria-labelledby="payment-amount-heading">
        <Typography id="payment-amount-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {settings.get('paymentTexts.paymentAmountHeadingText')}
        </Typography>
        {initial?.aboveMaximumWarning ? (
          <Alert severity="warning">
            {aboveMaximumWarningText(
              initial.aboveMaximumWarning.amountCents,
              settings.get('paymentTexts.amountAboveMaximumWarningText'),
            )}
          </Alert>
        ) : null}
        {editing.payAmountDueOffered ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={payDue}
                disabled={editing.payAmountDueForced}
                onChange={(event) => update({ payAmountDue: event.target.checked })}
              />
            }
            label={settings.get('paymentTexts.payAmountDueText')}
          />
        ) : null}
        <InputField
          label={settings.get('recurringPaymentTexts.amountLabel')}
          value={due ? shown(due.amountCents) : text}
          disabled={payDue}
          inputMode="decimal"
          onChange={(event) => update({ amountText: event.target.value })}
          onBlur={() => {
            const cents = parsePaymentAmountInput(text);
            update({
              amountTouched: true,
              ...(draft.amountText !== undefined && cents !== undefined
                ? { amountText: shown(cents) }
                : {}),
            });
          }}
          errorMessage={touched || issue?.key === 'achOnly' ? issueText : undefined}
        />
        {editing.additionalPrincipalOffered ? (
          <InputField
            label={settings.get('paymentTexts.additionalPrincipalLabel')}
            value={principalText}
            inputMode="decimal"
            onChange={(event) => update({ principalText: event.target.value })}
            onBlur={() => {
              const cents = parseAdditionalPrincipalInput(principalText);
              if (cents !== undefined && principalText !== '') {
                update({ principalText: shown(cents) });
              }
            }}
            errorMessage={principalIssueText}
          />
        ) : null}
      </Stack>
      {valid
        ? props.children({
            amountCents: typed,
            additionalPrincipalCents: principal,
            totalDueAtPaymentTime: due?.totalDueAtPaymentTime ?? false,
          })
        : null}
    </>
  );
}
