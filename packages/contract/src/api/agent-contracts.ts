import { type Static, type TSchema, Type } from 'typebox';
import {
  CONSOLIDATED_FIELDS,
  CONTRACT_ACTIONS,
  CONTRACT_KINDS,
  CONTRACT_PERIODS,
  CONTRACT_STATUSES,
  type ContractKind,
  END_REASONS,
  MAX_TIERS,
  RATE_MAX,
  TIER_MEMBERS_MAX,
} from '../agent-contracts.js';
import * as routes from '../routes/agent-contracts.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * Agent contracts (spec 2.5, §3, §4, 7.4): an upline offers a contract of one kind to a direct downline agent, who
 * accepts or rejects it; either side terminates it, effective at the end of the current period. A downline's rates
 * never exceed the upline's own contract of that kind (a top agent's: the merchant's limits), and a contract with a
 * higher rate replaces the one in force at once. Agents only: anyone else gets 403 `agent.not.agent`.
 */

const TAGS = ['agents'];
const Rate = Type.Integer({ minimum: 1, maximum: RATE_MAX, description: 'Basis points: 150 is 1.50 %' });
const Members = Type.Integer({ minimum: 0, maximum: TIER_MEMBERS_MAX, description: 'Active members (a bet in the period)' });
const Account = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' });

export const DividendTier = Type.Object(
  {
    minValidBet: { ...NonNegativeMinorAmount, description: 'The team’s valid bets in the period, at least' },
    minLoss: { ...NonNegativeMinorAmount, description: 'The team’s loss in the period (negative P&L), at least' },
    minActiveMembers: Members,
    rate: { ...Rate, description: 'Share of the team’s net loss, basis points' },
  },
  { additionalProperties: false },
);
export const DailySalaryTier = Type.Object(
  {
    minBetPerDay: { ...NonNegativeMinorAmount, description: 'The team’s valid bets in the day, at least' },
    minActiveMembers: Members,
    rate: { ...Rate, description: 'Share of the day’s valid bets, basis points' },
  },
  { additionalProperties: false },
);
export const HourlySalaryTier = Type.Object(
  {
    minBetPerHour: { ...NonNegativeMinorAmount, description: 'The team’s valid bets in an hour, at least' },
    minActiveMembers: Members,
    rate: { ...Rate, description: 'Share of each qualifying hour’s valid bets, basis points' },
  },
  { additionalProperties: false },
);
export const RealTimeSalaryTier = Type.Object(
  {
    minSingleBet: { ...NonNegativeMinorAmount, description: 'A bet counts when its stake is at least this' },
    profitRate: { ...Rate, description: 'Share of a counted bet the team member won, basis points' },
    lossRate: { ...Rate, description: 'Share of a counted bet the team member lost, basis points' },
  },
  { additionalProperties: false },
);

export const TIER_SCHEMAS = {
  dividend: DividendTier,
  dailySalary: DailySalaryTier,
  hourlySalary: HourlySalaryTier,
  realTimeSalary: RealTimeSalaryTier,
} as const satisfies Record<ContractKind, TSchema>;

const tiersOf = (tier: TSchema) =>
  Type.Array(tier, { minItems: 1, maxItems: MAX_TIERS, description: 'Lowest tier first; the highest one met pays' });

/** Tiers of any kind, as a contract or template holds them. */
export const AnyTiers = Type.Union([
  Type.Array(DividendTier),
  Type.Array(DailySalaryTier),
  Type.Array(HourlySalaryTier),
  Type.Array(RealTimeSalaryTier),
]);

export const Ceiling = Type.Union([
  Type.Object({ rate: Type.Integer() }),
  Type.Object({ profitRate: Type.Integer(), lossRate: Type.Integer() }),
]);

export const Contract = Type.Object({
  id: RowId,
  kind: Type.Enum(CONTRACT_KINDS),
  status: Type.Enum(CONTRACT_STATUSES, {
    description: 'offered → accepted (active) or rejected or withdrawn; active → ending (until the period ends) → ended',
  }),
  period: Type.Enum(CONTRACT_PERIODS),
  upline: Type.String({ description: 'The agent who offered it' }),
  downline: Type.String({ description: 'The direct downline agent it was offered to' }),
  tiers: AnyTiers,
  offeredAt: EpochMs('When it was offered'),
  answeredAt: Type.Union([EpochMs('When the downline accepted or rejected, or the upline withdrew'), Type.Null()]),
  effectiveFrom: Type.Union([EpochMs('When it starts (or started) paying'), Type.Null()]),
  effectiveTo: Type.Union([EpochMs('When it stops (or stopped) paying: the end of a period'), Type.Null()]),
  endReason: Type.Union([Type.Enum(END_REASONS), Type.Null()]),
});
export type Contract = Static<typeof Contract>;

