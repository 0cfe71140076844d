import { PostLoginStepResponse, type AgreementLoggingRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/AgreementLogging`: records the agreements the user accepted. */
export function postAgreementLogging(request: AgreementLoggingRequest) {
  return api.post('api/AgreementLogging', request, PostLoginStepResponse);
}

export const useAgreementLogging = () => useMutation({ mutationFn: postAgreementLogging });
