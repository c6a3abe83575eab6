import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@tessera/contract/api/system';
import * as systemRoutes from '@tessera/contract/routes/system';
import { apiRequest } from './api-client';
import { useSession } from './session';

/** From now on every call names this status's merchant (DESIGN §2: exactly one Merchant header). */
export function statusResolved(status: SystemStatus) {
  useSession.getState().merchantResolved(status.product.brand.merchant);
}

export async function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const status = await apiRequest(systemRoutes.getSystemStatus, { query: { host: window.location.host }, signal });
  statusResolved(status);
  return status;
}

/**
 * Loaded once at start, before anything else renders (or given by the page's boot data, app/boot-data.ts); it
 * changes only when an operator edits settings.
 */
export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => getSystemStatus(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The system status inside the normal site (the boot gate guarantees it is loaded). */
export const useSystemStatus = (): SystemStatus => useSuspenseQuery(systemStatusQuery()).data;
