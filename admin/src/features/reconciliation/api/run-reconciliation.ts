import { ReconciliationRunDetail } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { reconciliationKeys } from './reconciliations';

/** `POST /admin-api/institutions/:slug/reconciliations/:date`: reconciles the day now. */
export function runReconciliation(slug: string, date: string) {
  return api.post(
    adminPath('institutions', slug, 'reconciliations', date),
    {},
    ReconciliationRunDetail,
  );
}

export function useRunReconciliation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => runReconciliation(slug, date),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(slug) }),
  });
}
