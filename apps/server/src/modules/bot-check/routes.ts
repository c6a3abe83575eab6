import { getBotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import type { BotCheckService } from './service.js';

export function botCheckRoutes(app: FastifyInstance, http: HttpContext, { botCheck }: { botCheck: BotCheckService }) {
  registerCall(app, http, getBotCheckChallenge, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return botCheck.challenge(request.merchantCode);
  });
}
