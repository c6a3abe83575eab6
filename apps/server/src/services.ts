import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/connect.js';
import { AvatarService } from './modules/accounts/avatar.js';
import { LoginService } from './modules/accounts/login.js';
import { LoginSessions } from './modules/accounts/login-session.js';
import { MemberAdminService } from './modules/accounts/member-admin.js';
import { MemberInfoService } from './modules/accounts/member-info.js';
import { PasswordService } from './modules/accounts/passwords.js';
import { PhoneAccountsService } from './modules/accounts/phone.js';
import { MemberProfileService } from './modules/accounts/profile.js';
import { ProfilePageService } from './modules/accounts/profile-page.js';
import { RecoveryContactsService } from './modules/accounts/recovery-contacts.js';
import { RegistrationService } from './modules/accounts/registration.js';
import { AgentContractsService } from './modules/agent-contracts/service.js';
import { AgentSettlementService } from './modules/agent-settlement/service.js';
import { AgentsService } from './modules/agents/service.js';
import { ApprovalsService } from './modules/approvals/service.js';
import { AuditLog } from './modules/audit-log/service.js';
import { BettingRecordService } from './modules/betting-record/service.js';
import { BotCheckService } from './modules/bot-check/service.js';
import { CaptchaService } from './modules/captcha/service.js';
import { CashbackService } from './modules/cashback/service.js';
import { CatalogueAdminService } from './modules/catalogue/admin-service.js';
import { CatalogueService } from './modules/catalogue/service.js';
import { ChatHub } from './modules/chat/hub.js';
import { ChatService } from './modules/chat/service.js';
import { ContentService } from './modules/content/service.js';
import { RsaKeyStore } from './modules/crypto-entry/key-store.js';
import { resolveSecretKey } from './modules/crypto-entry/secret-key.js';
import { EncryptedEntries } from './modules/crypto-entry/service.js';
import { Deliveries } from './modules/delivery/service.js';
import { ChannelAdmin } from './modules/deposits/channel-admin.js';
import { expiryJob } from './modules/deposits/expiry-job.js';
import { DEPOSIT_EXPIRY_JOB } from './modules/deposits/gateway-orders.js';
import { PAYMENT_GATEWAYS } from './modules/deposits/gateways.js';
import { DepositsService } from './modules/deposits/service.js';
import { FavouritesService } from './modules/favourites/service.js';
import { FeedbackService } from './modules/feedback/service.js';
import { testVendorAdapter } from './modules/games/adapters/test-vendor.js';
import { VendorTransfers } from './modules/games/adapters/transfer-wallet.js';
import { LaunchService } from './modules/games/launch.js';
import { PlayChecks } from './modules/games/play-checks.js';
import { LedgerSeamlessWallet } from './modules/games/seamless-wallet.js';
import type { VendorAdapter } from './modules/games/vendor.js';
import { houseSlotsAdapter } from './modules/house-vendor/adapter.js';
import { MinesRounds } from './modules/house-vendor/mines-rounds.js';
import { HouseVendor } from './modules/house-vendor/service.js';
import { GameSessions } from './modules/house-vendor/sessions.js';
import { InboxService } from './modules/inbox/service.js';
import { JobRunner } from './modules/jobs/service.js';
import { Ledger } from './modules/ledger/service.js';
import { LoginVerificationService } from './modules/login-verification/service.js';
import { houseLotteryAdapter } from './modules/lottery/adapter.js';
import { DrawAdminService } from './modules/lottery/draw-admin.js';
import { registerLotteryJobs } from './modules/lottery/jobs.js';
import { LotteryMenus } from './modules/lottery/menus.js';
import { LotteryService } from './modules/lottery/service.js';
import { LoyaltyAdmin } from './modules/loyalty/admin-service.js';
import { MissionAdmin } from './modules/loyalty/mission-admin.js';
import { MissionsService } from './modules/loyalty/missions.js';
import { PointsService } from './modules/loyalty/points.js';
import { RewardCentre, rafflePrizeReward, rebateReward } from './modules/loyalty/reward-centre.js';
import { LoyaltyService } from './modules/loyalty/service.js';
import { LoyaltyTracker } from './modules/loyalty/tracker.js';
import { OutboxMailer } from './modules/mailer/service.js';
import { SmtpMailer } from './modules/mailer/smtp.js';
import { MemberTransferService } from './modules/member-transfers/service.js';
import { MoneyDesk } from './modules/money-desk/service.js';
import { LiveHub } from './modules/notifications/live-hub.js';
import { NotificationsService } from './modules/notifications/service.js';
import { GatewayCallbacks } from './modules/payments/callbacks.js';
import { providerGateway } from './modules/payments/gateway.js';
import { GatewayPayouts, PAYOUT_CHECK_JOB, PAYOUT_JOB } from './modules/payments/payouts.js';
import { configuredProviders } from './modules/payments/providers.js';
import { RECONCILE_JOB, Reconciliation } from './modules/payments/reconciliation.js';
import { PlayerAdminService } from './modules/player-admin/service.js';
import { PromotionsAdmin } from './modules/promotions/admin-service.js';
import { BonusStakes } from './modules/promotions/bet-stakes.js';
import { BONUS_EXPIRY_JOB } from './modules/promotions/bonus-money.js';
import { RaffleAdminService } from './modules/promotions/raffle/admin.js';
import { RAFFLE_DRAW_JOB, RAFFLE_EXPIRY_JOB, RaffleService } from './modules/promotions/raffle/service.js';
import { RaffleTracker } from './modules/promotions/raffle/tracker.js';
import { PromotionRebates, REBATE_JOB } from './modules/promotions/rebates.js';
import { PromotionReviews } from './modules/promotions/reviews.js';
import { PromotionsService } from './modules/promotions/service.js';
import { PvpRoomsService } from './modules/pvp-rooms/service.js';
import { RecordsService } from './modules/records/service.js';
import { ReferralsService } from './modules/referrals/service.js';
import { countryOf as geoCountryOf } from './modules/region/geoip.js';
import { ReportsService } from './modules/reports/service.js';
import { ResponsibleGamingService } from './modules/responsible-gaming/service.js';
import { SecurityCentreService } from './modules/security-centre/service.js';
import { LoginHistory } from './modules/sessions/login-history.js';
import { LiveSessions } from './modules/sessions/service.js';
import { SiteSettingsService } from './modules/site-settings/service.js';
import { HttpSmsProvider } from './modules/sms/http-provider.js';
import { OutboxSmsProvider, SmsService } from './modules/sms/service.js';
import { StaffService } from './modules/staff/service.js';
import { bootDataLoader } from './modules/system/boot-data.js';
import { TwoFactorService } from './modules/two-factor/service.js';
import { WalletService } from './modules/wallet/service.js';
import { WinnersService } from './modules/winners/service.js';
import { AUTO_RECEIPT_JOB, payoutAccountInUse, WithdrawalsService } from './modules/withdrawals/service.js';
import { AppError } from './platform/app-error.js';
import { BackgroundSends } from './platform/background-sends.js';
import type { Config } from './platform/config.js';
import { SEAL_PURPOSES, SealedAtRest } from './platform/sealed-at-rest.js';

