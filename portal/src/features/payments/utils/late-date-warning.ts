import { fillPlaceholders, formatUsDate, paidAfterDueDate } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { PaymentInfo } from '../../../lib/payments/payment-info';

/**
 * The warning of a payment date after the loan's due date (issue 20): allowed, and said to be
 * late beside the field and again in the review before Submit. Not on a loan already past due: it
 * is late whatever the date, and the page says so with how much brings it current (a warning
 * that today's payment 'may be late' only confused). Undefined when there is nothing to say.
 */
export function lateDateWarning(
  settings: Pick<SettingsAccessor, 'get'>,
  info: Pick<PaymentInfo, 'DueDate'>,
  date: string,
  pastDue: boolean,
): string | undefined {
  const dueDate = info.DueDate.slice(0, 10);
  return !pastDue && paidAfterDueDate(date, dueDate)
    ? fillPlaceholders(settings.get('paymentTexts.afterDueDateWarningText'), {
        dueDate: formatUsDate(dueDate),
      })
    : undefined;
}
