import compress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import { HEADERS } from '@tessera/contract/headers';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from './db/connect.js';
import type { HttpContext } from './http/http-context.js';
import { installRelayFallback } from './http/relay.js';
import { schemaController } from './http/schema-compilers.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { agentContractBackOfficeRoutes } from './modules/agent-contracts/back-office-routes.js';
import { agentContractRoutes } from './modules/agent-contracts/routes.js';
import { agentSettlementBackOfficeRoutes } from './modules/agent-settlement/back-office-routes.js';
import { agentIncomeRoutes } from './modules/agent-settlement/routes.js';
import { agentBackOfficeRoutes } from './modules/agents/back-office-routes.js';
import { agentRoutes } from './modules/agents/routes.js';
import { auditLogRoutes } from './modules/audit-log/routes.js';
import { bettingRecordRoutes } from './modules/betting-record/routes.js';
import { botCheckRoutes } from './modules/bot-check/routes.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { cashbackRoutes } from './modules/cashback/routes.js';
import { catalogueBackOfficeRoutes } from './modules/catalogue/back-office-routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { contentBackOfficeRoutes } from './modules/content/back-office-routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { cryptoEntryRoutes } from './modules/crypto-entry/routes.js';
import { deliveryBackOfficeRoutes } from './modules/delivery/back-office-routes.js';
import { depositChannelBackOfficeRoutes } from './modules/deposits/back-office-routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { favouriteRoutes } from './modules/favourites/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { testVendorCallbacks } from './modules/games/adapters/test-vendor-callbacks.js';
import { gameRoutes } from './modules/games/routes.js';
import { houseVendorRoutes } from './modules/house-vendor/routes.js';
import { inboxBackOfficeRoutes } from './modules/inbox/back-office-routes.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { loginVerificationRoutes } from './modules/login-verification/routes.js';
import { lotteryBackOfficeRoutes } from './modules/lottery/back-office-routes.js';
import { lotteryRoutes } from './modules/lottery/routes.js';
import { loyaltyBackOfficeRoutes } from './modules/loyalty/back-office-routes.js';
import { loyaltyRoutes } from './modules/loyalty/routes.js';
import { memberTransferRoutes } from './modules/member-transfers/routes.js';
import { moneyDeskRoutes } from './modules/money-desk/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { paymentBackOfficeRoutes } from './modules/payments/back-office-routes.js';
import { paymentCallbackRoutes } from './modules/payments/routes.js';
import { playerAdminRoutes } from './modules/player-admin/routes.js';
import { promotionBackOfficeRoutes } from './modules/promotions/back-office-routes.js';
import { raffleBackOfficeRoutes, raffleRoutes } from './modules/promotions/raffle/routes.js';
import { promotionRoutes } from './modules/promotions/routes.js';
import { pvpRoomRoutes } from './modules/pvp-rooms/routes.js';
import { recordsRoutes } from './modules/records/routes.js';
import { referralRoutes } from './modules/referrals/routes.js';
import { AccessGate } from './modules/region/access-policy.js';
import { reportsRoutes } from './modules/reports/routes.js';
import { responsibleGamingRoutes } from './modules/responsible-gaming/routes.js';
import { securityCentreRoutes } from './modules/security-centre/routes.js';
import { loginHistoryRoutes } from './modules/sessions/routes.js';
import { wasReplaced } from './modules/sessions/service.js';
import { siteSettingsBackOfficeRoutes } from './modules/site-settings/back-office-routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { isUnderMaintenance } from './modules/system/service.js';
import { twoFactorRoutes } from './modules/two-factor/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { winnersRoutes } from './modules/winners/routes.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { AppError } from './platform/app-error.js';
import { installBackOfficeApp, installBackOfficeHeaders } from './platform/back-office-app.js';
import { ON_THE_FLY_BROTLI } from './platform/compression.js';
import type { Config } from './platform/config.js';
import { cspReportRoutes } from './platform/csp-reports.js';
import { installEnvelope, isApiPath } from './platform/envelope.js';
import { clientErrorHandler, frameworkErrors, originForm } from './platform/http-edge.js';
import { installMetrics } from './platform/metrics.js';
import { installOpenApi } from './platform/openapi.js';
import { installSecurityHeaders, pagePolicy } from './platform/security-headers.js';
import { installSlowWorkLog } from './platform/slow-work.js';
import { installWebApp } from './platform/web-app.js';
import { webManifestRoutes } from './platform/web-manifest.js';
import './http/request-context.js';
import { buildServices, type Services } from './services.js';

