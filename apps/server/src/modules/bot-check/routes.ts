import { getBotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import type { BotCheckService } from './service.js';

export function botCheckRoutes(app: FastifyInstance, services: AppServices, botCheck: BotCheckService) {
  registerCall(app, services, getBotCheckChallenge, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return botCheck.challenge(request.merchantCode);
  });
}
