import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A client error (4xx) will not get better by asking again.
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The apps' query defaults: answers stay fresh for 30 s and are not fetched again on window
 * focus; a failed query is retried twice unless the server refused it (4xx); mutations are never
 * retried. `retry: false` (tests) turns the query retries off.
 */
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
