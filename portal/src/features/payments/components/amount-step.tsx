import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_AMOUNT_MAX_LENGTH,
  aboveMaximumWarningText,
  additionalPrincipalMaximumCents,
  amountStepSkipped,
  fixedPaymentAmount,
  formatUsd,
  initialPaymentAmount,
  parseAdditionalPrincipalInput,
  parsePaymentAmountInput,
  payAmountDue,
  paymentAmountEditing,
  paymentAmountIssue,
  paymentAmountIssueText,
  totalDueAboveCardMaximum,
  type Cents,
  type PaymentAmountContext,
  type PaymentAmountIssue,
} from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { InputField } from '../../../components/masked-input/input-field';
import { useSettings } from '../../../lib/settings/settings-context';

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
 * warning when lowered); every bound and message is the domain's.
 */
export function AmountStep(props: {
  context: PaymentAmountContext;
  children(amount: AmountInfo): ReactNode;
}) {
  const settings = useSettings();
  const { context } = props;
  const skipped = amountStepSkipped(context);
  const editing = paymentAmountEditing(context);
  const initial = initialPaymentAmount(context);
  const [text, setText] = useState(() => shown(initial.amountCents));
  const [payDue, setPayDue] = useState(editing.payAmountDueForced);
  const [principalText, setPrincipalText] = useState('');
  const [touched, setTouched] = useState(false);

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
  const typed = due ? due.amountCents : parsePaymentAmountInput(text);
  // The total due at payment time (a line of credit): no amount to check, but a card above its
  // maximum cannot pay it (the server refuses it the same way, submittedPaymentAmountIssue).
  const issue: PaymentAmountIssue | undefined = due?.totalDueAtPaymentTime
    ? totalDueAboveCardMaximum(context)
      ? { key: 'achOnly' }
      : undefined
    : paymentAmountIssue(context, typed);
  const principal = editing.additionalPrincipalOffered
    ? parseAdditionalPrincipalInput(principalText)
    : 0;
  // The amount plus the additional principal may reach the payoff limit the server holds them to
  // (`submittedPaymentAmountIssue`), not beyond it.
  const principalMaximumCents = additionalPrincipalMaximumCents(context, typed ?? 0);
  const principalIssueText =
    principal === undefined || principal > principalMaximumCents
      ? paymentAmountIssueText(
          {
            key: principal === undefined ? 'belowMinimum' : 'aboveMaximum',
            minimumCents: ADDITIONAL_PRINCIPAL_MINIMUM_CENTS,
            maximumCents: principalMaximumCents,
          },
          settings.get('paymentTexts.amountRangeText'),
        )
      : undefined;
  const issueText = issue
    ? paymentAmountIssueText(
        issue,
        issue.key === 'amountRequired'
          ? settings.get('paymentTexts.amountRequiredText')
          : issue.key === 'achOnly'
            ? settings.get('paymentTexts.achOnlyText')
            : settings.get('paymentTexts.amountRangeText'),
      )
    : undefined;
  const valid =
    !issue && typed !== undefined && principal !== undefined && principalIssueText === undefined;

  return (
    <>
      <Stack component="section" spacing={2} aria-labelledby="payment-amount-heading">
        <Typography id="payment-amount-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {settings.get('paymentTexts.paymentAmountHeadingText')}
        </Typography>
        {initial.aboveMaximumWarning ? (
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
                onChange={(event) => setPayDue(event.target.checked)}
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
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            setTouched(true);
            const cents = parsePaymentAmountInput(text);
            if (cents !== undefined) setText(shown(cents));
          }}
          inputProps={{ maxLength: PAYMENT_AMOUNT_MAX_LENGTH }}
          errorMessage={touched || issue?.key === 'achOnly' ? issueText : undefined}
        />
        {editing.additionalPrincipalOffered ? (
          <InputField
            label={settings.get('paymentTexts.additionalPrincipalLabel')}
            value={principalText}
            inputMode="decimal"
            onChange={(event) => setPrincipalText(event.target.value)}
            onBlur={() => {
              const cents = parseAdditionalPrincipalInput(principalText);
              if (cents !== undefined && principalText !== '') setPrincipalText(shown(cents));
            }}
            inputProps={{ maxLength: PAYMENT_AMOUNT_MAX_LENGTH }}
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
