import { getCaptcha } from '@tessera/contract/api/accounts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import type { CaptchaService } from './service.js';

export function captchaRoutes(app: FastifyInstance, services: AppServices, captcha: CaptchaService) {
  registerCall(app, services, getCaptcha, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.issue(request.ip);
  });
}
