import Typography from '@mui/material/Typography';
import {
  oneTimeAchAuthorization,
  oneTimeAchAuthorizationTextKey,
  recurringAchAuthorization,
  type CalendarDate,
} from '@portal/domain';
import { useSettings } from '../../../lib/settings/settings-context';
import { chosenLastFour, type ChosenMethod } from '../utils/chosen-method';

/**
 * The authorization a one-time ACH debit is made under (issue 20 item 7: NACHA requires an
 * authorization for single entries too, made today or scheduled; a recurring debit has its ACH
 * draft agreement instead). Shown above the submit button, so that pressing it is the
 * authorization: the total debited, the account and the date, in the institution's words
 * (paymentTexts.oneTimeAchAuthorizationText).
 */
export function AchOneTimeAuthorization(props: {
  chosen: ChosenMethod;
  totalCents: number;
  date: CalendarDate;
  /** Made today (debited once, now) or scheduled (cancellable until processed). */
  kind: 'immediate' | 'scheduled';
  /** A payoff (Pay off ticked): a scheduled one is debited for the payoff then, up to it. */
  isPayoff?: boolean;
  /** The element's id (the submit button is described by the one on the page). */
  id?: string;
  /**
   * A recurring debit's schedule in words, when no ACH draft agreement is asked for: then the
   * recurring authorization (paymentTexts.recurringAchAuthorizationText) is shown instead.
   */
  recurringFrequencyText?: string;
}) {
  const settings = useSettings();
  const { chosen } = props;
  const accountType =
    chosen.kind === 'singleUseAch'
      ? chosen.ach.AccountType
      : chosen.method.IsCard
        ? undefined
        : chosen.method.AchInfo.AccountType;
  if (!accountType) return null;
  return (
    <Typography variant="body2" id={props.id}>
      {props.recurringFrequencyText !== undefined
        ? recurringAchAuthorization(settings.get('paymentTexts.recurringAchAuthorizationText'), {
            totalCents: props.totalCents,
            frequencyText: props.recurringFrequencyText,
            date: props.date,
            accountType: accountType.toLowerCase(),
            lastFour: chosenLastFour(chosen),
          })
        : oneTimeAchAuthorization(
            settings.get(oneTimeAchAuthorizationTextKey(props.kind, props.isPayoff)),
            {
              totalCents: props.totalCents,
              date: props.date,
              accountType: accountType.toLowerCase(),
              lastFour: chosenLastFour(chosen),
            },
          )}
    </Typography>
  );
}
