import { launchGame } from '@tessera/contract/api/games';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { memberOf } from '../wallet/routes.js';
import { LaunchService } from './launch.js';

/** Game launch (spec §2.1, §3). */
export function gameRoutes(app: FastifyInstance, services: AppServices) {
  const launcher = new LaunchService(services.db);
  registerCall(app, services, launchGame, async (request) =>
    launcher.launch(
      request.merchantCode,
      memberOf(request),
      request.siteSettings,
      request.body,
      request.headers[HEADERS.language],
    ),
  );
}
