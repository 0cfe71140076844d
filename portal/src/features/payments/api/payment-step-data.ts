import {
  AccountDetailsResponse,
  PAYMENT_CALLS,
  PayoffQuoteResponse,
  ThirdPartyFeeResponse,
  type GetThirdPartyFeeRequest,
  type LoanHold,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { paymentFeatureKeys } from './keys';

/**
 * The loan's hold (spec 002's on-load flag), which the account selection outcome needs before
 * the payment information is fetched: `GET /api/AccountDetails?accountNumber=` (spec 001 section
 * 7), whose answer carries `Hold` as an addition to the spec's shape. The screen asks for it when
 * `paymentOptions.blockPaymentsOnHoldCodesOption` is on.
 */
export const loanHoldQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: paymentFeatureKeys.hold(accountNumber),
    queryFn: async ({ signal }): Promise<LoanHold | null> => {
      const data = await api.get(
        `api/AccountDetails?${new URLSearchParams({ accountNumber }).toString()}`,
        // Only the hold is read here.
        z.object({ Hold: AccountDetailsResponse.shape.Hold }),
        { signal },
      );
      return data.Hold;
    },
  });

/**
 * `POST /api/PaymentInformation/GetThirdPartyFee`. Cached by request, and react-query shares one
 * call among every caller asking for the same request while it is in flight (spec 001 section 7).
 */
export const thirdPartyFeeQuery = (request: GetThirdPartyFeeRequest) =>
  queryOptions({
    queryKey: paymentFeatureKeys.fee(request),
    queryFn: ({ signal }) =>
      api.post(PAYMENT_CALLS.getThirdPartyFee.path, request, ThirdPartyFeeResponse, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `GET /api/PaymentInformation/GetPayOffQuote`, cached per date (spec 001 section 7). */
export const payoffQuoteQuery = (accountNumber: string, date: string) =>
  queryOptions({
    queryKey: paymentFeatureKeys.payoff(accountNumber, date),
    queryFn: ({ signal }) =>
      api.get(
        `${PAYMENT_CALLS.getPayOffQuote.path}?${new URLSearchParams({ AccountNumber: accountNumber, PayOffDate: date }).toString()}`,
        PayoffQuoteResponse,
        { signal },
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
