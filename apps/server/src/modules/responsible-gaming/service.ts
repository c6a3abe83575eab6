import {
  DEPOSIT_LIMIT_COOL_OFF_MS,
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_LIMIT_WINDOW_MS,
  type DepositLimit,
  type DepositLimitPeriod,
  type Exclusion,
  type ExclusionDuration,
  type PlayerProtection,
} from '@tessera/contract/api/responsible-gaming';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, actorFromName, appendAudit } from '../audit-log/service.js';
import { endMemberSessions } from '../sessions/service.js';
import { depositedSince } from './deposited.js';
import * as repo from './repo.js';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Up to 30 days is a time-out; longer is a self-exclusion (the usual regulatory split). */
const EXCLUSION_KIND: Record<ExclusionDuration, Exclusion['kind']> = {
  '24h': 'timeout',
  '7d': 'timeout',
  '30d': 'timeout',
  '6m': 'self_exclusion',
  permanent: 'self_exclusion',
};

/** When an exclusion chosen at `start` ends; null = until an operator lifts it. Six months are calendar months. */
export function exclusionEnd(duration: ExclusionDuration, start: Date): Date | null {
  switch (duration) {
    case '24h':
      return new Date(start.getTime() + DAY_MS);
    case '7d':
      return new Date(start.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(start.getTime() + 30 * DAY_MS);
    case '6m': {
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    }
    case 'permanent':
      return null;
  }
}

/** The limit in force at `now`: a pending raise or removal whose cool-off has passed counts as applied. */
export function effectiveLimit(row: repo.LimitRow, now: Date): repo.LimitRow {
  if (!row.pending || !row.pending_effective_at || row.pending_effective_at > now) return row;
  return {
    period: row.period,
    limit_minor: row.pending_limit_minor,
    pending: false,
    pending_limit_minor: null,
    pending_effective_at: null,
  };
}

/**
 * The next limit row after the player asks for `requested` (null = no limit): lowering (or setting one where
 * there was none) applies at once and cancels a pending raise; raising or removing waits 24 hours.
 */
export function nextLimit(current: repo.LimitRow, requested: bigint | null, now: Date): repo.LimitRow {
  const inForce = current.limit_minor;
  const tighter = requested !== null && (inForce === null || requested <= inForce);
  if (tighter)
    return {
      period: current.period,
      limit_minor: requested,
      pending: false,
      pending_limit_minor: null,
      pending_effective_at: null,
    };
  if (inForce === null) return { ...current, pending: false, pending_limit_minor: null, pending_effective_at: null };
  return {
    period: current.period,
    limit_minor: inForce,
    pending: true,
    pending_limit_minor: requested,
    pending_effective_at: new Date(now.getTime() + DEPOSIT_LIMIT_COOL_OFF_MS),
  };
}

const emptyLimit = (period: DepositLimitPeriod): repo.LimitRow => ({
  period,
  limit_minor: null,
  pending: false,
  pending_limit_minor: null,
  pending_effective_at: null,
});

function excludedError(exclusion: repo.ExclusionRow): AppError {
  if (exclusion.ends_at === null) return new AppError('rg.excluded.permanent');
  return new AppError('rg.excluded', {
    fields: [{ field: 'exclusion', key: 'errors.rg_excluded', params: { until: exclusion.ends_at.getTime() } }],
  });
}

/**
 * Refuses (`rg.excluded` with the end time, or `rg.excluded.permanent`) while the member is in a time-out or
 * self-exclusion. Used before login, game launch and deposits.
 */
export async function assertNotExcluded(db: Kysely<Database>, memberId: bigint, now = new Date()): Promise<void> {
  const exclusion = await repo.selectOpenExclusion(db, memberId, now);
  if (exclusion) throw excludedError(exclusion);
}

export type { ExclusionRow } from './repo.js';

/** A member's exclusions as a cache keeps them: read once, judged at any later moment (`refuseIfExcluded`). */
export const exclusionsFrom = (db: Kysely<Database>, memberId: bigint, now = new Date()) =>
  repo.selectExclusionsFrom(db, memberId, now);

/** `assertNotExcluded` on exclusions read earlier (`exclusionsFrom`): the one in force at `now` ending last refuses. */
export function refuseIfExcluded(exclusions: readonly repo.ExclusionRow[], now = new Date()): void {
  const inForce = exclusions.filter((row) => row.starts_at <= now && (row.ends_at === null || row.ends_at > now));
  const last = inForce.find((row) => row.ends_at === null) ?? inForce.sort((a, b) => Number(b.ends_at) - Number(a.ends_at))[0];
  if (last) throw excludedError(last);
}

/**
 * For promotions: a member in a time-out or self-exclusion, or with a deposit limit in force, is protected and is
 * never offered nor paid a bonus (a limit is the player asking to spend less; a bonus is an invitation to spend more).
 */
export async function isProtectedPlayer(db: Kysely<Database>, memberId: bigint, now = new Date()): Promise<boolean> {
  if (await repo.selectOpenExclusion(db, memberId, now)) return true;
  const limits = await repo.selectLimits(db, memberId, false);
  return limits.some((row) => effectiveLimit(row, now).limit_minor !== null);
}

/** For the games module: a member in a time-out or self-exclusion may not launch a game or bet. */
export const assertMayPlay = (db: Kysely<Database>, _merchantCode: string, memberId: bigint) => assertNotExcluded(db, memberId);

/** For the login path: the same refusal, with the end time in `value.fields[0].params.until`. */
export const assertMayLogin = (db: Kysely<Database>, _merchantCode: string, memberId: bigint) => assertNotExcluded(db, memberId);

/**
 * For the deposits module, before it creates a deposit order: refuses while excluded, and when `amountMinor`
 * plus the deposits already in a window would pass that window's limit (`rg.deposit.limit.exceeded` with
 * period, limit and remaining amount). Call it inside the transaction that creates the order: it locks the
 * member's limit rows, so two simultaneous deposits cannot both slip under a limit.
 */
export async function assertDepositAllowed(
  db: Kysely<Database>,
  merchantCode: string,
  memberId: bigint,
  amountMinor: bigint,
  now = new Date(),
): Promise<void> {
  await assertNotExcluded(db, memberId, now);
  const limits = (await repo.selectLimits(db, memberId, true))
    .map((row) => effectiveLimit(row, now))
    .filter((row): row is repo.LimitRow & { limit_minor: bigint } => row.limit_minor !== null);
  if (limits.length === 0) return;
  const used = await depositedSince(
    db,
    merchantCode,
    memberId,
    limits.map((row) => new Date(now.getTime() - DEPOSIT_LIMIT_WINDOW_MS[row.period])),
  );
  limits.forEach((row, i) => {
    const remaining = row.limit_minor - (used[i] ?? 0n);
    if (amountMinor > remaining) {
      throw new AppError('rg.deposit.limit.exceeded', {
        fields: [
          {
            field: 'amount',
            key: 'errors.rg_deposit_limit_exceeded',
            params: {
              period: row.period,
              limitMinor: row.limit_minor.toString(),
              remainingMinor: (remaining > 0n ? remaining : 0n).toString(),
            },
          },
        ],
      });
    }
  });
}

export interface OperatorView {
  protection: PlayerProtection;
  audit: { actor: string; action: string; detail: unknown; at: Date }[];
}

export class ResponsibleGamingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async protection(merchantCode: string, memberId: bigint, db: Kysely<Database> = this.db): Promise<PlayerProtection> {
    const now = this.now();
    const rows = new Map((await repo.selectLimits(db, memberId)).map((row) => [row.period, effectiveLimit(row, now)]));
    const used = await depositedSince(
      db,
      merchantCode,
      memberId,
      DEPOSIT_LIMIT_PERIODS.map((period) => new Date(now.getTime() - DEPOSIT_LIMIT_WINDOW_MS[period])),
    );
    const limits: DepositLimit[] = DEPOSIT_LIMIT_PERIODS.map((period, i) => {
      const row = rows.get(period) ?? emptyLimit(period);
      return {
        period,
        limitMinor: row.limit_minor?.toString() ?? null,
        usedMinor: (used[i] ?? 0n).toString(),
        pending:
          row.pending && row.pending_effective_at
            ? { limitMinor: row.pending_limit_minor?.toString() ?? null, effectiveAt: row.pending_effective_at.getTime() }
            : null,
      };
    });
    const open = await repo.selectOpenExclusion(db, memberId, now);
    const exclusion: Exclusion | null = open
      ? { kind: open.kind, duration: open.duration, since: open.starts_at.getTime(), until: open.ends_at?.getTime() ?? null }
      : null;
    return { limits, exclusion };
  }

  async setDepositLimit(
    merchantCode: string,
    memberId: bigint,
    period: DepositLimitPeriod,
    requested: bigint | null,
  ): Promise<PlayerProtection> {
    if (requested !== null && requested <= 0n)
      throw new AppError('request.invalid', {
        fields: [{ field: 'body/limitMinor', key: 'validation.too_small', params: { min: 1 } }],
      });
    return this.db.transaction().execute(async (trx) => {
      const now = this.now();
      // Creates the row when missing so that the lock below also serialises a member's first limit.
      await repo.ensureLimitRow(trx, merchantCode, memberId, emptyLimit(period));
      const locked = (await repo.selectLimits(trx, memberId, true)).find((row) => row.period === period) ?? emptyLimit(period);
      const current = effectiveLimit(locked, now);
      const next = nextLimit(current, requested, now);
      await repo.upsertLimit(trx, merchantCode, memberId, next);
      await repo.insertAudit(trx, {
        merchantCode,
        memberId,
        actor: 'member',
        action: 'deposit_limit.set',
        detail: {
          period,
          requested: requested?.toString() ?? null,
          before: current.limit_minor?.toString() ?? null,
          inForce: next.limit_minor?.toString() ?? null,
          pendingAt: next.pending_effective_at?.toISOString() ?? null,
        },
      });
      return this.protection(merchantCode, memberId, trx);
    });
  }

  /**
   * Starts a time-out or self-exclusion and ends the member's sessions. It can be made longer (a new one ending
   * later) but never shorter: `rg.exclusion.shorter`.
   */
  async startExclusion(merchantCode: string, memberId: bigint, duration: ExclusionDuration): Promise<PlayerProtection> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const endsAt = exclusionEnd(duration, now);
      const open = await repo.selectOpenExclusion(trx, memberId, now);
      if (open && (open.ends_at === null || (endsAt !== null && endsAt < open.ends_at)))
        throw new AppError('rg.exclusion.shorter');
      await repo.insertExclusion(trx, {
        memberId,
        merchantCode,
        kind: EXCLUSION_KIND[duration],
        duration,
        startsAt: now,
        endsAt,
      });
      await repo.insertAudit(trx, {
        merchantCode,
        memberId,
        actor: 'member',
        action: 'exclusion.start',
        detail: { duration, until: endsAt?.toISOString() ?? null },
      });
      const answer = await this.protection(merchantCode, memberId, trx);
      await endMemberSessions(trx, memberId, 'self.excluded');
      return answer;
    });
  }

  /** Operator view (`rg show`): the member's limits, exclusion and the last changes. */
  async operatorShow(
    merchantCode: string,
    account: string,
  ): Promise<(OperatorView & { memberId: bigint; account: string }) | null> {
    const member = await repo.selectMemberId(this.db, merchantCode, account);
    if (!member) return null;
    const audit = await repo.selectAudit(this.db, member.id, 20);
    return {
      memberId: member.id,
      account: member.account,
      protection: await this.protection(merchantCode, member.id),
      audit: audit.map((row) => ({ actor: row.actor, action: row.action, detail: row.detail, at: row.created_at })),
    };
  }

  /**
   * Operator lift: ends the member's open time-out or self-exclusion, audited with the actor (`rg lift`). With
   * `timeOutsOnly` (the back office) it ends time-outs only, and refuses while a self-exclusion is in force or
   * waiting to start: a player's self-exclusion holds until its end.
   */
  async operatorLift(
    merchantCode: string,
    account: string,
    actor: string | AuditActor,
    { timeOutsOnly = false }: { timeOutsOnly?: boolean } = {},
  ): Promise<{ lifted: number } | null> {
    const member = await repo.selectMemberId(this.db, merchantCode, account);
    if (!member) return null;
    const actorName = typeof actor === 'string' ? actor : `staff:${actor.actor}`;
    return this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const open = await repo.selectExclusionsFrom(trx, member.id, now);
      if (timeOutsOnly && open.some((exclusion) => exclusion.kind === 'self_exclusion')) {
        throw new AppError('rg.self.exclusion.in.force');
      }
      const lifted = await repo.liftExclusions(trx, member.id, actorName, now, timeOutsOnly ? 'timeout' : undefined);
      if (lifted > 0) {
        await repo.insertAudit(trx, {
          merchantCode,
          memberId: member.id,
          actor: actorName,
          action: 'exclusion.lift',
          detail: { lifted },
        });
        const described = (exclusion: repo.ExclusionRow) => ({
          kind: exclusion.kind,
          duration: exclusion.duration,
          since: exclusion.starts_at.toISOString(),
          until: exclusion.ends_at?.toISOString() ?? null,
        });
        const liftedRows = open.filter((exclusion) => !timeOutsOnly || exclusion.kind === 'timeout');
        await appendAudit(trx, typeof actor === 'string' ? actorFromName(actor) : actor, {
          merchantCode,
          action: 'player.lift-exclusion',
          target: member.account,
          before: { exclusions: open.map(described) },
          after: { exclusions: open.filter((exclusion) => !liftedRows.includes(exclusion)).map(described) },
        });
      }
      return { lifted };
    });
  }
}
