import { getReferral } from '@tessera/contract/api/promotions';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf, requestedLanguage } from '../../http/request-context.js';
import type { ReferralsService } from './service.js';

export function referralRoutes(app: FastifyInstance, http: HttpContext, { referrals }: { referrals: ReferralsService }) {
  registerCall(app, http, getReferral, async (request) =>
    referrals.view(request.merchantCode, memberOf(request), {
      requested: requestedLanguage(request),
      fallback: request.siteSettings.product.defaultLang,
    }),
  );
}
