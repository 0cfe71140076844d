import { MessageSentResponse, type FeedbackRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/Messages/Feedback`: feedback to the institution. */
export function postFeedback(request: FeedbackRequest) {
  return api.post('api/Messages/Feedback', request, MessageSentResponse);
}

export const useSendFeedback = () => useMutation({ mutationFn: postFeedback });
