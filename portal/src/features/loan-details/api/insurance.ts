import { InsuranceResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

/** `POST /api/Insurance/GetInsuranceInformation` (loaded when the dialog opens). */
export function getInsurance(accountNumber: string) {
  return api.post('api/Insurance/GetInsuranceInformation', { accountNumber }, InsuranceResponse);
}

export const insuranceQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: loanKeys.insurance(accountNumber),
    queryFn: () => getInsurance(accountNumber),
  });

export const useInsurance = (accountNumber: string) => useQuery(insuranceQuery(accountNumber));
