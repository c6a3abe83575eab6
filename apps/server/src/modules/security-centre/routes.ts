import {
  bindPayoutAccount,
  getSecurityOverview,
  setPaymentPassword as setPaymentPasswordCall,
  unbindPayoutAccount,
} from '@tessera/contract/api/security-centre';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { registerEncryptedCall } from '../crypto-entry/routes.js';
import { encryptedEntriesOf, memberOf } from '../withdrawals/routes.js';
import { payoutAccountInUse } from '../withdrawals/service.js';
import { setPaymentPassword } from './payment-password.js';
import { SecurityCentreService } from './service.js';

/** Security centre (members centre `securityCenter`): summary, payment password, payout accounts. */
export function securityCentreRoutes(app: FastifyInstance, services: AppServices) {
  const security = new SecurityCentreService(services.db, payoutAccountInUse);

  registerCall(app, services, getSecurityOverview, async (request) => {
    const { merchant, memberId } = memberOf(request);
    return security.overview(merchant, memberId);
  });
  registerEncryptedCall(app, services, encryptedEntriesOf(services), setPaymentPasswordCall, async (request) => {
    const { merchant, memberId } = memberOf(request);
    await setPaymentPassword(services.db, { merchant, memberId, rules: request.siteSettings.registerRules }, request.body);
    return null;
  });
  registerCall(app, services, bindPayoutAccount, async (request) => {
    const { merchant, memberId } = memberOf(request);
    return security.bind(merchant, memberId, request.body);
  });
  registerCall(app, services, unbindPayoutAccount, async (request) => {
    const { merchant, memberId } = memberOf(request);
    await security.unbind(merchant, memberId, BigInt(request.query.id));
    return null;
  });
}
