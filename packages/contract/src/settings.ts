import { type Static, type TSchema, Type } from 'typebox';
import { DIVIDEND_PERIODS, MAX_TIERS, RATE_MAX } from './agent-contracts.js';
import { DailySalaryTier, DividendTier, HourlySalaryTier, RealTimeSalaryTier } from './api/agent-contracts.js';
import { PointsSettings, VipSettings } from './loyalty-settings.js';

/**
 * Site settings an operator edits (`npm run admin`) and the site reads at start (spec §3 "permission/site
 * settings", §4 "system status"). Each key is stored once per merchant and validated with its schema on
 * every write.
 */

const WHITELABEL_MAX_DEPTH = 4;

function whitelabelNode(depth: number): TSchema {
  const fields = {
    modId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }),
    enabled: Type.Boolean(),
  };
  if (depth === 1) return Type.Object({ ...fields, childrenNodes: Type.Array(Type.Never(), { maxItems: 0 }) });
  return Type.Object({ ...fields, childrenNodes: Type.Array(whitelabelNode(depth - 1), { maxItems: 200 }) });
}

/** A switch of the whitelabel tree (spec §3): a feature is on when its node and every ancestor are enabled. */
export interface WhitelabelNode {
  modId: string;
  enabled: boolean;
  childrenNodes: WhitelabelNode[];
}
/** Bounded-depth schema: a cyclic `$ref` would complicate validation, serialisation and the OpenAPI document. */
export const WhitelabelNode = whitelabelNode(WHITELABEL_MAX_DEPTH) as TSchema & { static: WhitelabelNode };

export const Maintenance = Type.Object({
  enabled: Type.Boolean(),
  endAt: Type.Union([Type.Integer({ minimum: 0, description: 'Epoch milliseconds' }), Type.Null()]),
});
export type Maintenance = Static<typeof Maintenance>;

const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });

export const RegionPolicy = Type.Object({
  allowCountries: Type.Array(CountryCode, { description: 'When non-empty, only these countries may enter' }),
  denyCountries: Type.Array(CountryCode),
  allowCidrs: Type.Array(Type.String(), { description: 'Always allowed, checked before every other rule' }),
  denyCidrs: Type.Array(Type.String()),
  blockUnknownCountry: Type.Boolean({ description: 'Deny addresses the GeoIP database cannot place' }),
});
export type RegionPolicy = Static<typeof RegionPolicy>;

/** One register field's rule (spec §5): `acceptedPattern` is a regex or `*` for anything. */
export const RegisterRule = Type.Object({
  shown: Type.Boolean(),
  required: Type.Boolean(),
  acceptedPattern: Type.String({ maxLength: 300 }),
  patternId: Type.Integer({ minimum: 0, maximum: 23 }),
  minLength: Type.Integer({ minimum: 0, maximum: 500 }),
  maxLength: Type.Integer({ minimum: 1, maximum: 500 }),
});
export type RegisterRule = Static<typeof RegisterRule>;

export const RegisterRules = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$' }), RegisterRule);
export type RegisterRules = Static<typeof RegisterRules>;

export const Resource = Type.Object({
  resourceType: Type.String({ minLength: 1, maxLength: 40 }),
  url: Type.String({ maxLength: 500 }),
  qrCodeUrl: Type.String({ maxLength: 500 }),
  labelNameEn: Type.String({ maxLength: 100 }),
  labelNameCn: Type.String({ maxLength: 100 }),
});
export type Resource = Static<typeof Resource>;

export const CustomerServiceEntry = Type.Object({
  csType: Type.Union([Type.Literal('VIP'), Type.Literal('LIVECHAT')]),
  path: Type.String({ maxLength: 500, description: 'Address opened in the 440×750 service window' }),
});
export type CustomerServiceEntry = Static<typeof CustomerServiceEntry>;

/** A Google tag (GA4 measurement) ID, or '' for none: it names the script the player site loads after consent. */
export const GTAG_ID_PATTERN = '^(G-[A-Z0-9]{1,30})?$';
export const Analytics = Type.Object({
  gtagId: Type.String({ maxLength: 40, pattern: GTAG_ID_PATTERN, description: 'Google tag ID (G-…), empty: none' }),
});
export type Analytics = Static<typeof Analytics>;

