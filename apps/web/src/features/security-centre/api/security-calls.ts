import { queryOptions } from '@tanstack/react-query';
import type {
  BindPayoutAccountBody,
  PaymentPasswordBody,
  PayoutAccount,
  SecurityOverview,
} from '@tessera/contract/api/security-centre';
import { apiRequest, type CallTarget } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** The calls of packages/contract/src/api/security-centre.ts by method and path (security-calls.test.ts compares them). */
export const SECURITY_CALLS = {
  overview: { method: 'GET', path: '/wps/member/security' },
  paymentPassword: { method: 'POST', path: '/wps/member/payment-password' },
  bind: { method: 'PUT', path: '/wps/member/payout-accounts' },
  unbind: { method: 'DELETE', path: '/wps/member/payout-accounts' },
} as const satisfies Record<string, CallTarget>;

/** Changes only through this page's own mutations, which invalidate it. */
export const securityOverviewQuery = () =>
  queryOptions({
    queryKey: ['security', 'overview'],
    queryFn: ({ signal }) => apiRequest<SecurityOverview>(SECURITY_CALLS.overview, { signal }),
    staleTime: 60_000,
  });

export const savePaymentPassword = (body: PaymentPasswordBody) => sealedCall<null>(SECURITY_CALLS.paymentPassword, body);
export const bindPayoutAccount = (body: BindPayoutAccountBody) => apiRequest<PayoutAccount>(SECURITY_CALLS.bind, { body });
export const unbindPayoutAccount = (id: string) => apiRequest<null>(SECURITY_CALLS.unbind, { query: { id } });
