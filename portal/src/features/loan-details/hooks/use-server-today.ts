import { calendarDateIn, type CalendarDate } from '@portal/domain';
import { usePaymentInfo } from '../../../lib/payments/payment-info';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * The server's today for a loan: GetPaymentInfo's PaymentDate, as the payment page dates
 * payments, so a device clock a day (or, on New Year's Eve, a year) off does not start the payoff
 * quote on a day the server refuses or offer statement years the server does not list. The
 * device's date in the institution's zone until it is known, when the loan's payment info is
 * refused (a line with nothing owed answers NoPaymentNeeded), and for a deposit (`loan: false`),
 * which has no payment info. `settled` is false while the payment info loads.
 */
export function useServerToday(
  accountNumber: string,
  options: { loan?: boolean } = {},
): { today: CalendarDate; settled: boolean } {
  const settings = useSettings();
  const loan = options.loan ?? true;
  const paymentInfo = usePaymentInfo(accountNumber, { enabled: loan });
  const serverToday =
    loan && paymentInfo.data?.HasNoErrors
      ? paymentInfo.data.PaymentDetails.PaymentDate.slice(0, 10)
      : undefined;
  return {
    today:
      serverToday ?? calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date()),
    settled: !loan || !paymentInfo.isPending,
  };
}
