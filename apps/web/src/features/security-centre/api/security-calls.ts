import { queryOptions } from '@tanstack/react-query';
import type { BindPayoutAccountBody, PaymentPasswordBody } from '@tessera/contract/api/security-centre';
import * as securityCentreRoutes from '@tessera/contract/routes/security-centre';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** Changes only through this page's own mutations, which invalidate it. */
export const securityOverviewQuery = () =>
  queryOptions({
    queryKey: ['security', 'overview'],
    queryFn: ({ signal }) => apiRequest(securityCentreRoutes.getSecurityOverview, { signal }),
    staleTime: 60_000,
  });

export const savePaymentPassword = (body: PaymentPasswordBody) => sealedCall(securityCentreRoutes.setPaymentPassword, body);
export const bindPayoutAccount = (body: BindPayoutAccountBody) => apiRequest(securityCentreRoutes.bindPayoutAccount, { body });
export const unbindPayoutAccount = (id: string) => apiRequest(securityCentreRoutes.unbindPayoutAccount, { query: { id } });
