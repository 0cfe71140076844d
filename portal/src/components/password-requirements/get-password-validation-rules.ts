import { PasswordValidationRulesResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The same key as any other reader of these rules, so the portal asks for them once.
export const credentialRuleKeys = {
  all: () => ['credentialRules'] as const,
  password: () => [...credentialRuleKeys.all(), 'password'] as const,
};

/** `POST /api/CredentialValidationRules/GetPasswordValidationRules` (empty body; cached). */
export const passwordValidationRulesQuery = () =>
  queryOptions({
    queryKey: credentialRuleKeys.password(),
    queryFn: ({ signal }) =>
      api.post(
        'api/CredentialValidationRules/GetPasswordValidationRules',
        {},
        PasswordValidationRulesResponse,
        { signal },
      ),
    staleTime: Infinity,
  });

export const usePasswordValidationRules = () => useQuery(passwordValidationRulesQuery());
