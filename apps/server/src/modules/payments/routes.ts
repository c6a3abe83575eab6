import type { FastifyInstance } from 'fastify';
import type { GatewayCallbacks } from './callbacks.js';

const ROUTINE_OUTCOMES = new Set(['credited', 'duplicate', 'paid_out', 'payout_returned']);

/** Where a provider's callbacks arrive (the provider's callback URL): `<public base>/payments/<provider>/callback`. */
export const callbackPath = (provider: string) => `/payments/${provider}/callback`;

/**
 * Providers' callbacks, outside `/wps`: they speak the provider's format, not our envelope, carry no session and
 * are hidden from the API document. The body is kept as the exact bytes received, which the signature covers.
 */
export function paymentCallbackRoutes(app: FastifyInstance, { gatewayCallbacks }: { gatewayCallbacks: GatewayCallbacks }) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error.statusCode === undefined || error.statusCode >= 500) request.log.error({ err: error }, 'payment callback failed');
      // A failure of ours (the database) is "retry" to the provider: the callback is sent again and nothing is lost.
      return reply.status(error.statusCode !== undefined && error.statusCode < 500 ? 400 : 500).send({ status: 'RETRY' });
    });
    scope.post<{ Params: { provider: string } }>(
      '/payments/:provider/callback',
      { schema: { hide: true } },
      async (request, reply) => {
        const providerId = request.params.provider;
        if (!gatewayCallbacks.has(providerId)) return reply.status(404).send({ status: 'NOT_FOUND' });
        const raw = typeof request.body === 'string' ? request.body : '';
        const received = await gatewayCallbacks.receive(providerId, raw, request.headers, request.ip);
        if (received.outcome && !ROUTINE_OUTCOMES.has(received.outcome)) {
          request.log.warn({ provider: providerId, outcome: received.outcome }, 'payment callback recorded for reconciliation');
        }
        const answer = gatewayCallbacks.answerOf(providerId, received.answer);
        return reply.status(answer.status).send(answer.body);
      },
    );
  });
}
