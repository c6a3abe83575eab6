import multipart from '@fastify/multipart';
import {
  createDeposit,
  getDepositOrder,
  listDepositChannels,
  listDepositOrders,
  uploadDepositProof,
} from '@tessera/contract/api/deposits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf, requestedLanguage } from '../../http/request-context.js';
import { PROOF_MULTIPART_OPTIONS, readProofImages } from './proof-form.js';
import type { DepositsService } from './service.js';

const DEFAULT_PAGE_SIZE = 10;

const languageOf = (request: FastifyRequest) => ({
  requested: requestedLanguage(request),
  fallback: request.siteSettings.product.defaultLang,
});

/** The player's side of deposits: channels, orders, proof images (the operator's side is `npm run admin -- deposit`). */
export function depositRoutes(app: FastifyInstance, http: HttpContext, { deposits }: { deposits: DepositsService }) {
  registerCall(app, http, listDepositChannels, async (request) => {
    const language = languageOf(request);
    return {
      channels: await deposits.channels(request.merchantCode, memberOf(request), language.requested, language.fallback),
    };
  });
  registerCall(app, http, createDeposit, async (request) =>
    deposits.create(request.merchantCode, memberOf(request), request.body, languageOf(request)),
  );
  registerCall(app, http, listDepositOrders, async (request) =>
    deposits.list(
      request.merchantCode,
      memberOf(request),
      request.query.page ?? 1,
      request.query.size ?? DEFAULT_PAGE_SIZE,
      languageOf(request),
    ),
  );
  registerCall(app, http, getDepositOrder, async (request) =>
    deposits.one(request.merchantCode, memberOf(request), BigInt(request.query.id), languageOf(request)),
  );
  // Its own scope, so only this route parses multipart bodies.
  app.register(async (scope) => {
    await scope.register(multipart, PROOF_MULTIPART_OPTIONS);
    registerCall(scope, http, uploadDepositProof, async (request) => {
      const memberId = memberOf(request);
      const images = await readProofImages(request);
      return deposits.addProof(request.merchantCode, memberId, BigInt(request.query.orderId), images, languageOf(request));
    });
  });
}
