import { ApplyRequest, ApplyResponse, IDEMPOTENCY_KEY_HEADER, toWire } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applicationListKey } from '../../../lib/applications/application-list';

/**
 * `POST /api/Register/Apply` with the attempt's Idempotency-Key (the same key on a retry of the
 * same application, lib/idempotency-attempt.ts): the server makes one application per key. The
 * application list (dashboard, Document Center) then holds the new one. The request's money is
 * cents; its schema sends it as the wire's dollars.
 */
export function applyForLoan(request: ApplyRequest, idempotencyKey: string) {
  return api.post('api/Register/Apply', toWire(ApplyRequest, request), ApplyResponse, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useApplyForLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: ApplyRequest; key: string }) =>
      applyForLoan(request, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationListKey() }),
  });
}
