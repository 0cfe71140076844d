import { Envelope, type OptOutRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** `POST /api/OptOut/OptOut`: EmailAddress carries the link's token (spec 000 section 7). */
export function postOptOut(request: z.input<typeof OptOutRequest>) {
  return api.post('api/OptOut/OptOut', request, Envelope, { ignoreUnauthorized: true });
}

export const useOptOut = () => useMutation({ mutationFn: postOptOut });
