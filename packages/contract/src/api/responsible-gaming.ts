import { type Static, Type } from 'typebox';
import * as routes from '../routes/responsible-gaming.js';
import { defineCall } from './call.js';
import { NonNegativeMinorAmount } from './money.js';

/**
 * Responsible gaming (DESIGN §6): player-set deposit limits and time-out / self-exclusion. Not shown in the
 * spec; designed in its style under /wps/member/.
 */

export const DEPOSIT_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** The window each period covers, counted back from now (rolling windows, see docs/decisions.md). */
export const DEPOSIT_LIMIT_WINDOW_MS: Record<DepositLimitPeriod, number> = {
  daily: 24 * 3600_000,
  weekly: 7 * 24 * 3600_000,
  monthly: 30 * 24 * 3600_000,
};

/** Raising or removing a limit waits this long; lowering it applies at once. */
export const DEPOSIT_LIMIT_COOL_OFF_MS = 24 * 3600_000;

/** The periods a player may close their account for; 'permanent' lasts until an operator lifts it. */
export const EXCLUSION_DURATIONS = ['24h', '7d', '30d', '6m', 'permanent'] as const;
export type ExclusionDuration = (typeof EXCLUSION_DURATIONS)[number];

const Period = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')]);
const Duration = Type.Union([
  Type.Literal('24h'),
  Type.Literal('7d'),
  Type.Literal('30d'),
  Type.Literal('6m'),
  Type.Literal('permanent'),
]);

export const DepositLimit = Type.Object({
  period: Period,
  limitMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'The limit in force now; null = no limit' }),
  usedMinor: Type.Union([NonNegativeMinorAmount], { description: 'Approved and pending deposits inside the current window' }),
  pending: Type.Union([
    Type.Object({
      limitMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'null = the limit will be removed' }),
      effectiveAt: Type.Integer({ description: 'Epoch ms when the raise or removal takes effect' }),
    }),
    Type.Null(),
  ]),
});
export type DepositLimit = Static<typeof DepositLimit>;

export const Exclusion = Type.Object({
  kind: Type.Union([Type.Literal('timeout'), Type.Literal('self_exclusion')]),
  duration: Duration,
  since: Type.Integer({ description: 'Epoch ms' }),
  until: Type.Union([Type.Integer(), Type.Null()], { description: 'Epoch ms; null = until an operator lifts it' }),
});
export type Exclusion = Static<typeof Exclusion>;

export const PlayerProtection = Type.Object({
  limits: Type.Array(DepositLimit),
  exclusion: Type.Union([Exclusion, Type.Null()]),
});
export type PlayerProtection = Static<typeof PlayerProtection>;

export const getPlayerProtection = defineCall(routes.getPlayerProtection, {
  tags: ['responsible-gaming'],
  summary: "The member's deposit limits (in force, used, pending change) and any active time-out or self-exclusion",
  value: PlayerProtection,
});

export const SetDepositLimitBody = Type.Object(
  {
    period: Period,
    limitMinor: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'null removes the limit (after 24 hours)' }),
  },
  { additionalProperties: false },
);
export type SetDepositLimitBody = Static<typeof SetDepositLimitBody>;

export const setDepositLimit = defineCall(routes.setDepositLimit, {
  tags: ['responsible-gaming'],
  summary: 'Set, lower, raise or remove a deposit limit: lowering applies at once, raising or removing after 24 hours',
  body: SetDepositLimitBody,
  value: PlayerProtection,
});

export const StartExclusionBody = Type.Object({ duration: Duration }, { additionalProperties: false });
export type StartExclusionBody = Static<typeof StartExclusionBody>;

export const startExclusion = defineCall(routes.startExclusion, {
  tags: ['responsible-gaming'],
  summary:
    'Take a time-out (24h, 7d, 30d) or self-exclude (6m, permanent): deposits, games and login are refused until it ends; it cannot be shortened. The session ends.',
  body: StartExclusionBody,
  value: PlayerProtection,
});

export const responsibleGamingCalls = [getPlayerProtection, setDepositLimit, startExclusion];
