import { createHash, randomBytes } from 'node:crypto';
import type { LotteryBet, LotteryResult, SlipBody } from '@tessera/contract/api/lottery';
import type { FieldError } from '@tessera/contract/envelope';
import { commitServerSeed, serverSeedFromBytes } from '@tessera/house-engine/rng/fair';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { gameMemo, houseAccount, memberMain } from '../games/accounts.js';
import { PlayChecks } from '../games/play-checks.js';
import { schedule } from '../jobs/service.js';
import type { Ledger, TransferReceipt } from '../ledger/service.js';
import { engineOf } from './engine.js';
import { effectiveGame, LOTTERY_GAMES, type LotteryGameDef, lotteryGameByCode } from './games.js';
import * as repo from './repo.js';
import { upcomingDraws } from './schedule.js';
import { drawView, slipView, ticketView } from './views.js';

/** Job kinds (modules/jobs): one draw job per draw, one settlement job per batch of its tickets. */
export const DRAW_JOB = 'lottery.draw';
export const SETTLE_JOB = 'lottery.settle';

/**
 * Draws kept scheduled ahead of now per game: during a cut-off the nearest draw is closed, and a client must still
 * see the open draw and the one after it.
 */
const DRAWS_AHEAD = 3;
/**
 * Tickets per settlement job. Each job is one transaction holding the house shard rows its credits touch until it
 * commits, so batches stay short (well under a second on PostgreSQL) rather than one long draw-wide transaction.
 */
export const SETTLE_BATCH_SIZE = 1000;

