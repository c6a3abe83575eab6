import compress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HEADERS } from '@tessera/contract/headers';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from './db/connect.js';
import { installRelayFallback } from './http/relay.js';
import type { AppServices } from './http/services.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { bettingRecordRoutes } from './modules/betting-record/routes.js';
import { cashbackRoutes } from './modules/cashback/routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { favouriteRoutes } from './modules/favourites/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { gameRoutes } from './modules/games/routes.js';
import { houseVendorRoutes } from './modules/house-vendor/routes.js';
import { JobRunner } from './modules/jobs/service.js';
import { lotteryRoutes } from './modules/lottery/routes.js';
import { memberTransferRoutes } from './modules/member-transfers/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { pvpRoomRoutes } from './modules/pvp-rooms/routes.js';
import { recordsRoutes } from './modules/records/routes.js';
import { decideAccess } from './modules/region/access-policy.js';
import { countryOf } from './modules/region/geoip.js';
import { responsibleGamingRoutes } from './modules/responsible-gaming/routes.js';
import { securityCentreRoutes } from './modules/security-centre/routes.js';
import { SiteSettingsService } from './modules/site-settings/service.js';
import { systemRoutes } from './modules/system/routes.js';
import { isUnderMaintenance } from './modules/system/service.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { winnersRoutes } from './modules/winners/routes.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { AppError } from './platform/app-error.js';
import { ON_THE_FLY_BROTLI } from './platform/compression.js';
import type { Config } from './platform/config.js';
import { cspReportRoutes } from './platform/csp-reports.js';
import { installEnvelope, isApiPath } from './platform/envelope.js';
import { installMetrics } from './platform/metrics.js';
import { installOpenApi } from './platform/openapi.js';
import { installSecurityHeaders } from './platform/security-headers.js';
import { installSlowWorkLog } from './platform/slow-work.js';
import { installWebApp } from './platform/web-app.js';
import { webManifestRoutes } from './platform/web-manifest.js';
import './http/request-context.js';

const MERCHANT_PATTERN = /^[A-Za-z0-9_]{2,32}$/;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Overrides the GeoIP lookup (tests place loopback addresses in a country). */
  countryOf?: (ip: string) => string | null;
  /** Extra routes registered after the platform (tests, the local admin endpoint). */
  extend?: (app: FastifyInstance, services: AppServices) => void | Promise<void>;
}

/** Builds the whole HTTP application; main.ts and the tests build the same app. */
export async function buildApp({ config, db, countryOf: lookup = countryOf, extend }: BuildAppOptions) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.encryption'],
    },
    // A hop count is valid at run time (proxy-addr); Fastify's typings only list the other forms.
    trustProxy: config.trustProxy as boolean | string | string[],
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const siteSettings = new SiteSettingsService(db.kysely);
  await siteSettings.listenForChanges(db);
  // Durable jobs (modules/jobs): polled from ready until close, so every instance shares the work.
  const jobs = new JobRunner(db.kysely, {
    onError: (err, job) => app.log.error({ err, job: String(job.id), kind: job.kind }, 'job failed'),
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  const services: AppServices = {
    jobs,
    config,
    db: db.kysely,
    siteSettings,
    countryOf: lookup,
    gate: async (request) => {
      if (isUnderMaintenance(request.siteSettings.maintenance, Date.now())) throw new AppError('system.maintenance');
      if (decideAccess(request.ip, request.siteSettings.region, lookup).restricted) throw new AppError('access.restricted');
    },
  };

  app.decorateRequest('merchantCode', '');
  app.decorateRequest('siteSettings', null as never);
  app.decorateRequest('session', null);

  // The original gateway answers a duplicated Merchant header with function.not.available; Node joins duplicates.
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const header = request.headers[HEADERS.merchant];
    const merchantCode = header === undefined ? config.defaultMerchant : String(header);
    if (!MERCHANT_PATTERN.test(merchantCode)) throw new AppError('function.not.available');
    const settings = await siteSettings.cached(merchantCode);
    if (!settings) throw new AppError('merchant.unknown');
    request.merchantCode = merchantCode;
    request.siteSettings = settings;
  });

  await installSecurityHeaders(app);
  await app.register(compress, { threshold: 1024, brotliOptions: ON_THE_FLY_BROTLI });
  installMetrics(app);
  installSlowWorkLog(app);
  await installOpenApi(app);
  const serveWebApp = await installWebApp(app, config.webDist, services);
  installEnvelope(app, serveWebApp);
  cspReportRoutes(app);

  systemRoutes(app, services);
  accountRoutes(app, services);
  await catalogueRoutes(app, services);
  contentRoutes(app, services);
  feedbackRoutes(app, services);
  webManifestRoutes(app, services);
  responsibleGamingRoutes(app, services);
  recordsRoutes(app, services);
  cashbackRoutes(app, services);
  memberTransferRoutes(app, services);
  // wallet, deposits, notifications and the live stream (issue 5 items 2-4)
  walletRoutes(app, services);
  depositRoutes(app, services);
  await notificationRoutes(app, services, db);
  // security centre and withdrawals (issue 5 items 5, 6, 11)
  securityCentreRoutes(app, services);
  withdrawalRoutes(app, services);
  // games: launch and the house vendor (issue 6)
  gameRoutes(app, services);
  favouriteRoutes(app, services); // favourites and recent games (issue 6)
  await houseVendorRoutes(app, services);
  lotteryRoutes(app, services); // house lotteries: draws, slips, settlement (issue 6 item 4)
  bettingRecordRoutes(app, services); // betting record and profit and loss (issue 6 item 5)
  winnersRoutes(app, services); // winners board GCSGAME_getRankList (issue 6 item 1)
  pvpRoomRoutes(app, services); // PVP rooms GLS2_roomList (issue 6 item 2)
  installRelayFallback(app);
  if (extend) await extend(app, services);

  app.addHook('onClose', async () => {
    await db.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
