import { AnswerSecretQuestionResponse, type AnswerSecretQuestionRequest } from '@portal/domain';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Recovery/AnswerSecretQuestion`: a right answer sends the reset e-mail. */
export function postAnswerSecretQuestion(request: z.input<typeof AnswerSecretQuestionRequest>) {
  return api.post('api/Recovery/AnswerSecretQuestion', request, AnswerSecretQuestionResponse, {
    ignoreUnauthorized: true,
  });
}

export const useAnswerSecretQuestion = () => useMutation({ mutationFn: postAnswerSecretQuestion });
