import type { CreateInstitutionRequest } from '@portal/domain';
import { InstitutionSummary } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminPath, api } from '../../../lib/api-client';
import { institutionKeys } from '../../../lib/institutions/list-institutions';

export type CreateInstitutionInput = z.input<typeof CreateInstitutionRequest>;

/** `POST /admin-api/institutions` (implementers): a new institution with its theme. */
export function createInstitution(input: CreateInstitutionInput) {
  return api.post(adminPath('institutions'), input, InstitutionSummary);
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstitution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionKeys.all() }),
  });
}
