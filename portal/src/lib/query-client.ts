import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** First segment of the query keys that outlive a session (the start-up settings). */
export const PUBLIC_QUERY_ROOTS: readonly string[] = ['setup'];

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A client error (4xx) will not get better by asking again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

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
