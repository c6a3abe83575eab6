import { randomBytes } from 'node:crypto';
import type { MyRafflePrize, Raffle } from '@tessera/contract/api/raffles';
import { drawRaffle, raffleClientSeed, ticketStarts } from '@tessera/house-engine/raffle/draw';
import { commitServerSeed, serverSeedFromBytes } from '@tessera/house-engine/rng/fair';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../platform/app-error.js';
import { type JobContext, schedule } from '../../jobs/service.js';
import type { AccountRef, Ledger } from '../../ledger/service.js';
import { maskAccount } from '../../winners/service.js';
import * as promotionRepo from '../repo.js';
import type { RewardBonus } from '../service.js';
import * as repo from './repo.js';

/** The durable job that draws a raffle at its draw time (payload `merchant`, `promotionId`). */
export const RAFFLE_DRAW_JOB = 'promotions.raffle-draw';
/** The durable job that expires a raffle's unclaimed prizes at the claim deadline. */
export const RAFFLE_EXPIRY_JOB = 'promotions.raffle-expiry';

/** The draw job waits this long past the draw time, so a spin in flight at that instant has committed. */
export const DRAW_GRACE_MS = 5_000;
/** How long the list of raffles counting tickets is kept per process: the bet path's events read it. */
const COUNTING_CACHE_MS = 5_000;
const HOUR_MS = 3600_000;
const HOUSE_PROMOTIONS: AccountRef = { kind: 'house', purpose: 'promotions' };

type Trx = Transaction<Database>;

/** What the raffle needs of the promotions service (composed in services.ts). */
export interface RafflePromotions {
  isForMember(db: Kysely<Database>, promotion: promotionRepo.PromotionRow, memberId: bigint): Promise<boolean>;
  payRafflePrize(trx: Trx, reward: RewardBonus): Promise<'paid' | 'applying' | 'blocked' | 'refused'>;
}

export const ticketsFor = (validBet: bigint, perTicket: bigint, max: number): number => {
  const earned = validBet / perTicket;
  return earned > BigInt(max) ? max : Number(earned);
};

/** A fresh seed and its commitment, made when the raffle is first set up. */
export function newSeed(): { serverSeed: string; seedHash: string } {
  const serverSeed = serverSeedFromBytes(new Uint8Array(randomBytes(32)));
  return { serverSeed, seedHash: commitServerSeed(serverSeed) };
}

/**
 * A raffle's life: tickets counted from the ledger's bets (a catch-up from the entry's mark, so an event heard twice
 * or a count on another instance adds nothing twice), the draw once (the raffle row locked `FOR UPDATE`, the counts
 * take it `FOR SHARE`, `drawn_at` decides), the winners' claims paid once (the winner row locked, its state and the
 * ledger key decide), and unclaimed prizes expired by a job at the deadline.
 */
