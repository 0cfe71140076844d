import {
  paymentRulesOf,
  type AccountListItem,
  type CalendarDate,
  type CardStop,
} from '@portal/domain';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';
import { chosenMethodKey, paymentTypeOf, type ChosenMethod } from '../utils/chosen-method';
import type { IdempotencyAttempts } from '../../../lib/idempotency-attempt';
import type { PaymentDraftState } from '../utils/payment-draft';
import { amountLoanOf } from '../utils/payment-context';
import { leftToPayOfLoan } from '../utils/processing-payments';
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
  onRefused(stop: CardStop): void;
  /** What the borrower chose and typed, kept by the payment flow (utils/payment-draft.ts). */
  draftState: PaymentDraftState;
}

/**
 * Steps 3 to 5 (frequency, amount, total and submit) once a method is chosen. What the borrower
 * chose and typed lives in the draft above them, so a change above re-judges these steps without
 * wiping them (utils/payment-draft.ts has the decision); the frequency step is keyed by the
 * method only for its own passing state (a payoff quote's failure). A module of its own: the
 * payment page loads it when the borrower picks a payment type, not with the page.
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
      draftState={props.draftState}
    >
      {({ amountBasis, valid }) => (
        <AmountStep
          draftState={props.draftState}
          processing={leftToPayOfLoan(info, account)}
          context={{
            method: paymentTypeOf(chosen),
            frequency: amountBasis.frequency,
            paymentDate:
              amountBasis.frequency === 'DaysBeforeDue' || amountBasis.frequency === 'OnDueDate'
                ? undefined
                : amountBasis.date,
            today: props.today,
            isPayoff: amountBasis.isPayoff,
            payoffQuoteCents: amountBasis.payoffQuoteCents,
            loan: amountLoanOf(info, account),
            settings: paymentRulesOf(settings).amounts,
          }}
        >
          {(amount) =>
            // The total and submit wait for a valid frequency step: the amount stays on screen
            // while the date field says why it refuses a date (issue 20 item 2).
            valid ? (
              <TotalStep
                accountNumber={account.Number}
                accountDescription={account.Description}
                info={info}
                chosen={chosen}
                frequency={valid}
                amount={amount}
                today={props.today}
                pastDue={props.pastDue}
                attempts={props.attempts}
                refused={props.refused}
                onRefused={props.onRefused}
              />
            ) : null
          }
        </AmountStep>
      )}
    </FrequencyStep>
  );
}
