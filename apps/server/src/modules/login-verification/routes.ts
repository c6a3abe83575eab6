import type { LoginResult } from '@tessera/contract/api/accounts';
import { completeLoginVerification, sendLoginVerificationCode } from '@tessera/contract/api/login-verification';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { answerLanguage } from '../../http/request-context.js';
import { deviceOf } from '../../platform/device.js';
import type { HeldLogin, LoginVerificationService, VerificationContext } from './service.js';

const contextOf = (request: FastifyRequest): VerificationContext => ({
  merchantCode: request.merchantCode,
  ip: request.ip,
  settings: request.siteSettings,
  language: answerLanguage(request),
  device: deviceOf(request.headers['user-agent']),
});

/** `resumeHeldLogin` opens the session of a login the ticket held back (the accounts service owns sessions). */
export function loginVerificationRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    loginVerification,
    resumeHeldLogin,
  }: {
    loginVerification: LoginVerificationService;
    resumeHeldLogin: (ctx: VerificationContext, held: HeldLogin) => Promise<LoginResult>;
  },
) {
  registerCall(app, http, sendLoginVerificationCode, async (request) =>
    loginVerification.sendCode(contextOf(request), request.body.ticket, request.body.method),
  );
  registerCall(app, http, completeLoginVerification, async (request) => {
    const ctx = contextOf(request);
    const held = await loginVerification.complete(ctx, request.body.ticket, request.body.code, request.body.method);
    return resumeHeldLogin(ctx, held);
  });
}
