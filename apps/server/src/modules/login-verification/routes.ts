import type { LoginResult } from '@tessera/contract/api/accounts';
import { completeLoginVerification, sendLoginVerificationCode } from '@tessera/contract/api/login-verification';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import type { HeldLogin, LoginVerificationService, VerificationContext } from './service.js';

const contextOf = (request: FastifyRequest): VerificationContext => ({
  merchantCode: request.merchantCode,
  ip: request.ip,
  settings: request.siteSettings,
});

/** `resume` opens the session of a login the ticket held back (the accounts service owns sessions). */
export function loginVerificationRoutes(
  app: FastifyInstance,
  services: AppServices,
  verification: LoginVerificationService,
  resume: (ctx: VerificationContext, held: HeldLogin) => Promise<LoginResult>,
) {
  registerCall(app, services, sendLoginVerificationCode, async (request) =>
    verification.sendCode(contextOf(request), request.body.ticket, request.body.method),
  );
  registerCall(app, services, completeLoginVerification, async (request) => {
    const ctx = contextOf(request);
    return resume(ctx, await verification.complete(ctx, request.body.ticket, request.body.code, request.body.method));
  });
}