export class RaffleService {
  private readonly counting = new Map<string, { at: number; rows: Promise<repo.RaffleRow[]> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly promotions: RafflePromotions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts the member's new bets into every raffle of the merchant's that is counting tickets. */
  async catchUp(merchant: string, memberId: bigint): Promise<void> {
    for (const raffle of await this.countingRaffles(merchant)) await this.count(raffle, memberId);
  }

  /** `catchUp` for each member (nothing to read while no raffle counts); one member's failure stops no other's. */
  async catchUpMany(merchant: string, memberIds: readonly bigint[]): Promise<void> {
    const raffles = await this.countingRaffles(merchant);
    if (raffles.length === 0) return;
    const failures: unknown[] = [];
    for (const memberId of memberIds) {
      for (const raffle of raffles) await this.count(raffle, memberId).catch((err: unknown) => failures.push(err));
    }
    if (failures.length > 0) throw failures[0];
  }

  private countingRaffles(merchant: string): Promise<repo.RaffleRow[]> {
    const cached = this.counting.get(merchant);
    const at = Date.now();
    if (cached && at - cached.at < COUNTING_CACHE_MS) return cached.rows;
    const rows = repo.selectCountingRaffles(this.db, merchant, this.now());
    this.counting.set(merchant, { at, rows });
    rows.catch(() => this.counting.delete(merchant));
    return rows;
  }

  private async count(raffle: repo.RaffleRow, memberId: bigint): Promise<void> {
    const promotion = await promotionRepo.selectPromotion(this.db, raffle.merchant_code, raffle.promotion_id);
    if (!promotion) return;
    const seen = await repo.selectEntry(this.db, raffle.promotion_id, memberId);
    const fresh = await repo.selectNewBets(this.db, raffle, promotion.starts_at, memberId, seen?.counted_through ?? 0n);
    if (fresh === null) return;
    if (!seen && !(await this.promotions.isForMember(this.db, promotion, memberId))) return;
    await this.db.transaction().execute(async (trx) => {
      const locked = await repo.selectRaffle(trx, raffle.merchant_code, raffle.promotion_id, 'share');
      if (!locked || locked.drawn_at !== null) return;
      const entry = await repo.lockEntry(trx, raffle.promotion_id, memberId);
      const bets =
        entry.counted_through === (seen?.counted_through ?? 0n)
          ? fresh
          : await repo.selectNewBets(trx, locked, promotion.starts_at, memberId, entry.counted_through);
      if (bets === null) return;
      const validBet = entry.valid_bet_minor + bets.validBet;
      await repo.saveEntry(trx, raffle.promotion_id, memberId, {
        validBet,
        tickets: ticketsFor(validBet, locked.ticket_valid_bet_minor, locked.max_tickets),
        through: bets.through,
      });
    });
  }

  /**
   * Draws the raffle if it is due and not drawn: the closing count of every bet before the draw time, the ticket
   * list in member id order, the winners from the committed seed (house-engine), the seed revealed. Returns whether
   * this call drew it. In the caller's transaction.
   */
  async draw(trx: Trx, merchant: string, promotionId: bigint): Promise<boolean> {
    const raffle = await repo.selectRaffle(trx, merchant, promotionId, 'update');
    if (!raffle || raffle.drawn_at !== null) return false;
    const now = this.now();
    if (raffle.draw_at > now) return false;
    const promotion = await promotionRepo.selectPromotion(trx, merchant, promotionId);
    if (!promotion) return false;
    for (const bets of await repo.selectUncounted(trx, raffle, promotion.starts_at)) {
      if (!bets.known && !(await this.promotions.isForMember(trx, promotion, bets.memberId))) continue;
      const entry = await repo.lockEntry(trx, promotionId, bets.memberId);
      const validBet = entry.valid_bet_minor + bets.validBet;
      await repo.saveEntry(trx, promotionId, bets.memberId, {
        validBet,
        tickets: ticketsFor(validBet, raffle.ticket_valid_bet_minor, raffle.max_tickets),
        through: bets.through,
      });
    }
    const list = await repo.selectTicketList(trx, promotionId);
    const winners = drawRaffle(
      { serverSeed: raffle.server_seed, clientSeed: raffleClientSeed(promotionId.toString()), nonce: 0 },
      list,
      raffle.prizes.length,
    );
    const deadline = new Date(now.getTime() + raffle.claim_hours * HOUR_MS);
    await repo.insertWinners(
      trx,
      winners.map((winner) => {
        const prize = raffle.prizes[winner.place - 1];
        const holder = list[winner.holder];
        if (!prize || !holder) throw new Error('a raffle winner outside its prizes or ticket list');
        return {
          promotion_id: promotionId,
          merchant_code: merchant,
          place: winner.place,
          member_id: holder.member_id,
          ticket: winner.ticket,
          kind: prize.kind,
          amount_minor: BigInt(prize.amountMinor),
          claim_deadline: deadline,
        };
      }),
    );
    await repo.markDrawn(
      trx,
      promotionId,
      now,
      list.reduce((sum, entry) => sum + entry.tickets, 0),
    );
    if (winners.length > 0)
      await schedule(trx, {
        kind: RAFFLE_EXPIRY_JOB,
        runAt: deadline,
        payload: { merchant, promotionId: promotionId.toString() },
        dedupeKey: `${RAFFLE_EXPIRY_JOB}:${promotionId}`,
      });
    this.counting.delete(merchant);
    return true;
  }

  async drawJob({ trx, payload }: JobContext): Promise<void> {
    await this.draw(trx, String(payload.merchant), BigInt(String(payload.promotionId)));
  }

  async expiryJob({ trx, payload }: JobContext): Promise<void> {
    await repo.expireUnclaimed(trx, BigInt(String(payload.promotionId)), this.now());
  }

  /** Schedules the draw at the raffle's draw time (in the caller's transaction; a changed time schedules anew). */
  async scheduleDraw(trx: Trx, merchant: string, promotionId: bigint, drawAt: Date): Promise<void> {
    await schedule(trx, {
      kind: RAFFLE_DRAW_JOB,
      runAt: new Date(drawAt.getTime() + DRAW_GRACE_MS),
      payload: { merchant, promotionId: promotionId.toString() },
      dedupeKey: `${RAFFLE_DRAW_JOB}:${promotionId}:${drawAt.getTime()}`,
    });
  }

  /**
   * The member claims their prize (spec §7.4 MCS2_claimRafflePromotion): cash into the main wallet or a bonus into
   * the bonus balance, once. A second claim answers the paid prize; a claim after the deadline is refused.
   */
  async claim(merchant: string, memberId: bigint, promotionId: bigint): Promise<MyRafflePrize> {
    return this.db.transaction().execute(async (trx) => {
      const raffle = await repo.selectRaffle(trx, merchant, promotionId);
      if (!raffle) throw new AppError('raffle.not.found');
      const winner = await repo.lockWinner(trx, promotionId, memberId);
      if (!winner) throw new AppError('raffle.not.winner');
      if (winner.state === 'claimed') return prizeView(winner);
      const now = this.now();
      if (winner.state === 'expired' || winner.claim_deadline <= now) throw new AppError('raffle.prize.expired');
      if (winner.kind === 'cash') {
        await this.ledger.transfer(
          {
            merchant,
            from: HOUSE_PROMOTIONS,
            to: { kind: 'member_main', memberId },
            amount: winner.amount_minor,
            kind: 'bonus',
            cause: { type: 'member', id: memberId.toString() },
            idempotencyKey: `raffle-prize:${winner.id}`,
            memo: { promotionId: promotionId.toString(), rafflePlace: winner.place },
          },
          trx,
        );
      } else {
        const outcome = await this.promotions.payRafflePrize(trx, {
          merchant,
          memberId,
          promotionId,
          bonus: winner.amount_minor,
          rewardKey: winner.id.toString(),
        });
        if (outcome === 'blocked') throw new AppError('raffle.prize.bonus.blocked');
        if (outcome === 'refused') throw new AppError('promo.not.available');
      }
      await repo.markWinner(trx, winner.id, 'claimed', now);
      return prizeView({ ...winner, state: 'claimed' });
    });
  }

  /** The member's prizes waiting to be claimed, for the reward centre (each by its raffle's promotion id). */
  async unclaimedPrizes(merchant: string, memberId: bigint): Promise<(MyRafflePrize & { promotionId: string })[]> {
    const winners = await repo.selectUnclaimedFor(this.db, merchant, memberId, this.now());
    return winners.map((winner) => ({ ...prizeView(winner), promotionId: winner.promotion_id.toString() }));
  }

  /** The raffle as the member (or a guest) sees it: rule, prizes, the seed's commitment, their tickets and prize. */
  async view(merchant: string, memberId: bigint | null, promotionId: bigint): Promise<Raffle> {
    const raffle = await repo.selectRaffle(this.db, merchant, promotionId);
    if (!raffle) throw new AppError('raffle.not.found');
    if (memberId !== null && raffle.drawn_at === null) await this.count(raffle, memberId);
    const [entry, winners] = await Promise.all([
      memberId === null ? undefined : repo.selectEntry(this.db, promotionId, memberId),
      raffle.drawn_at === null ? [] : repo.selectWinners(this.db, promotionId),
    ]);
    const mine = winners.find((winner) => winner.member_id === memberId);
    let myFirstTicket: number | null = null;
    if (raffle.drawn_at !== null && entry && entry.tickets > 0) {
      const list = await repo.selectTicketList(this.db, promotionId);
      const index = list.findIndex((row) => row.member_id === memberId);
      myFirstTicket = index < 0 ? null : (ticketStarts(list)[index] ?? null);
    }
    return {
      promotionId: promotionId.toString(),
      drawTime: raffle.draw_at.getTime(),
      ticketValidBetMinor: raffle.ticket_valid_bet_minor.toString(),
      categories: raffle.categories,
      maxTickets: raffle.max_tickets,
      claimHours: raffle.claim_hours,
      prizes: raffle.prizes,
      seedHash: raffle.seed_hash,
      serverSeed: raffle.drawn_at === null ? null : raffle.server_seed,
      clientSeed: raffleClientSeed(promotionId.toString()),
      drawnAt: raffle.drawn_at?.getTime() ?? null,
      ticketsTotal: raffle.tickets_total,
      myTickets: memberId === null ? null : (entry?.tickets ?? 0),
      myValidBetMinor: memberId === null ? null : (entry?.valid_bet_minor ?? 0n).toString(),
      myFirstTicket,
      winners: winners.map((winner) => ({
        place: winner.place,
        account: maskAccount(winner.account),
        ticket: winner.ticket,
        kind: winner.kind,
        amountMinor: winner.amount_minor.toString(),
        state: this.stateOf(winner),
      })),
      myPrize: mine ? prizeView({ ...mine, state: this.stateOf(mine) }) : null,
      serverTime: this.now().getTime(),
    };
  }

  /** The ticket list the draw used (empty before it), for anyone to recompute the winners. */
  async ticketList(merchant: string, promotionId: bigint) {
    const raffle = await repo.selectRaffle(this.db, merchant, promotionId);
    if (!raffle) throw new AppError('raffle.not.found');
    if (raffle.drawn_at === null) return [];
    const list = await repo.selectTicketList(this.db, promotionId);
    const starts = ticketStarts(list);
    return list.map((row, index) => ({
      account: maskAccount(row.account),
      firstTicket: starts[index] ?? 0,
      tickets: row.tickets,
    }));
  }

  /** A prize past its deadline reads as expired before the expiry job has run. */
  private stateOf(winner: repo.WinnerRow): repo.WinnerRow['state'] {
    return winner.state === 'won' && winner.claim_deadline <= this.now() ? 'expired' : winner.state;
  }
}

function prizeView(winner: repo.WinnerRow): MyRafflePrize {
  return {
    place: winner.place,
    kind: winner.kind,
    amountMinor: winner.amount_minor.toString(),
    state: winner.state,
    claimDeadline: winner.claim_deadline.getTime(),
  };
}