export interface LotteryOptions {
  /** `LOTTERY_DRAW_INTERVAL_SECONDS`: every game draws on this interval (tests, demos). */
  drawIntervalSeconds?: number;
  /** Tickets per settlement job (default SETTLE_BATCH_SIZE); tests use small batches to race many of them. */
  settleBatchSize?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Same bets in any key order hash the same: the client slip id's request is what the bets mean. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * The house lotteries: draws scheduled ahead with a committed seed, slips bought against the ledger, draws made
 * and settled by durable jobs. Every outcome and payout comes from house-engine (engine.ts).
 */
export class LotteryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly options: LotteryOptions = {},
    /** Uncached unless listening (`PlayChecks.listen`): the server passes its shared one. */
    private readonly checks = new PlayChecks(db),
  ) {}

  /** The game as it runs here (the test interval applied), or undefined for a code that is not a house lottery. */
  game(gameCode: string): LotteryGameDef | undefined {
    const game = lotteryGameByCode(gameCode);
    return game && effectiveGame(game, this.options.drawIntervalSeconds);
  }

  games(): LotteryGameDef[] {
    return LOTTERY_GAMES.map((game) => effectiveGame(game, this.options.drawIntervalSeconds));
  }

  /** Makes sure every game has its next draws scheduled; idempotent, safe from any number of instances at once. */
  async ensureSchedule(nowMs = Date.now()): Promise<void> {
    for (const game of this.games()) {
      await this.db.transaction().execute((trx) => this.scheduleAhead(trx, game, nowMs));
    }
  }

  /**
   * Creates the game's next draws that do not exist yet, each with a fresh secret seed and its commitment, and
   * one draw job per new draw (dedupe key per draw), in the caller's transaction.
   */
  private async scheduleAhead(trx: Transaction<Database>, game: LotteryGameDef, nowMs: number): Promise<void> {
    for (const slot of upcomingDraws(game, nowMs, DRAWS_AHEAD)) {
      const serverSeed = serverSeedFromBytes(randomBytes(32));
      const drawId = await repo.insertDraw(trx, {
        game_code: game.gameCode,
        kind: game.kind,
        numero: slot.numero,
        draw_at: slot.drawAt,
        close_at: slot.closeAt,
        server_seed: serverSeed,
        commitment: commitServerSeed(serverSeed),
        client_seed: `${game.gameCode}:${slot.numero}`,
      });
      if (drawId === undefined) continue;
      await schedule(trx, {
        kind: DRAW_JOB,
        runAt: slot.drawAt,
        payload: { drawId: String(drawId) },
        dedupeKey: `${DRAW_JOB}:${drawId}`,
      });
    }
  }

  /**
   * The draw job: result from the committed seed through house-engine, stored with the seed revealed, one
   * settlement job per batch of tickets, and the game's next draws scheduled. A draw already made (a retried
   * job) or voided changes nothing.
   */
  async runDraw(trx: Transaction<Database>, drawId: bigint, nowMs = Date.now()): Promise<void> {
    const draw = await repo.lockDraw(trx, drawId);
    if (draw?.status !== 'scheduled') return;
    const game = this.game(draw.game_code);
    if (game) await this.scheduleAhead(trx, game, Math.max(nowMs, draw.draw_at.getTime()));
    const result = engineOf(draw.kind).draw({ serverSeed: draw.server_seed, clientSeed: draw.client_seed, nonce: 0 });
    const ranges = await repo.ticketRanges(trx, drawId, this.options.settleBatchSize ?? SETTLE_BATCH_SIZE);
    const tickets = ranges.reduce((sum, range) => sum + range.count, 0);
    await repo.markDrawn(trx, drawId, JSON.stringify(result), ranges.length, tickets);
    for (const range of ranges) {
      await schedule(trx, {
        kind: SETTLE_JOB,
        runAt: new Date(),
        payload: { drawId: String(drawId), fromId: String(range.fromId), toId: String(range.toId) },
        dedupeKey: `${SETTLE_JOB}:${drawId}:${range.fromId}`,
      });
    }
  }

  /**
   * One settlement batch: each winning ticket is credited (ledger key `lottery-win:<ticketId>`, so a ticket is paid
   * at most once whatever runs it), then every ticket marked won or lost and the batch counted on its draw by one
   * statement in this transaction. Tickets already settled are skipped; one settled by another run between the read
   * and the update rolls the batch back (its credits were replays), so nothing is paid or counted twice. The credits
   * are one ledger statement (`creditBatch`: accounts locked in the ledger's order, one house shard), so batches run
   * in parallel with each other and with bets without deadlocks.
   */
  async settleBatch(trx: Transaction<Database>, drawId: bigint, fromId: bigint, toId: bigint): Promise<void> {
    const draw = await repo.selectDraw(trx, drawId);
    if (draw?.status !== 'drawn' || draw.result === null) return;
    const engine = engineOf(draw.kind);
    const result = draw.result as LotteryResult;
    const tickets = await repo.selectOpenTickets(trx, drawId, fromId, toId);
    const settled = tickets.map((ticket) => ({ ticket, payout: engine.settle(ticket.bet as LotteryBet, ticket.stake, result) }));
    const winners = settled.filter(({ payout }) => payout > 0n);
    const receipts = await this.ledger.creditBatch(
      winners.map(({ ticket, payout }) => ({
        merchant: ticket.merchant_code,
        from: houseAccount(ticket.play_money),
        to: memberMain(ticket.member_id),
        amount: payout,
        kind: 'win' as const,
        cause: { type: 'game_round' as const, id: `${drawId}` },
        idempotencyKey: `lottery-win:${ticket.id}`,
        memo: this.memo(ticket.game_code, drawId, 0n),
      })),
      trx,
    );
    let credited = 0;
    const outcomes = settled.map(({ ticket, payout }) => {
      if (payout === 0n) return { id: ticket.id, hits: 0, payout, transferId: null };
      const receipt = receipts[credited++] as TransferReceipt;
      return { id: ticket.id, hits: engine.hits(ticket.bet as LotteryBet, result), payout, transferId: receipt.id };
    });
    const left = await repo.settleTickets(trx, drawId, outcomes);
    if (left !== tickets.length) throw new Error(`lottery: draw ${drawId} batch ${fromId}-${toId} was settled by another run`);
  }

  /**
   * Operator: cancels a draw that has not been drawn, refunding every slip's stake (ledger key
   * `lottery-refund:<slipId>`, the reason in its memo) and voiding its tickets. A drawn draw cannot be voided: its result is public.
   * `record` runs last in the same transaction (the back office's audit entry commits or rolls back with the void).
   */
  async voidDraw(
    drawId: bigint,
    reason: string,
    record?: (trx: Transaction<Database>, before: repo.DrawRow, refundedSlips: number) => Promise<void>,
  ): Promise<{ refundedSlips: number }> {
    return this.db.transaction().execute(async (trx) => {
      const draw = await repo.lockDraw(trx, drawId);
      if (!draw) throw new AppError('lottery.draw.not.found');
      if (draw.status !== 'scheduled') throw new AppError('lottery.draw.closed');
      await repo.lockDrawTickets(trx, drawId);
      const slips = await repo.selectSlipsOfDraw(trx, drawId);
      const unpaid = slips.filter((slip) => slip.refund_transfer_id === null);
      const refunds = await this.ledger.creditBatch(
        unpaid.map((slip) => ({
          merchant: slip.merchant_code,
          from: houseAccount(slip.play_money),
          to: memberMain(slip.member_id),
          amount: slip.total_stake,
          kind: 'refund' as const,
          cause: { type: 'operator' as const, id: `lottery-void:${drawId}` },
          idempotencyKey: `lottery-refund:${slip.id}`,
          memo: { ...this.memo(draw.game_code, drawId, 0n), reason },
        })),
        trx,
      );
      for (const [i, slip] of unpaid.entries()) await repo.setSlipRefund(trx, slip.id, (refunds[i] as TransferReceipt).id);
      await repo.markTicketsVoid(trx, drawId);
      await repo.markVoid(trx, drawId);
      const game = this.game(draw.game_code);
      if (game) await this.scheduleAhead(trx, game, Date.now());
      await record?.(trx, draw, slips.length);
      return { refundedSlips: slips.length };
    });
  }

  /**
   * Buys a slip: every bet valid for the game (house-engine) with a stake within limits, the draw still before its
   * cut-off, the member allowed to play; then one debit of the total and the tickets, in one transaction under a
   * share lock of the draw (the draw job waits for it). Repeating a client slip id answers the original slip.
   */
  async placeSlip(merchant: string, memberId: bigint, body: SlipBody) {
    const game = this.game(body.gameCode);
    if (!game) throw new AppError('game.not.found');
    const listed = await this.checks.listedGame(merchant, game.vendor, game.gameCode);
    if (!listed || listed.status === 'retired' || listed.vendor_status === 'retired') throw new AppError('game.not.found');
    const engine = engineOf(game.kind);
    const fields: FieldError[] = body.bets.flatMap(({ bet, stake }, i) => {
      const amount = BigInt(stake);
      if (!engine.isValid(bet)) return [{ field: `body/bets/${i}/bet`, key: 'errors.lottery_bet_invalid', params: {} }];
      if (amount < game.minStake || amount > game.maxStake) {
        const params = { minMinor: game.minStake.toString(), maxMinor: game.maxStake.toString() };
        return [{ field: `body/bets/${i}/stake`, key: 'errors.lottery_stake_out_of_range', params }];
      }
      return [];
    });
    if (body.bets.length > game.maxBetsPerSlip) {
      fields.push({ field: 'body/bets', key: 'errors.lottery_slip_too_many', params: { max: game.maxBetsPerSlip } });
    }
    if (fields.length > 0) throw new AppError('lottery.bet.invalid', { fields });
    const requestHash = sha256(JSON.stringify(canonical({ gameCode: body.gameCode, drawId: body.drawId, bets: body.bets })));
    const replay = await this.replaySlip(this.db, merchant, memberId, body.clientSlipId, requestHash);
    if (replay) return replay;
    if (listed.status !== 'active' || listed.vendor_status !== 'active') throw new AppError('game.maintenance');
    await this.checks.assertMayPlay(memberId);
    const playMoney = await this.checks.isTrial(merchant, memberId);
    const drawId = BigInt(body.drawId);
    const tickets = body.bets.map(({ bet, stake }) => ({
      bet: JSON.stringify(bet),
      stake: BigInt(stake),
      odds100: engine.odds100(bet),
    }));
    const total = tickets.reduce((sum, ticket) => sum + ticket.stake, 0n);
    return this.db.transaction().execute(async (trx) => {
      const draw = await repo.shareLockDraw(trx, drawId);
      if (!draw || draw.game_code !== game.gameCode) throw new AppError('lottery.draw.not.found');
      if (!draw.accepting) throw new AppError('lottery.draw.closed');
      const slipId = await repo.nextSlipId(trx);
      const debit = await this.ledger.transfer(
        {
          merchant,
          from: memberMain(memberId),
          to: houseAccount(playMoney),
          amount: total,
          kind: 'bet',
          cause: { type: 'game_round', id: `${drawId}` },
          idempotencyKey: `lottery-slip:${memberId}:${body.clientSlipId}`,
          memo: this.memo(game.gameCode, drawId, total),
        },
        trx,
      );
      const inserted =
        !debit.replayed &&
        (await repo.insertSlip(
          trx,
          {
            id: slipId,
            merchant_code: merchant,
            member_id: memberId,
            draw_id: drawId,
            game_code: game.gameCode,
            client_slip_id: body.clientSlipId,
            request_hash: requestHash,
            total_stake: total,
            play_money: playMoney,
            bet_transfer_id: debit.id,
          },
          tickets,
        ));
      // A twin request with the same client slip id committed first: answer its slip.
      if (!inserted) {
        const twin = await this.replaySlip(trx, merchant, memberId, body.clientSlipId, requestHash);
        if (!twin) throw new Error('lottery: slip id taken by a slip that is not visible');
        return twin;
      }
      return {
        slip: await this.slip(trx, merchant, memberId, slipId),
        balance: await this.available(merchant, memberId, trx),
        replayed: false,
      };
    });
  }

  private async replaySlip(db: Kysely<Database>, merchant: string, memberId: bigint, clientSlipId: string, requestHash: string) {
    const existing = await repo.selectSlipByClientId(db, merchant, memberId, clientSlipId);
    if (!existing) return undefined;
    if (existing.request_hash !== requestHash) throw new AppError('lottery.slip.conflict');
    return {
      slip: await this.slip(db, merchant, memberId, existing.id),
      balance: await this.available(merchant, memberId, db.isTransaction ? (db as Transaction<Database>) : undefined),
      replayed: true,
    };
  }

  private async slip(db: Kysely<Database>, merchant: string, memberId: bigint, slipId: bigint) {
    const slip = await repo.selectSlipById(db, merchant, memberId, slipId);
    if (!slip) throw new Error(`lottery slip ${slipId} not found`);
    const tickets = await repo.selectTickets(db, { merchant, memberId, slipId, status: 'all' }, 0, 1000);
    return slipView(slip, tickets.reverse());
  }

  private async available(merchant: string, memberId: bigint, trx?: Transaction<Database>): Promise<string> {
    const balance = await this.ledger.balanceOf(merchant, memberMain(memberId), trx);
    return balance.available.toString();
  }

  /** The memo records, cashback and the betting record read: the draw is the round. */
  private memo(gameCode: string, drawId: bigint, validBet: bigint) {
    const game = lotteryGameByCode(gameCode);
    return gameMemo({
      gameCategory: game?.category ?? 'LOTT',
      validBet,
      vendor: game?.vendor ?? '',
      gameCode,
      roundId: `${drawId}`,
    });
  }

  async tickets(filter: repo.TicketFilter, page: number, size: number) {
    const [rows, total] = await Promise.all([
      repo.selectTickets(this.db, filter, (page - 1) * size, size),
      repo.countTickets(this.db, filter),
    ]);
    return { content: rows.map(ticketView), page, size, total };
  }

  async current(gameCode: string) {
    const game = this.game(gameCode);
    if (!game) throw new AppError('game.not.found');
    let [open, last] = await Promise.all([
      repo.selectOpenDraws(this.db, gameCode, 2),
      repo.selectDrawnDraws(this.db, gameCode, 0, 1),
    ]);
    if (open.length < 2) {
      // Self-healing: the schedule could not be made at start (or an operator voided draws); make it now.
      await this.ensureSchedule();
      [open, last] = await Promise.all([
        repo.selectOpenDraws(this.db, gameCode, 2),
        repo.selectDrawnDraws(this.db, gameCode, 0, 1),
      ]);
    }
    const view = (row: repo.DrawRow | undefined) => (row ? drawView(row) : null);
    return { open: view(open[0]), next: view(open[1]), last: view(last[0]), serverTime: Date.now() };
  }

  async results(gameCode: string, page: number, size: number) {
    if (!this.game(gameCode)) throw new AppError('game.not.found');
    const [rows, total] = await Promise.all([
      repo.selectDrawnDraws(this.db, gameCode, (page - 1) * size, size),
      repo.countDrawnDraws(this.db, gameCode),
    ]);
    return { content: rows.map(drawView), page, size, total };
  }

  async draw(drawId: bigint) {
    const row = await repo.selectDraw(this.db, drawId);
    if (!row) throw new AppError('lottery.draw.not.found');
    return drawView(row);
  }
}
