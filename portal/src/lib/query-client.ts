import type { QueryClient } from '@tanstack/react-query';

/** First segment of the query keys that outlive a session (the start-up settings). */
export const PUBLIC_QUERY_ROOTS: readonly string[] = ['setup'];

/** Forgets everything that belongs to the signed-in user (logout), keeping the public settings. */
export function clearUserQueries(queryClient: QueryClient): void {
  const isUserQuery = (queryKey: readonly unknown[]) => {
    const root = queryKey[0];
    return !(typeof root === 'string' && PUBLIC_QUERY_ROOTS.includes(root));
  };
  void queryClient.cancelQueries({ predicate: (query) => isUserQuery(query.queryKey) });
  queryClient.removeQueries({ predicate: (query) => isUserQuery(query.queryKey) });
  queryClient.getMutationCache().clear();
}
