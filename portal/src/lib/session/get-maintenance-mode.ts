import { MaintenanceModeResponse } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

export const maintenanceKeys = { mode: () => ['maintenanceMode'] as const };

/**
 * `GET /api/MaintenanceMode`: true when the portal is offline for maintenance. Sign-in checks it
 * on load and between the post-login steps; registration and recovery send the user back to the
 * login page when it is on (spec 000 section 4).
 */
export async function isMaintenanceModeOn(options: { signal?: AbortSignal } = {}) {
  const response = await api.get('api/MaintenanceMode', MaintenanceModeResponse, options);
  return response.isEnabled;
}

/** Always asked afresh: maintenance can start at any moment. */
export const maintenanceModeQuery = () =>
  queryOptions({
    queryKey: maintenanceKeys.mode(),
    queryFn: ({ signal }) => isMaintenanceModeOn({ signal }),
    staleTime: 0,
    retry: false,
  });
