import { AchDraftsResponse, PAYMENT_CALLS } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getPassableToken } from '../../../lib/documents/passable-token';
import { paymentKeys, relativePath } from '../../../lib/payments/payment-info';

/** `GET /api/AchDraftAgreement/GetACHDrafts`: the user's recurring ACH authorizations. */
export const achDraftsQuery = () =>
  queryOptions({
    queryKey: paymentKeys.drafts(),
    queryFn: ({ signal }) =>
      api.get(relativePath(PAYMENT_CALLS.getAchDrafts.path), AchDraftsResponse, { signal }),
  });

export const useAchDrafts = () => useQuery(achDraftsQuery());

/**
 * `GET /api/AchDraftAgreement/RenderACHDraftAgreement?token={passable token}&guid={Id}`: the
 * address that opens an authorization in a new tab (a passable token stands in for the session,
 * as for the loan page's documents).
 */
export async function achDraftDocumentUrl(draftId: string): Promise<string> {
  const token = await getPassableToken();
  const query = new URLSearchParams({ token, guid: draftId });
  return `${relativePath(PAYMENT_CALLS.openAchDraftAgreement.path)}?${query.toString()}`;
}
