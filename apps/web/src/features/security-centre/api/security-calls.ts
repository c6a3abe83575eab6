import { queryOptions } from '@tanstack/react-query';
import type { BindPayoutAccountBody, PaymentPasswordBody } from '@tessera/contract/api/security-centre';
import * as inboxRoutes from '@tessera/contract/routes/inbox';
import * as securityCentreRoutes from '@tessera/contract/routes/security-centre';
import * as twoFactorRoutes from '@tessera/contract/routes/two-factor';
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

/** The member's last sign-ins; read again after "sign out other sessions". */
export const loginHistoryQuery = () =>
  queryOptions({
    queryKey: ['security', 'logins'],
    queryFn: ({ signal }) => apiRequest(inboxRoutes.loginHistory, { signal }),
  });

export const signOutOtherSessions = () => apiRequest(inboxRoutes.signOutOthers);

export const startTwoFactorEnrolment = () => apiRequest(twoFactorRoutes.startTwoFactorEnrolment);
export const confirmTwoFactorEnrolment = (code: string) =>
  apiRequest(twoFactorRoutes.confirmTwoFactorEnrolment, { body: { code } });
export const disableTwoFactor = (googleCode: string) => apiRequest(twoFactorRoutes.disableTwoFactor, { body: { googleCode } });
