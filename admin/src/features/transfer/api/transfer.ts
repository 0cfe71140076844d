import { ImportResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

/**
 * `POST /admin-api/institutions/:slug/import?dryRun=`: a dry run validates the document and
 * diffs it against the draft (or the published settings); without it a valid document becomes
 * the draft.
 */
export function importDocument(slug: string, document: unknown, dryRun: boolean) {
  const query = new URLSearchParams({ dryRun: String(dryRun) });
  return api.post(
    `${adminPath('institutions', slug, 'import')}?${query}`,
    { document },
    ImportResponse,
  );
}

export function useImportDocument(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, dryRun }: { document: unknown; dryRun: boolean }) =>
      importDocument(slug, document, dryRun),
    onSuccess: (answer) =>
      answer.applied
        ? queryClient.invalidateQueries({ queryKey: institutionKeys.detail(slug) })
        : undefined,
  });
}
