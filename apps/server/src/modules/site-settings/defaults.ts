import { FEATURES } from '@tessera/contract/features';
import type { RegisterRule, Settings, WhitelabelNode } from '@tessera/contract/settings';

const node = (modId: string, enabled: boolean, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled,
  childrenNodes,
});

/** The feature tree a new merchant starts with: the common features on, the optional ones off. */
export const DEFAULT_WHITELABEL: WhitelabelNode = node('ROOT', true, [
  node(FEATURES.registration, true, [
    node(FEATURES.usernameRegistration, true),
    node(FEATURES.mobileRegistration, false, [node(FEATURES.mobileRegistrationSms, false)]),
    // The mobile sign-up asks for a password; off, the SMS code alone makes the account (contract mobileSignUp)
    node(FEATURES.mobileWithPassword, true),
    node(FEATURES.directRegisterButton, true),
  ]),
  node('VERIFICATION3', true, [
    node(FEATURES.smsLogin, false),
    // Off for a new merchant until its operator switches them on (the demo has them on)
    node(FEATURES.botCheck, false),
    node(FEATURES.newIpVerification, false),
  ]),
  node('PASS3', true, [node(FEATURES.passwordResetByPhone, false), node(FEATURES.forcePasswordChangeOnExpiry, false)]),
  node(FEATURES.freePlay, true),
  node(FEATURES.captcha, true),
  node(FEATURES.feedback, true),
  node(FEATURES.inbox, true),
  node(FEATURES.rewardCenter, true),
  node(FEATURES.points, true),
  node(FEATURES.referral, true),
  node(FEATURES.fundTransfer, true),
  node(FEATURES.paymentPassword, true),
  node(FEATURES.gameLobby, true, [
    node(FEATURES.hotGames, true),
    node(FEATURES.favouriteGames, true),
    node(FEATURES.recentGames, true),
  ]),
  node('AGENT3', true, [
    node(FEATURES.dividend, false),
    node(FEATURES.dailySalary, false),
    node(FEATURES.hourlySalary, false),
    node(FEATURES.realTimeSalary, false),
  ]),
]);

const rule = (
  patternId: number,
  acceptedPattern: string,
  minLength: number,
  maxLength: number,
  shown = false,
  required = false,
): RegisterRule => ({
  shown,
  required,
  acceptedPattern,
  patternId,
  minLength,
  maxLength,
});

/** Register field rules (spec §5); an operator edits them with `npm run admin -- register-rules …`. */
export const DEFAULT_REGISTER_RULES: Record<string, RegisterRule> = {
  username: rule(1, '^[A-Za-z][A-Za-z0-9]*$', 6, 16, true, true),
  password: rule(19, '*', 6, 20, true, true),
  confirmPassword: rule(19, '*', 6, 20, true, true),
  mobileNum: rule(6, '^01[3-9][0-9]{8}$', 11, 11, true, false),
  email: rule(3, '*', 6, 60),
  payeeName: rule(8, '*', 2, 50),
  qqNum: rule(6, '*', 5, 12),
  line: rule(9, '*', 3, 30),
  whatsapp: rule(6, '*', 8, 15),
  facebook: rule(9, '*', 3, 50),
  wechat: rule(9, '*', 3, 30),
  telegram: rule(9, '*', 3, 32),
  zalo: rule(6, '*', 9, 11),
  idNumber: rule(4, '*', 6, 20),
  birthday: rule(11, '*', 10, 10),
  paymentPassword: rule(6, '*', 6, 6),
  recommenderId: rule(4, '*', 4, 20),
  affiliateCode: rule(4, '*', 4, 20, true, false),
  captcha: rule(4, '*', 4, 6),
};

const vipLevel = (name: string, minValidBetMinor: string, keepValidBetMinor: string) => ({
  name,
  minDepositMinor: '0',
  minValidBetMinor,
  qualifyBy: 'all' as const,
  keepValidBetMinor,
  upgradeBonusMinor: '0',
  monthlyBonusMinor: '0',
  cashbackExtraBasisPoints: 0,
  withdrawalDailyMaxMinor: '0',
});

/** Settings of a merchant that has not changed anything yet. */
export const DEFAULT_SETTINGS: Settings = {
  maintenance: { enabled: false, endAt: null },
  region: { allowCountries: [], denyCountries: [], allowCidrs: [], denyCidrs: [], blockUnknownCountry: false },
  whitelabel: DEFAULT_WHITELABEL,
  registerRules: DEFAULT_REGISTER_RULES,
  resources: [],
  customerService: [],
  analytics: { gtagId: '' },
  cdns: { imageCDNs: [], launchGameCDNs: [] },
  domainRoutes: [],
  helpCenter: [],
  product: {
    brand: { platform: 'TESSERA', merchant: 'demo', lotteryType: 'SEA', name: 'Tessera' },
    device: 'WEB',
    loginedToHomePage: false,
    defaultLang: 'bn',
    supportLanguages: ['bn', 'en'],
    chatHeaderColor: '#0f766e',
    prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
    announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
    announcementExecution: 'B',
    esports: [],
    currency: { code: 'PHP', symbol: 'P', minorDigits: 2 },
    marketing: { sportsTypes: 140, casinoGames: 5000, slotGames: 10000, registerBonus: '1000 VND', zaloBonus: '131K' },
  },
  wallet: { isSingle: true, trialPlayMoneyMinor: 100_000 },
  withdrawal: { minAmountMinor: 10_000, maxAmountMinor: 5_000_000, dailyMaxMinor: 10_000_000, autoReceiptMinutes: 30 },
  games: { minSlotRoundMs: 0, autoBet: true },
  // Above 10,000.00 in the merchant's currency a money action needs a second staff member.
  approvals: { fourEyesAboveMinor: 1_000_000 },
  // Balances are the members' own business unless the operator lets agents see them.
  agents: { showDownlineBalance: false, reviewSettlements: false },
  // No agent may offer a contract until the operator sets the top agents' limits; the templates only prefill.
  agentContracts: {
    dividend: {
      ceilingRate: 0,
      periods: ['weekly', 'semiMonthly', 'monthly'],
      template: [{ minValidBet: '1000000', minLoss: '100000', minActiveMembers: 5, rate: 1000 }],
    },
    dailySalary: { ceilingRate: 0, template: [{ minBetPerDay: '1000000', minActiveMembers: 3, rate: 50 }] },
    hourlySalary: { ceilingRate: 0, template: [{ minBetPerHour: '100000', minActiveMembers: 1, rate: 20 }] },
    realTimeSalary: {
      profitCeilingRate: 0,
      lossCeilingRate: 0,
      template: [{ minSingleBet: '1000', profitRate: 10, lossRate: 30 }],
    },
  },
  // A ladder that costs nothing until the operator prices it: thresholds on valid bets over 30 days, no bonuses.
  vip: {
    windowDays: 30,
    levels: [
      vipLevel('VIP0', '0', '0'),
      vipLevel('VIP1', '100000', '50000'),
      vipLevel('VIP2', '500000', '250000'),
      vipLevel('VIP3', '2000000', '1000000'),
      vipLevel('VIP4', '10000000', '5000000'),
      vipLevel('VIP5', '50000000', '25000000'),
      vipLevel('VIP6', '200000000', '100000000'),
    ],
  },
  // No points until the operator sets the rates and the conversion ratio.
  points: { earnRates: {}, convertPoints: 100, convertMinor: '0', minConvertPoints: 100 },
};
