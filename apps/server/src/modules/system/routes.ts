import {
  getDomainRoute,
  getHealth,
  getHelpCenter,
  getReady,
  getRegisterSettings,
  getSystemStatus,
  getWhitelabel,
} from '@tessera/contract/api/system';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { AppError } from '../../platform/app-error.js';
import { systemStatus } from './service.js';

export function systemRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { db, countryOf }: { db: Kysely<Database>; countryOf: (ip: string) => string | null },
) {
  const startedAt = Date.now();
  const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);

  registerCall(app, http, getSystemStatus, async (request) => {
    return systemStatus(request.siteSettings, request.ip, countryOf, Date.now());
  });

  registerCall(app, http, getWhitelabel, async (request) => request.siteSettings.whitelabel);
  registerCall(app, http, getRegisterSettings, async (request) => request.siteSettings.registerRules);
  registerCall(app, http, getDomainRoute, async (request) => ({ domainList: request.siteSettings.domainRoutes }));
  registerCall(app, http, getHelpCenter, async (request) => request.siteSettings.helpCenter);

  registerCall(app, http, getHealth, async () => ({ status: 'ok', uptimeSeconds: uptimeSeconds() }));
  registerCall(app, http, getReady, async (request) => {
    try {
      await sql`SELECT 1`.execute(db);
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      throw new AppError('system.not.ready');
    }
    return { status: 'ready', uptimeSeconds: uptimeSeconds() };
  });
}
