import { PostLoginStepResponse, type SetPasswordQuestionRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/register/SetPasswordQuestion`: the secret question and answer for recovery. */
export function postSetPasswordQuestion(request: SetPasswordQuestionRequest) {
  return api.post('api/register/SetPasswordQuestion', request, PostLoginStepResponse);
}

export const useSetPasswordQuestion = () => useMutation({ mutationFn: postSetPasswordQuestion });
