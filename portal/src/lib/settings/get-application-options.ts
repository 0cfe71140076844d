import { ApplicationOptionsResponse } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

export const setupKeys = {
  applicationOptions: () => ['setup', 'applicationOptions'] as const,
};

/** `GET /api/setup/ApplicationOptions`: loaded first, before anything renders (spec 000 section 4). */
export const applicationOptionsQuery = () =>
  queryOptions({
    queryKey: setupKeys.applicationOptions(),
    queryFn: ({ signal }) =>
      api.get('api/setup/ApplicationOptions', ApplicationOptionsResponse, { signal }),
    // A failure shows the Error500 page with its own retry button.
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
