import {
  bindPayoutAccount,
  getSecurityOverview,
  setPaymentPassword as setPaymentPasswordCall,
  unbindPayoutAccount,
} from '@tessera/contract/api/security-centre';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerEncryptedCall } from '../../http/register-encrypted-call.js';
import { memberOf } from '../../http/request-context.js';
import { setPaymentPassword } from './payment-password.js';
import type { SecurityCentreService } from './service.js';

/** Security centre (members centre `securityCenter`): summary, payment password, payout accounts. */
export function securityCentreRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { db, security }: { db: Kysely<Database>; security: SecurityCentreService },
) {
  registerCall(app, http, getSecurityOverview, async (request) => security.overview(request.merchantCode, memberOf(request)));
  registerEncryptedCall(app, http, setPaymentPasswordCall, async (request) => {
    const member = { merchant: request.merchantCode, memberId: memberOf(request), rules: request.siteSettings.registerRules };
    await security.secondFactor.require(member.memberId, request.body.googleCode);
    await setPaymentPassword(db, member, request.body);
    return null;
  });
  registerCall(app, http, bindPayoutAccount, async (request) =>
    security.bind(request.merchantCode, memberOf(request), request.body),
  );
  registerCall(app, http, unbindPayoutAccount, async (request) => {
    await security.unbind(request.merchantCode, memberOf(request), BigInt(request.query.id));
    return null;
  });
}
