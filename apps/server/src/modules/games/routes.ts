import { launchGame } from '@tessera/contract/api/games';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { memberOf } from '../wallet/routes.js';
import { testVendorCallbacks } from './adapters/test-vendor-callbacks.js';
import { VendorTransfers } from './adapters/transfer-wallet.js';
import { LaunchService } from './launch.js';
import { configuredAdapters } from './vendors.js';

/** Game launch (spec §2.1, §3). */
export function gameRoutes(app: FastifyInstance, services: AppServices) {
  const launcher = new LaunchService(services.db, configuredAdapters(services));
  // Third-party vendors' wallet callbacks, only where the vendor is configured (adapters/).
  if (services.config.vendors.testv) testVendorCallbacks(app, services, services.config.vendors.testv);
  new VendorTransfers(services.db, configuredAdapters(services)).registerJob(services.jobs);
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
