import { paymentRulesOf, type AccountListItem, type CalendarDate } from '@portal/domain';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { chosenMethodKey, paymentTypeOf, type ChosenMethod } from '../utils/chosen-method';
import type { IdempotencyAttempts } from '../utils/idempotency-attempt';
import { amountLoanOf } from '../utils/payment-context';
import { AmountStep } from './amount-step';
import { FrequencyStep } from './frequency-step';
import { TotalStep } from './total-step';

export interface PaymentLaterStepsProps {
  account: AccountListItem;
  info: PaymentInfo;
  chosen: ChosenMethod;
  today: CalendarDate;
  pastDue: boolean;
  /** Bumped when the method step starts afresh: the later steps start afresh with it. */
  methodRound: number;
  attempts: IdempotencyAttempts;
  refused: boolean;
  onRefused(): void;
}

/**
 * Steps 3 to 5 (frequency, amount, total and submit) once a method is chosen, each keyed by what
 * it depends on so a change above starts it afresh. A module of its own: the payment page loads
 * it when the borrower picks a payment type, not with the page.
 */
export default function PaymentLaterSteps(props: PaymentLaterStepsProps) {
  const settings = useSettings();
  const { account, info, chosen } = props;
  return (
    <FrequencyStep
      key={`${props.methodRound}:${chosenMethodKey(chosen)}`}
      accountNumber={account.Number}
      info={info}
      chosen={chosen}
      today={props.today}
      pastDue={props.pastDue}
    >
      {(frequency) => (
        <AmountStep
          key={JSON.stringify(frequency)}
          context={{
            method: paymentTypeOf(chosen),
            frequency: frequency.frequency,
            paymentDate:
              frequency.frequency === 'DaysBeforeDue' || frequency.frequency === 'OnDueDate'
                ? undefined
                : frequency.date,
            today: props.today,
            isPayoff: frequency.isPayoff,
            payoffQuoteCents: frequency.payoffQuoteCents,
            loan: amountLoanOf(info, account),
            settings: paymentRulesOf(settings).amounts,
          }}
        >
          {(amount) => (
            <TotalStep
              accountNumber={account.Number}
              info={info}
              chosen={chosen}
              frequency={frequency}
              amount={amount}
              today={props.today}
              attempts={props.attempts}
              refused={props.refused}
              onRefused={props.onRefused}
            />
          )}
        </AmountStep>
      )}
    </FrequencyStep>
  );
}
