import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorEnvelope, ok } from '../platform/envelope.js';
import type { Services } from '../services.js';
import { runAdmin } from './program.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * While a PGlite server holds the data directory, the admin CLI cannot open the database itself, so it sends
 * its arguments here. Only the loopback socket (never X-Forwarded-For) with the token from server.json
 * (mode 0600) is accepted.
 */
export function installLocalAdminEndpoint(app: FastifyInstance, services: Services, adminToken: string) {
  const expected = Buffer.from(adminToken);
  app.post(
    '/internal/admin',
    {
      schema: {
        hide: true,
        body: Type.Object({
          args: Type.Array(Type.String({ maxLength: 100000 }), { maxItems: 100 }),
          cwd: Type.String({ minLength: 1, maxLength: 4096, pattern: '^/' }),
        }),
      },
    },
    async (request, reply) => {
      const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''));
      const fromLoopback = LOOPBACK.has(request.socket.remoteAddress ?? '');
      if (!fromLoopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(404).send(errorEnvelope('route.not.found'));
      }
      const { args, cwd } = request.body as { args: string[]; cwd: string };
      const result = await runAdmin(args, services, cwd);
      return ok(result);
    },
  );
}