export const Cdns = Type.Object({
  imageCDNs: Type.Array(Type.String({ maxLength: 300 })),
  launchGameCDNs: Type.Array(Type.String({ maxLength: 300 })),
});
export type Cdns = Static<typeof Cdns>;

export const DomainRoute = Type.Object({
  domain: Type.String({ minLength: 1, maxLength: 253 }),
  isMain: Type.Boolean(),
});
export type DomainRoute = Static<typeof DomainRoute>;

export const HelpItem = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 60 }),
  titleKey: Type.String({ maxLength: 120 }),
  title: Type.Record(Type.String(), Type.String({ maxLength: 200 }), { description: 'Title by language code' }),
  content: Type.Record(Type.String(), Type.String({ maxLength: 20000 }), { description: 'HTML by language code' }),
});
export type HelpItem = Static<typeof HelpItem>;

export const PrizeMode = Type.Union([Type.Literal('Lott'), Type.Literal('ZY'), Type.Literal('Elott'), Type.Literal('SEA')]);
export const AnnouncementType = Type.Union([
  Type.Literal('B'),
  Type.Literal('PL'),
  Type.Literal('PU'),
  Type.Literal('PR'),
  Type.Literal('H'),
]);
export type AnnouncementType = Static<typeof AnnouncementType>;

/** Runtime product configuration (spec §3): served at start so one web build serves any merchant. */
export const ProductConfig = Type.Object({
  brand: Type.Object({
    platform: Type.String({ maxLength: 40 }),
    merchant: Type.String({ maxLength: 40 }),
    lotteryType: Type.String({ maxLength: 10 }),
    name: Type.String({ maxLength: 80 }),
  }),
  device: Type.Literal('WEB'),
  loginedToHomePage: Type.Boolean(),
  defaultLang: Type.String({ pattern: '^[a-z]{2}$' }),
  supportLanguages: Type.Array(Type.String({ pattern: '^[a-z]{2}$' }), { minItems: 1 }),
  chatHeaderColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  prizeModes: Type.Array(PrizeMode),
  announcementTypes: Type.Array(AnnouncementType),
  announcementExecution: AnnouncementType,
  esports: Type.Array(Type.String()),
  phoneCountry: Type.Optional(
    Type.String({
      pattern: '^[A-Z]{2}$',
      description: "ISO 3166-1 alpha-2 of the country whose mobile numbers the site takes: sign-up's dial code starts on it",
    }),
  ),
  currency: Type.Object({
    code: Type.String({ maxLength: 3 }),
    symbol: Type.String({ maxLength: 4 }),
    minorDigits: Type.Integer({ minimum: 0, maximum: 4 }),
  }),
  marketing: Type.Object({
    sportsTypes: Type.Integer({ minimum: 0 }),
    casinoGames: Type.Integer({ minimum: 0 }),
    slotGames: Type.Integer({ minimum: 0 }),
    registerBonus: Type.String({ maxLength: 40 }),
    zaloBonus: Type.String({ maxLength: 40 }),
  }),
});
export type ProductConfig = Static<typeof ProductConfig>;

/** Wallet mode (spec §7.2 GCS_merchantWallet) and the trial accounts' play money (wallet issue 5). */
export const WalletSettings = Type.Object({
  isSingle: Type.Boolean({ description: 'One wallet for every game; false = transfer mode, a wallet per vendor' }),
  trialPlayMoneyMinor: Type.Integer({ minimum: 0, maximum: 1e12, description: 'Play money a trial account receives once' }),
});
export type WalletSettings = Static<typeof WalletSettings>;

/** Withdrawal limits (issue 5, spec §4, §9): amounts in minor units; auto-receipt closes an unconfirmed payout. */
export const WithdrawalSettings = Type.Object({
  minAmountMinor: Type.Integer({ minimum: 1, maximum: 1e15 }),
  maxAmountMinor: Type.Integer({ minimum: 1, maximum: 1e15, description: 'Largest single withdrawal' }),
  dailyMaxMinor: Type.Integer({
    minimum: 1,
    maximum: 1e15,
    description: 'Requested per member per day (UTC), refused ones excluded',
  }),
  autoReceiptMinutes: Type.Integer({
    minimum: 1,
    maximum: 10080,
    description: 'A paid withdrawal counts as received after this',
  }),
});
export type WithdrawalSettings = Static<typeof WithdrawalSettings>;

