import type { GetThirdPartyFeeRequest } from '@portal/domain';

/**
 * This screen's own query keys. The payment information is `paymentKeys` of lib/payments
 * (shared with the confirmation and the lists); these are the calls only this screen makes.
 */
export const paymentFeatureKeys = {
  all: () => ['payments', 'make-payment'] as const,
  methods: (accountNumber: string) =>
    [...paymentFeatureKeys.all(), 'methods', accountNumber] as const,
  routing: (routingNumber: string) =>
    [...paymentFeatureKeys.all(), 'routing', routingNumber] as const,
  hold: (accountNumber: string) => [...paymentFeatureKeys.all(), 'hold', accountNumber] as const,
  fee: (request: GetThirdPartyFeeRequest) => [...paymentFeatureKeys.all(), 'fee', request] as const,
  payoff: (accountNumber: string, date: string) =>
    [...paymentFeatureKeys.all(), 'payoff', accountNumber, date] as const,
};
