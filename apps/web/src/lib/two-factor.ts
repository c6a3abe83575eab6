import { queryOptions } from '@tanstack/react-query';
import * as twoFactorRoutes from '@tessera/contract/routes/two-factor';
import { apiRequest } from './api-client';

/**
 * Whether the member has two-factor on: the security centre shows and changes it, the password change and the
 * contact binding ask the code when it is. Under the security centre's key, so its changes refresh every reader.
 */
export const twoFactorQuery = () =>
  queryOptions({
    queryKey: ['security', 'two-factor'],
    queryFn: ({ signal }) => apiRequest(twoFactorRoutes.getTwoFactor, { signal }),
  });