/** Four-eyes (back office): money actions above this amount wait for a second staff member to confirm them. */
export const ApprovalSettings = Type.Object({
  fourEyesAboveMinor: Type.Integer({
    minimum: 0,
    maximum: 1e15,
    description: 'Withdrawal approvals, manual adjustments and bonus grants above this (minor units) need a second staff member',
  }),
});
export type ApprovalSettings = Static<typeof ApprovalSettings>;

/** How house games play on this site. */
export const GameSettings = Type.Object({
  minSlotRoundMs: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    description:
      'Shortest house game round (slots and instant games), where the licence sets one (UK RTS 14G: 2500); the game states it to the player. 0: none',
  }),
  autoBet: Type.Optional(
    Type.Boolean({
      description:
        'Auto-bet in the instant games (a count limit, stop on loss or win); false where the market forbids auto-play. Default true',
    }),
  ),
});
export type GameSettings = Static<typeof GameSettings>;

/** What the agent centre shows agents of their downline. */
export const AgentSettings = Type.Object({
  showDownlineBalance: Type.Boolean({ description: 'Agents see each downline member’s main wallet balance in team management' }),
  reviewSettlements: Type.Boolean({
    description: 'Contract settlements wait in the back office’s review queue before they are paid',
  }),
});
export type AgentSettings = Static<typeof AgentSettings>;

const ceilingRate = (description: string) => Type.Integer({ minimum: 0, maximum: RATE_MAX, description });
const template = (tier: TSchema) =>
  Type.Array(tier, { maxItems: MAX_TIERS, description: 'Tiers an agent’s offer form starts from, lowest first' });

/**
 * Agent contracts (spec §3, §4): per kind, the most a top agent (no upline) may offer, which is where every chain's
 * rates start, and the tiers a new offer starts from. Rates are basis points (150 = 1.50 %). Lowering a limit does
 * not touch contracts in force; new offers and acceptances meet it.
 */
export const AgentContractSettings = Type.Object({
  dividend: Type.Object({
    ceilingRate: ceilingRate('Top agents’ dividend rate limit, basis points'),
    periods: Type.Array(Type.Enum(DIVIDEND_PERIODS), {
      minItems: 1,
      maxItems: DIVIDEND_PERIODS.length,
      description: 'The periods a dividend contract may have',
    }),
    template: template(DividendTier),
  }),
  dailySalary: Type.Object({
    ceilingRate: ceilingRate('Top agents’ daily salary rate limit, basis points'),
    template: template(DailySalaryTier),
  }),
  hourlySalary: Type.Object({
    ceilingRate: ceilingRate('Top agents’ hourly salary rate limit, basis points'),
    template: template(HourlySalaryTier),
  }),
  realTimeSalary: Type.Object({
    profitCeilingRate: ceilingRate('Top agents’ real-time profit rate limit, basis points'),
    lossCeilingRate: ceilingRate('Top agents’ real-time loss rate limit, basis points'),
    template: template(RealTimeSalaryTier),
  }),
});
export type AgentContractSettings = Static<typeof AgentContractSettings>;

/** Every stored settings key and its schema: the admin command and the service both validate against this. */
export const SETTINGS_SCHEMAS = {
  maintenance: Maintenance,
  region: RegionPolicy,
  whitelabel: WhitelabelNode,
  registerRules: RegisterRules,
  resources: Type.Array(Resource),
  customerService: Type.Array(CustomerServiceEntry),
  analytics: Analytics,
  cdns: Cdns,
  domainRoutes: Type.Array(DomainRoute),
  helpCenter: Type.Array(HelpItem),
  product: ProductConfig,
  wallet: WalletSettings, // wallet (issue 5)
  withdrawal: WithdrawalSettings, // withdrawals (issue 5)
  games: GameSettings,
  approvals: ApprovalSettings,
  agents: AgentSettings,
  agentContracts: AgentContractSettings,
  vip: VipSettings,
  points: PointsSettings,
} as const;

export type SettingsKey = keyof typeof SETTINGS_SCHEMAS;
export type Settings = { [K in Exclude<SettingsKey, 'whitelabel'>]: Static<(typeof SETTINGS_SCHEMAS)[K]> } & {
  whitelabel: WhitelabelNode;
};
export const SETTINGS_KEYS = Object.keys(SETTINGS_SCHEMAS) as SettingsKey[];
