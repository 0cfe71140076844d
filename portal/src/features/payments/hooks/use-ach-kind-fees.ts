import {
  achKindFees,
  thirdPartyFeeRequest,
  type FirstPartyFees,
  type PaymentKind,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useSettings } from '../../../lib/settings/settings-context';
import { thirdPartyFeeQuery } from '../api/payment-step-data';

/**
 * The processing fee of a bank-account payment made today, on a later date and as a recurring
 * payment on this loan (issue 20 item 6: the frequency choice shows each one's fee). The
 * first-party fees are the loan's; the third-party fee is GetThirdPartyFee's for each kind when
 * the institution charges one (the requests the frequency step then shares). Undefined while a
 * third-party fee is loading or failed, or when `enabled` is false: no figure rather than a
 * wrong one.
 */
export function useAchKindFees(
  accountNumber: string,
  firstParty: FirstPartyFees,
  enabled: boolean,
): Record<PaymentKind, number> | undefined {
  const settings = useSettings();
  const useFee = settings.get('paymentAmountOptions.useThirdPartyFeeOption');
  const ask = (kind: PaymentKind) => ({
    ...thirdPartyFeeQuery(thirdPartyFeeRequest({ type: 'ACH' }, kind, accountNumber)),
    enabled: enabled && useFee,
  });
  const immediate = useQuery(ask('immediate'));
  const scheduled = useQuery(ask('scheduled'));
  const recurring = useQuery(ask('recurring'));
  if (!enabled) return undefined;
  if (!useFee) return achKindFees(firstParty, { immediate: 0, scheduled: 0, recurring: 0 });
  if (!immediate.data || !scheduled.data || !recurring.data) return undefined;
  return achKindFees(firstParty, {
    immediate: immediate.data.ThirdPartyFeeAmount,
    scheduled: scheduled.data.ThirdPartyFeeAmount,
    recurring: recurring.data.ThirdPartyFeeAmount,
  });
}
