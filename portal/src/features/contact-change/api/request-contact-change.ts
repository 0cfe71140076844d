import {
  ManualChangeContactInfoResponse,
  type ManualChangeContactInfoRequest,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `PUT /api/ManualChangeContactInfo` (spec 002 section 7): the request goes to the institution's
 * work queue; nothing the portal shows changes until staff make the change, so nothing is
 * invalidated.
 */
export function requestContactChange(request: ManualChangeContactInfoRequest) {
  return api.put('api/ManualChangeContactInfo', request, ManualChangeContactInfoResponse);
}

export const useRequestContactChange = () => useMutation({ mutationFn: requestContactChange });
