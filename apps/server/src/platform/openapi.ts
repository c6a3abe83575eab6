import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document is generated from the contract schemas the routes are registered with. `serve` off (the
 * production default) keeps the generator, so docs/api.md still follows from it, but answers neither /docs nor
 * /openapi.json.
 */
export async function installOpenApi(app: FastifyInstance, serve: boolean) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: '0.1.0',
        description:
          'Every answer is an envelope `{success, value, message, code}`. Send `Merchant`, `Device`, `Language` and, on token calls, `Authorization` (the bare token).',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          staffToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A back-office staff session' },
        },
      },
      tags: [
        {
          name: 'back-office',
          description:
            "The operators' back office (`/bo/api/…`): staff sessions only, each call needs the permission in brackets",
        },
      ],
    },
  });
  if (!serve) return;
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
