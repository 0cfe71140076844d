import {
  cardChoiceFees,
  thirdPartyFeeRequest,
  type DebitCreditType,
  type FirstPartyFees,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useSettings } from '../../../lib/settings/settings-context';
import { thirdPartyFeeQuery } from '../api/payment-step-data';

/**
 * The processing fee of a debit and of a credit card on this loan (issue 20 item 6: the fee shows
 * where the choice is made, not only at the total). The first-party fees are the loan's; the
 * third-party fee is GetThirdPartyFee's when the institution charges one (the same for every kind
 * of payment, so it is asked as for a payment made today, the request the frequency step then
 * shares). Undefined while the third-party fee is loading or failed: no figure rather than a
 * wrong one.
 */
export function useCardChoiceFees(
  accountNumber: string,
  firstParty: FirstPartyFees,
): Record<DebitCreditType, number> | undefined {
  const settings = useSettings();
  const useFee = settings.get('paymentAmountOptions.useThirdPartyFeeOption');
  const request = (debitCredit: DebitCreditType) =>
    thirdPartyFeeRequest({ type: 'Card', debitCredit }, 'immediate', accountNumber);
  const debit = useQuery({ ...thirdPartyFeeQuery(request('DebitCard')), enabled: useFee });
  const credit = useQuery({ ...thirdPartyFeeQuery(request('CreditCard')), enabled: useFee });
  if (useFee && (!debit.data || !credit.data)) return undefined;
  return cardChoiceFees(firstParty, {
    DebitCard: useFee && debit.data ? debit.data.ThirdPartyFeeAmount : 0,
    CreditCard: useFee && credit.data ? credit.data.ThirdPartyFeeAmount : 0,
  });
}
