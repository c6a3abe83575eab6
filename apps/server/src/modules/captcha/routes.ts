import { getCaptcha } from '@tessera/contract/api/accounts';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import type { CaptchaService } from './service.js';

export function captchaRoutes(app: FastifyInstance, http: HttpContext, { captcha }: { captcha: CaptchaService }) {
  registerCall(app, http, getCaptcha, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.issue(request.ip);
  });
}
