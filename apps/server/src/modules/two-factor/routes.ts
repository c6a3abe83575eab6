import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactor,
  startTwoFactorEnrolment,
} from '@tessera/contract/api/two-factor';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { TwoFactorService } from './service.js';

/** The member's own two-factor in the security centre; the account name labels the entry in the app. */
export function twoFactorRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { twoFactor, accountOf }: { twoFactor: TwoFactorService; accountOf: (memberId: bigint) => Promise<string | null> },
) {
  registerCall(app, http, getTwoFactor, async (request) => twoFactor.status(memberOf(request)));
  registerCall(app, http, startTwoFactorEnrolment, async (request) => {
    const id = memberOf(request);
    const account = (await accountOf(id)) ?? String(id);
    return twoFactor.startEnrolment({ id, account }, request.siteSettings.product.brand.name);
  });
  registerCall(app, http, confirmTwoFactorEnrolment, async (request) => ({
    recoveryCodes: await twoFactor.confirmEnrolment(memberOf(request), request.body.code),
  }));
  registerCall(app, http, disableTwoFactor, async (request) => {
    await twoFactor.disable(memberOf(request), request.body.googleCode);
    return null;
  });
}