/** A chat frame is a hello, a watch or a typing signal: small (messages are sent with calls, not frames). */
const CHAT_FRAME_MAX_BYTES = 4096;
const MERCHANT_PATTERN = /^[A-Za-z0-9_]{2,32}$/;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Overrides the GeoIP lookup (tests place loopback addresses in a country). */
  countryOf?: (ip: string) => string | null;
  /** Extra routes and steps after the platform (the seed, the local admin endpoint, tests). */
  extend?: (app: FastifyInstance, services: Services, http: HttpContext) => void | Promise<void>;
}

/** Builds the whole HTTP application; main.ts and the tests build the same app. */
export async function buildApp({ config, db, countryOf, extend }: BuildAppOptions) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.encryption'],
    },
    // A hop count is valid at run time (proxy-addr); Fastify's typings only list the other forms.
    trustProxy: config.trustProxy as boolean | string | string[],
    // strictNumbers off: with it, Ajv skips the bounds of a number that is not finite, and type coercion has already
    // turned the text "Infinity" into one; without it, the bounds every contract number carries refuse it. (JSON
    // cannot carry Infinity or NaN, and the text "NaN" is never coerced.)
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, strictNumbers: false } },
    schemaController,
    return503OnClosing: true,
    rewriteUrl: (request) => originForm(request.url ?? '/'),
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = buildServices({ config, db, log: app.log, countryOf });
  const { siteSettings, jobs, lottery, liveHub } = services;
  await siteSettings.listenForChanges(db);
  await services.liveSessions.listen(db);
  await services.playChecks.listen(db);
  await services.bonusStakes.listen(db);
  await services.loyaltyTracker.listen(db);
  await services.raffleTracker.listen(db);
  // Durable jobs: polled from ready until close, so every instance shares the work.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  // Every instance makes sure the next draws exist when it starts; afterwards each draw job schedules the next. A
  // failure here (database not ready) must not stop the server: the current-draw read schedules again on demand.
  app.addHook('onReady', async () => {
    await lottery.ensureSchedule().catch((err: unknown) => app.log.error({ err }, 'lottery draws not scheduled at start'));
    await services.reports
      .ensureScheduled()
      .catch((err: unknown) => app.log.error({ err }, 'report roll-up not scheduled at start'));
    await services.loyalty.ensureScheduled().catch((err: unknown) => app.log.error({ err }, 'VIP review not scheduled at start'));
    await services.reconciliation
      .ensureScheduled()
      .catch((err: unknown) => app.log.error({ err }, 'payment reconciliation not scheduled at start'));
    await services.agentSettlement
      .ensureScheduled()
      .catch((err: unknown) => app.log.error({ err }, 'agent settlement not scheduled at start'));
    await services.promotionRebates
      .ensureScheduled()
      .catch((err: unknown) => app.log.error({ err }, 'loss rebates not scheduled at start'));
  });
  await liveHub.listen(db);
  app.addHook('preClose', async () => liveHub.close());
  await services.chatHub.listen(db);
  app.addHook('preClose', async () => services.chatHub.close());

  const access = new AccessGate(services.countryOf);
  const http: HttpContext = {
    gate: async (request) => {
      if (isUnderMaintenance(request.siteSettings.maintenance, Date.now())) throw new AppError('system.maintenance');
      if (access.restricted(request.ip, request.siteSettings.region)) {
        throw new AppError('access.restricted');
      }
    },
    verifyToken: (token, merchantCode) => services.liveSessions.verify(token, merchantCode),
    wasReplaced: (token, merchantCode) => wasReplaced(services.db, token, merchantCode),
    verifyStaffToken: (token) => services.staff.verify(token),
    openSealedBody: (sealed) => services.encryptedEntries.open(sealed),
  };

  app.decorateRequest('merchantCode', '');
  app.decorateRequest('siteSettings', null as never);
  app.decorateRequest('session', null);
  app.decorateRequest('staff', null);

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
  installBackOfficeHeaders(app);
  await app.register(compress, { threshold: 1024, brotliOptions: ON_THE_FLY_BROTLI });
  await app.register(websocket, { options: { maxPayload: CHAT_FRAME_MAX_BYTES } });
  services.chatHub.keepAlive(() => {
    for (const client of app.websocketServer.clients) client.ping();
  });
  installMetrics(app, config.metricsAllow);
  installSlowWorkLog(app);
  await installOpenApi(app, config.apiDocs);
  await installBackOfficeApp(app, config.backOfficeDist);
  // A page is the default merchant's, as its boot data is.
  const serveWebApp = await installWebApp(app, config.webDist, services.bootData, async () =>
    // Unreadable settings: the policy of every answer, which allows no tag.
    pagePolicy((await siteSettings.cached(config.defaultMerchant).catch(() => null))?.analytics),
  );
  installEnvelope(app, serveWebApp);
  cspReportRoutes(app);

  systemRoutes(app, http, services);
  botCheckRoutes(app, http, services);
  loginVerificationRoutes(app, http, {
    loginVerification: services.loginVerification,
    resumeHeldLogin: (ctx, held) => services.login.resumeHeldLogin(ctx, held),
  });
  cryptoEntryRoutes(app, http, services);
  captchaRoutes(app, http, services);
  accountRoutes(app, http, services);
  await catalogueRoutes(app, http, services);
  contentRoutes(app, http, services);
  feedbackRoutes(app, http, services);
  webManifestRoutes(app, () => siteSettings.cached(config.defaultMerchant));
  responsibleGamingRoutes(app, http, services);
  recordsRoutes(app, http, services);
  cashbackRoutes(app, http, services);
  promotionRoutes(app, http, services);
  raffleRoutes(app, http, services);
  loyaltyRoutes(app, http, services);
  referralRoutes(app, http, services);
  memberTransferRoutes(app, http, services);
  agentRoutes(app, http, services);
  agentContractRoutes(app, http, services);
  agentIncomeRoutes(app, http, services);
  walletRoutes(app, http, services);
  depositRoutes(app, http, services);
  notificationRoutes(app, http, services);
  inboxRoutes(app, http, services);
  chatRoutes(app, http, services);
  loginHistoryRoutes(app, http, services);
  securityCentreRoutes(app, http, services);
  twoFactorRoutes(app, http, {
    twoFactor: services.twoFactor,
    accountOf: async (memberId) => (await services.memberInfo.contact(memberId))?.account ?? null,
  });
  withdrawalRoutes(app, http, services);
  gameRoutes(app, http, services);
  // Third-party vendors' wallet callbacks, only where the vendor is configured (modules/games/adapters/).
  if (config.vendors.testv) testVendorCallbacks(app, config.vendors.testv, services);
  // Payment providers' callbacks (modules/payments), for the providers configured in the environment.
  paymentCallbackRoutes(app, services);
  favouriteRoutes(app, http, services);
  await houseVendorRoutes(app, http, { ...services, houseGamesDist: config.houseGamesDist });
  lotteryRoutes(app, http, services);
  bettingRecordRoutes(app, http, services);
  winnersRoutes(app, http, services);
  pvpRoomRoutes(app, http, services);
  staffRoutes(app, http, services);
  auditLogRoutes(app, http, services);
  moneyDeskRoutes(app, http, services);
  depositChannelBackOfficeRoutes(app, http, services);
  paymentBackOfficeRoutes(app, http, services);
  playerAdminRoutes(app, http, services);
  contentBackOfficeRoutes(app, http, services);
  inboxBackOfficeRoutes(app, http, services);
  deliveryBackOfficeRoutes(app, http, services);
  siteSettingsBackOfficeRoutes(app, http, services);
  catalogueBackOfficeRoutes(app, http, services);
  lotteryBackOfficeRoutes(app, http, services);
  reportsRoutes(app, http, services);
  agentBackOfficeRoutes(app, http, services);
  promotionBackOfficeRoutes(app, http, services);
  raffleBackOfficeRoutes(app, http, services);
  loyaltyBackOfficeRoutes(app, http, services);
  agentContractBackOfficeRoutes(app, http, services);
  agentSettlementBackOfficeRoutes(app, http, services);
  installRelayFallback(app);
  if (extend) await extend(app, services, http);

  app.addHook('onClose', async () => {
    await services.backgroundSends.idle();
    services.deliveries.close();
    await db.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
