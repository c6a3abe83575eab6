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
import { sql } from 'kysely';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { systemStatus } from './service.js';

export function systemRoutes(app: FastifyInstance, services: AppServices) {
  const startedAt = Date.now();
  const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);

  registerCall(app, services, getSystemStatus, async (request) => {
    return systemStatus(request.siteSettings, request.ip, services.countryOf, Date.now());
  });

  registerCall(app, services, getWhitelabel, async (request) => request.siteSettings.whitelabel);
  registerCall(app, services, getRegisterSettings, async (request) => request.siteSettings.registerRules);
  registerCall(app, services, getDomainRoute, async (request) => ({ domainList: request.siteSettings.domainRoutes }));
  registerCall(app, services, getHelpCenter, async (request) => request.siteSettings.helpCenter);

  registerCall(app, services, getHealth, async () => ({ status: 'ok', uptimeSeconds: uptimeSeconds() }));
  registerCall(app, services, getReady, async (request) => {
    try {
      await sql`SELECT 1`.execute(services.db);
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      throw new AppError('system.not.ready');
    }
    return { status: 'ready', uptimeSeconds: uptimeSeconds() };
  });
}
