import { PostLoginStepResponse, type AgreementLoggingRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client';

/** `POST /api/AgreementLogging`: records the agreements the user accepted (at sign-in, and before paperless statements). */
export function postAgreementLogging(request: AgreementLoggingRequest) {
  return api.post('api/AgreementLogging', request, PostLoginStepResponse);
}

export const useAgreementLogging = () => useMutation({ mutationFn: postAgreementLogging });
