import { MessageSentResponse, type QuestionRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Messages/ContactUs`: a question to the institution. */
export function postQuestion(request: QuestionRequest) {
  return api.post('api/Messages/ContactUs', request, MessageSentResponse);
}

export const useSendQuestion = () => useMutation({ mutationFn: postQuestion });