const KindState = Type.Object({
  enabled: Type.Boolean({ description: 'The merchant’s feature switch of this kind' }),
  received: Type.Union([Type.Enum(CONTRACT_STATUSES), Type.Null()], {
    description: 'The caller’s contract from their upline: the one in force, else the offer awaiting their answer',
  }),
  awaitingAnswer: Type.Boolean({ description: 'An offer from the upline waits for the caller’s answer' }),
  ceiling: Type.Union([Ceiling, Type.Null()], { description: 'The most the caller may offer downward; null: nothing' }),
});

export const ContractSettings = Type.Object({
  [CONSOLIDATED_FIELDS.dailySalary]: KindState,
  [CONSOLIDATED_FIELDS.dividend]: KindState,
  [CONSOLIDATED_FIELDS.hourlySalary]: KindState,
  [CONSOLIDATED_FIELDS.realTimeSalary]: KindState,
});
export type ContractSettings = Static<typeof ContractSettings>;

export const contractSettings = defineCall(routes.contractSettings, {
  tags: TAGS,
  summary: 'The consolidated contract settings (spec §3): per kind, whether it is on and where the caller stands',
  value: ContractSettings,
});

export const ContractsQuery = Type.Object(
  {
    kind: Type.Enum(CONTRACT_KINDS),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  },
  { additionalProperties: false },
);

export const ContractPage = Type.Object({
  kind: Type.Enum(CONTRACT_KINDS),
  enabled: Type.Boolean(),
  periods: Type.Array(Type.Enum(CONTRACT_PERIODS), { description: 'The periods an offer of this kind may have' }),
  ceiling: Type.Union([Ceiling, Type.Null()], { description: 'The most the caller may offer downward; null: nothing' }),
  template: { ...AnyTiers, description: 'The merchant’s suggested tiers for a new offer' },
  received: Type.Array(Contract, { description: `From the upline, newest first (at most ${routes.RECEIVED_SHOWN})` }),
  offered: Type.Array(Contract, { description: 'To the direct downline, newest first, paged' }),
  offeredTotal: Type.Integer({ minimum: 0 }),
  downlines: Type.Array(Type.String(), { description: 'Direct downline agents, by account (the offer form’s suggestions)' }),
});
export type ContractPage = Static<typeof ContractPage>;

export const contracts = defineCall(routes.contracts, {
  tags: TAGS,
  summary: 'The caller’s contracts of one kind: received from the upline and offered downward, with what they may offer',
  querystring: ContractsQuery,
  value: ContractPage,
});

const processBody = (kind: ContractKind) =>
  Type.Object(
    {
      action: Type.Enum(CONTRACT_ACTIONS),
      contractId: Type.Optional({ ...RowId, description: 'accept, reject, terminate: the contract' }),
      downline: Type.Optional({ ...Account, description: 'offer: the direct downline agent’s account' }),
      period: Type.Optional(Type.Enum(CONTRACT_PERIODS, { description: 'offer: the settlement period' })),
      tiers: Type.Optional(tiersOf(TIER_SCHEMAS[kind])),
    },
    { additionalProperties: false },
  );

export const ProcessAnswer = Type.Object({
  contract: Contract,
  autoTerminated: Type.Array(Contract, {
    description: 'Contracts this action ended or set to end: the one a higher rate replaced, downline ones over the new ceiling',
  }),
});
export type ProcessAnswer = Static<typeof ProcessAnswer>;

const processCall = <R extends (typeof routes.PROCESS_ROUTES)[ContractKind]>(route: R, kind: ContractKind, name: string) =>
  defineCall(route, {
    tags: TAGS,
    summary: `${name} contract (spec 7.4): offer to a direct downline agent, accept, reject or terminate`,
    body: processBody(kind),
    value: ProcessAnswer,
  });

export const processDividend = processCall(routes.processDividend, 'dividend', 'Dividend');
export const processDailySalary = processCall(routes.processDailySalary, 'dailySalary', 'Daily salary');
export const processHourlySalary = processCall(routes.processHourlySalary, 'hourlySalary', 'Hourly salary');
export const processRealTimeSalary = processCall(routes.processRealTimeSalary, 'realTimeSalary', 'Real-time salary');

export type ProcessBody = Static<ReturnType<typeof processBody>>;