export interface ServiceOptions {
  config: Config;
  db: Db;
  /** The server's log; null in the operator CLI, which prints its own answers. */
  log: FastifyBaseLogger | null;
  /** The GeoIP lookup (tests place loopback addresses in a country). */
  countryOf?: (ip: string) => string | null;
}

/**
 * The composition root: every service of the process is built here once (one ledger with its id cache, one
 * encrypted-entries service, one vendor registry) and handed to the route modules (app.ts) and to the operator
 * commands (admin/). Durable job handlers are registered here too, so any process that runs jobs knows them all.
 */
export function buildServices({ config, db: connection, log, countryOf = geoCountryOf }: ServiceOptions) {
  const db = connection.kysely;
  const siteSettings = new SiteSettingsService(db);
  const auditLog = new AuditLog(db);
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  const staff = new StaffService(db, auditLog, new SealedAtRest(secretKey, SEAL_PURPOSES.staffTotpSecret));
  const settingsOf = async (merchant: string) => {
    const settings = await siteSettings.cached(merchant);
    if (!settings) throw new AppError('merchant.unknown');
    return settings;
  };
  const jobs = new JobRunner(db, {
    onError: (err, job) => log?.error({ err, job: String(job.id), kind: job.kind }, 'job failed'),
  });
  const ledger = new Ledger(db);
  const encryptedEntries = new EncryptedEntries(db, new RsaKeyStore(db, secretKey));

  const captcha = new CaptchaService(db);
  const backgroundSends = new BackgroundSends(log);
  /** Every mail and SMS goes out as a durable delivery, retried and dead-lettered (modules/delivery). */
  const deliveries = new Deliveries(
    db,
    {
      mail: config.smtp ? new SmtpMailer(config.smtp.url, config.smtp.from) : new OutboxMailer(db, log),
      sms: config.smsGateway
        ? new HttpSmsProvider(config.smsGateway.url, config.smsGateway.token)
        : new OutboxSmsProvider(db, log),
    },
    backgroundSends,
    log,
  );
  deliveries.registerJob(jobs);
  const { mailer, sms: smsProvider } = deliveries;
  const sms = new SmsService(db, smsProvider);
  const botCheck = new BotCheckService(db, secretKey);
  const missions = new MissionsService(db, ledger);
  const loyalty = new LoyaltyService(db, ledger, settingsOf, missions);
  const cashback = new CashbackService(
    db,
    ledger,
    undefined,
    async (trx, merchant, memberId) => (await loyalty.benefitsOf(merchant, memberId, trx)).cashbackExtraBasisPoints,
  );
  loyalty.registerJob(jobs);
  const memberInfo = new MemberInfoService(db, (merchant, memberId) => loyalty.rankOf(merchant, memberId));
  const twoFactor = new TwoFactorService(db, new SealedAtRest(secretKey, SEAL_PURPOSES.memberTotpSecret));
  const loginVerification = new LoginVerificationService(db, memberInfo, smsProvider, mailer, twoFactor);
  const loginSessions = new LoginSessions(db, loginVerification);

  const catalogue = new CatalogueService(db);
  const content = new ContentService(db);
  const records = new RecordsService(db);
  const responsibleGaming = new ResponsibleGamingService(db);
  const security = new SecurityCentreService(db, payoutAccountInUse, twoFactor);
  const withdrawals = new WithdrawalsService(db, ledger, security, settingsOf);
  jobs.register(AUTO_RECEIPT_JOB, (context) => withdrawals.autoReceipt(context));

  /** Every vendor adapter this server can launch: the house, plus each third-party vendor configured in the environment. */
  const vendorAdapters: readonly VendorAdapter[] = [
    houseSlotsAdapter,
    houseLotteryAdapter,
    ...(config.vendors.testv ? [testVendorAdapter(config.vendors.testv, siteSettings)] : []),
  ];
  const vendorTransfers = new VendorTransfers(db, ledger, vendorAdapters);
  vendorTransfers.registerJob(jobs);
  const playChecks = new PlayChecks(db);
  const liveSessions = new LiveSessions(db);
  const wallet = new WalletService(db, ledger, vendorTransfers, playChecks);
  const notifications = new NotificationsService(db);
  /** Deposit gateways: play money, plus each payment provider configured in the environment. */
  const paymentProviders = configuredProviders(config);
  const depositGateways = new Map([
    ...PAYMENT_GATEWAYS,
    ...[...paymentProviders.values()].map((provider) => [provider.id, providerGateway(provider, db)] as const),
  ]);
  const deposits = new DepositsService(
    db,
    ledger,
    depositGateways,
    async (merchant) => (await settingsOf(merchant)).product.currency.code,
    async (merchant, memberId) => (await loyalty.rankOf(merchant, memberId)).rankLevel,
  );
  jobs.register(DEPOSIT_EXPIRY_JOB, expiryJob(deposits));
  const gatewayPayouts = new GatewayPayouts(db, withdrawals, paymentProviders);
  withdrawals.payOutThrough(gatewayPayouts.dispatch);
  withdrawals.limitByLevel(async (trx, merchant, memberId) => {
    const benefits = await loyalty.benefitsOf(merchant, memberId, trx);
    return {
      level: benefits.labelName,
      dailyMaxMinor: benefits.withdrawalDailyMaxMinor,
      dailyCount: benefits.withdrawalDailyCount,
    };
  });
  jobs.register(PAYOUT_JOB, (context) => gatewayPayouts.request(context));
  jobs.register(PAYOUT_CHECK_JOB, (context) => gatewayPayouts.check(context));
  const reconciliation = new Reconciliation(db, paymentProviders, auditLog);
  jobs.register(RECONCILE_JOB, (context) => reconciliation.job(context));
  const promotions = new PromotionsService(db, ledger, undefined, {
    rankOf: (trx, merchant, memberId) => loyalty.levelOf(merchant, memberId, trx),
    uplinesOf: (trx, memberId) => agents.uplinesOf(memberId, trx),
  });
  const referrals = new ReferralsService(db, promotions);
  missions.payBonusThrough((trx, reward) => promotions.payMissionReward(trx, reward));
  deposits.afterApproval((trx, deposit) => promotions.onDepositApproved(trx, deposit));
  deposits.afterApproval((trx, deposit) => referrals.onDepositApproved(trx, deposit));
  withdrawals.beforeRequest((trx, request) =>
    promotions.beforeWithdrawal(trx, request.merchant, request.memberId, request.forfeitBonus),
  );
  jobs.register(BONUS_EXPIRY_JOB, (context) => promotions.money.expire(context));
  const raffles = new RaffleService(db, ledger, promotions);
  jobs.register(RAFFLE_DRAW_JOB, (context) => raffles.drawJob(context));
  jobs.register(RAFFLE_EXPIRY_JOB, (context) => raffles.expiryJob(context));
  const bonusStakes = new BonusStakes(db, promotions);
  const approvals = new ApprovalsService(db, auditLog, async (merchant) =>
    BigInt((await settingsOf(merchant)).approvals.fourEyesAboveMinor),
  );
  const moneyDesk = new MoneyDesk(db, { approvals, auditLog, deposits, withdrawals, ledger });
  const promotionReviews = new PromotionReviews(db, { approvals, auditLog, money: promotions.money });
  const lottery = new LotteryService(db, ledger, { drawIntervalSeconds: config.lotteryDrawIntervalSeconds }, playChecks);
  registerLotteryJobs(jobs, lottery);
  const memberAdmin = new MemberAdminService(db);
  const bettingRecord = new BettingRecordService(db);
  const houseVendor = new HouseVendor(db, ledger, playChecks, bonusStakes);
  const reports = new ReportsService(db, config.reportTimeZone);
  reports.registerJob(jobs);
  const registration = new RegistrationService(db, captcha, sms, loginSessions, botCheck);
  registration.useHooks({
    referrerOf: (merchant, code) => referrals.referrerOf(merchant, code),
    referred: (trx, sign) => referrals.onRegistered(trx, sign),
    claimSignupBonus: async (merchant, memberId, promotionId) => {
      const language = (await settingsOf(merchant)).product.defaultLang;
      await promotions.join(merchant, memberId, promotionId, { requested: null, fallback: language });
    },
  });
  const agents = new AgentsService(db, { registration, reports, ledger, content, records });
  const inbox = new InboxService(db, async (merchant, memberId) => {
    const standing = await memberInfo.standing(merchant, memberId);
    return standing && { ...standing, uplines: await agents.uplinesOf(memberId) };
  });
  const chat = new ChatService(db, {
    member: async (merchant, memberId) => {
      const contact = await memberInfo.contact(memberId);
      if (!contact || contact.merchantCode !== merchant) return null;
      return { account: contact.account, rankLevel: (await loyalty.rankOf(merchant, memberId)).rankLevel };
    },
  });
  const agentContracts = new AgentContractsService(db, { agents, timeZone: config.reportTimeZone });
  const agentSettlement = new AgentSettlementService(db, {
    ledger,
    agents,
    agentContracts,
    reviews: async (merchant, trx) => (await siteSettings.readIn(trx, merchant))?.agents.reviewSettlements === true,
    testClock: config.agentSettlementTestClock,
    timeZone: config.reportTimeZone,
  });
  agentSettlement.registerJob(jobs);
  const promotionRebates = new PromotionRebates(db, {
    ledger,
    factsOf: (trx, merchant, memberId) => promotions.memberFacts(trx, merchant, memberId),
    clock: (trx) => agentSettlement.now(trx),
    timeZone: config.reportTimeZone,
  });
  jobs.register(REBATE_JOB, (context) => promotionRebates.job(context));
  promotions.followRebatesWith((promotion, memberId) => promotionRebates.progress(promotion, memberId));

  return {
    config,
    db,
    countryOf,
    siteSettings,
    auditLog,
    staff,
    reports,
    settingsOf,
    jobs,
    ledger,
    encryptedEntries,
    captcha,
    mailer,
    deliveries,
    inbox,
    chat,
    chatHub: new ChatHub(chat, (error) => log?.error({ err: error }, 'chat socket update failed')),
    loginHistory: new LoginHistory(db, countryOf),
    sms,
    botCheck,
    loginVerification,
    loginSessions,
    login: new LoginService(db, captcha, sms, loginSessions, botCheck, loginVerification),
    backgroundSends,
    phoneAccounts: new PhoneAccountsService(db, sms, loginSessions, backgroundSends),
    recoveryContacts: new RecoveryContactsService(db, mailer, smsProvider, backgroundSends, twoFactor),
    registration,
    agents,
    agentContracts,
    agentSettlement,
    promotionRebates,
    passwords: new PasswordService(db, captcha, mailer, backgroundSends, twoFactor),
    memberInfo,
    memberAdmin,
    playerAdmin: new PlayerAdminService(db, { memberAdmin, responsibleGaming, loginVerification, twoFactor, bettingRecord }),
    memberProfile: new MemberProfileService(db),
    profilePage: new ProfilePageService(db, (memberId) => twoFactor.isEnabled(memberId)),
    avatars: new AvatarService(db),
    catalogue,
    catalogueAdmin: new CatalogueAdminService(db),
    content,
    feedback: new FeedbackService(db),
    favourites: new FavouritesService(db, catalogue),
    responsibleGaming,
    records,
    cashback,
    memberTransfers: new MemberTransferService(db, ledger),
    wallet,
    deposits,
    channelAdmin: new ChannelAdmin(db, () => deposits.gatewayList()),
    gatewayCallbacks: new GatewayCallbacks(db, deposits, paymentProviders, gatewayPayouts),
    gatewayPayouts,
    reconciliation,
    approvals,
    moneyDesk,
    notifications,
    liveHub: new LiveHub(
      {
        balance: async (merchant, memberId) => {
          const settings = await siteSettings.cached(merchant);
          return settings ? wallet.balance(merchant, memberId, settings) : null;
        },
        notification: (merchant, memberId, id) => notifications.one(merchant, memberId, id),
      },
      (error) => log?.error({ err: error }, 'live stream update failed'),
    ),
    security,
    twoFactor,
    withdrawals,
    vendorAdapters,
    launcher: new LaunchService(db, catalogue, vendorAdapters),
    seamlessWallet: new LedgerSeamlessWallet(db, ledger),
    houseVendor,
    minesRounds: new MinesRounds(db, ledger, houseVendor),
    promotions,
    promotionsAdmin: new PromotionsAdmin(db),
    raffles,
    raffleAdmin: new RaffleAdminService(db, raffles),
    raffleTracker: new RaffleTracker(raffles, (err) =>
      log?.warn({ err }, 'raffle ticket count failed; the next change, read or the draw counts again'),
    ),
    loyalty,
    loyaltyTracker: new LoyaltyTracker(loyalty, (err) =>
      log?.warn({ err }, 'loyalty count failed; the next change or read counts again'),
    ),
    points: new PointsService(db, ledger, settingsOf),
    loyaltyAdmin: new LoyaltyAdmin(db, ledger),
    missions,
    missionAdmin: new MissionAdmin(db, missions, (merchant, promotionId) => promotions.isFreeBonus(merchant, promotionId)),
    rewardCentre: new RewardCentre(
      loyalty,
      missions,
      {
        claimable: async (merchant, memberId, language) =>
          // A raffle's prize is claimed on its own call (MCS2_claimRafflePromotion), not by joining.
          (await promotions.list(merchant, memberId, language, { status: 'claim' }))
            .filter((promotion) => promotion.type !== 'raffle')
            .map((promotion) => ({
              source: 'promotion',
              id: promotion.id,
              periodStart: null,
              title: promotion.title,
              rewardType: 'bonus',
              amount: promotion.terms.fixedBonusMinor === '0' ? null : promotion.terms.fixedBonusMinor,
              expiresAt: promotion.endTime === null ? null : promotion.endTime - 1,
            })),
        claim: async (merchant, memberId, promotionId, language) => {
          const promotion = await promotions.join(merchant, memberId, promotionId, language);
          return {
            source: 'promotion',
            id: promotion.id,
            periodStart: null,
            title: promotion.title,
            rewardType: 'bonus',
            amount: promotion.bonus && promotion.bonus.bonusMinor !== '0' ? promotion.bonus.bonusMinor : null,
            expiresAt: promotion.bonus?.expiresAt ?? null,
          };
        },
      },
      {
        claimable: async (merchant, memberId) => {
          const { totalClaimableMinor } = await cashback.overview(merchant, memberId);
          return totalClaimableMinor === '0' ? null : rebateReward(totalClaimableMinor);
        },
        claim: async (merchant, memberId) => rebateReward((await cashback.claim(merchant, memberId)).claim.amountMinor),
      },
      {
        claimable: async (merchant, memberId, language) => {
          const [prizes, raffleList] = await Promise.all([
            raffles.unclaimedPrizes(merchant, memberId),
            promotions.list(merchant, memberId, language, { type: 'raffle', status: 'claim' }),
          ]);
          const titleOf = new Map(raffleList.map((promotion) => [promotion.id, promotion.title]));
          return prizes.flatMap((prize) => {
            const title = titleOf.get(prize.promotionId);
            return title === undefined ? [] : [rafflePrizeReward(prize.promotionId, title, prize)];
          });
        },
        claim: async (merchant, memberId, promotionId, language) => {
          const prize = await raffles.claim(merchant, memberId, promotionId);
          const { title } = await promotions.detail(merchant, memberId, promotionId, language);
          return rafflePrizeReward(promotionId.toString(), title, prize);
        },
      },
    ),
    promotionReviews,
    referrals,
    bonusStakes,
    playChecks,
    liveSessions,
    gameSessions: new GameSessions(db, liveSessions),
    lottery,
    lotteryMenus: new LotteryMenus(db, lottery),
    drawAdmin: new DrawAdminService(db, lottery),
    bettingRecord,
    winners: new WinnersService(db),
    pvpRooms: new PvpRoomsService(catalogue),
    bootData: bootDataLoader({ defaultMerchant: config.defaultMerchant, siteSettings, content, catalogue, countryOf }),
  };
}

export type Services = ReturnType<typeof buildServices>;
