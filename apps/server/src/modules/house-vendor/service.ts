import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Fairness, RevealedSeed, RoundVerification, SpinBody } from '@tessera/contract/api/house-games';
import { commitServerSeed, FairStream, replayRound, serverSeedFromBytes, verifyServerSeed } from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { spin } from '@tessera/house-engine/slots/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { gameMemo, houseAccount, memberMain } from '../games/accounts.js';
import { PlayChecks } from '../games/play-checks.js';
import { type Ledger, randomShard } from '../ledger/service.js';
import { HOUSE_SLOT_CATEGORY, HOUSE_SLOT_VENDOR, type HouseSlot, houseSlotByCode, isValidHouseBet } from './games.js';
import * as repo from './repo.js';
import { outcomeView, roundView } from './views.js';

type Seed = NonNullable<Awaited<ReturnType<typeof repo.lockActiveSeed>>>;
type SpinSeed = Pick<Seed, 'id' | 'server_seed' | 'commitment' | 'client_seed' | 'next_nonce'>;

interface Play {
  merchant: string;
  memberId: bigint;
  slot: HouseSlot;
  bet: bigint;
  playMoney: boolean;
  clientRoundId: string;
}

const fairnessOf = (seed: { commitment: string; client_seed: string; next_nonce: bigint }): Fairness => ({
  commitment: seed.commitment,
  clientSeed: seed.client_seed,
  nextNonce: Number(seed.next_nonce),
});

const DEADLOCK_DETECTED = '40P01';
const SPIN_ATTEMPTS = 3;
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * Should PostgreSQL still break a deadlock involving a spin (its locks meet another module's transaction), the
 * whole spin is one transaction (nothing of the aborted attempt remains; the retry takes a new round id and new
 * transfer keys), so it is run again rather than answered with a 500.
 */
async function retryOnDeadlock<T>(spin: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spin();
    } catch (error) {
      if (attempt >= SPIN_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/** A player who never chose a client seed still gets one the server cannot have tailored rounds to. */
const defaultClientSeed = () => randomBytes(8).toString('hex');

/**
 * The house vendor's slots, provably fair (packages/house-engine/README.md): a member's server seed is
 * committed by SHA-256 before play and revealed on rotation; each round is fixed by (server seed, client
 * seed, nonce). A spin is one database transaction under the lock of the member's seed row: the nonce is
 * never reused, the bet is debited (never overdrawn: the ledger refuses), the win credited, the round stored.
 */
export class HouseVendor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    /** Uncached unless listening (`PlayChecks.listen`): the server passes its shared one. */
    private readonly checks = new PlayChecks(db),
  ) {}

  async fairness(merchant: string, memberId: bigint): Promise<Fairness> {
    const seed = await repo.selectActiveSeed(this.db, merchant, memberId);
    if (seed) return fairnessOf(seed);
    return this.db.transaction().execute(async (trx) => fairnessOf(await this.lockedSeed(trx, merchant, memberId)));
  }

  async setClientSeed(merchant: string, memberId: bigint, clientSeed: string): Promise<Fairness> {
    return this.db.transaction().execute(async (trx) => {
      const seed = await this.lockedSeed(trx, merchant, memberId);
      await repo.setClientSeed(trx, seed.id, clientSeed);
      return fairnessOf({ ...seed, client_seed: clientSeed });
    });
  }

  /** Reveals the active seed and commits a fresh one (nonce 0), keeping the client seed unless a new one is given. */
  async rotate(merchant: string, memberId: bigint, clientSeed?: string): Promise<{ revealed: RevealedSeed; fairness: Fairness }> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.lockedSeed(trx, merchant, memberId);
      await repo.revealSeed(trx, old.id);
      const next = await this.lockedSeed(trx, merchant, memberId, clientSeed ?? old.client_seed);
      return {
        revealed: {
          serverSeed: old.server_seed,
          commitment: old.commitment,
          clientSeed: old.client_seed,
          rounds: Number(old.next_nonce),
        },
        fairness: fairnessOf(next),
      };
    });
  }

  async spin(merchant: string, memberId: bigint, body: SpinBody) {
    const slot = houseSlotByCode(body.gameCode);
    if (!slot) throw new AppError('game.not.found');
    const bet = BigInt(body.bet);
    if (!isValidHouseBet(slot, bet)) {
      const params = {
        minMinor: slot.minBet.toString(),
        maxMinor: slot.maxBet.toString(),
        multipleOf: slot.game.paylines.length,
      };
      throw new AppError('game.bet.invalid', { fields: [{ field: 'body/bet', key: 'errors.game_bet_invalid', params }] });
    }
    // The merchant's catalogue decides what is playable: a game retired or put under maintenance takes no more bets.
    const listed = await this.checks.listedGame(merchant, HOUSE_SLOT_VENDOR, slot.gameCode);
    if (!listed || listed.status === 'retired' || listed.vendor_status === 'retired') throw new AppError('game.not.found');
    if (listed.status !== 'active' || listed.vendor_status !== 'active') throw new AppError('game.maintenance');
    await this.checks.assertMayPlay(memberId);
    const playMoney = await this.checks.isTrial(merchant, memberId);
    return retryOnDeadlock(() => this.playRound(merchant, memberId, slot, bet, playMoney, body.clientRoundId));
  }

  /**
   * The spin in two round trips: read the seed (unlocked), the client round id and a round id; compute the outcome;
   * write it all in one statement that only applies if the seed has not moved meanwhile. A member's spins racing
   * each other make that check fail; after OPTIMISTIC_ATTEMPTS the spin takes the seed's lock first, so a burst
   * of one member's spins queues instead of retrying in a loop.
   */
  private async playRound(
    merchant: string,
    memberId: bigint,
    slot: HouseSlot,
    bet: bigint,
    playMoney: boolean,
    clientRoundId: string,
  ) {
    const play = { merchant, memberId, slot, bet, playMoney, clientRoundId };
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const snapshot = await repo.spinSnapshot(this.db, merchant, memberId, clientRoundId);
      if (snapshot.played) return this.replayRound(play);
      const { seed_id, server_seed, commitment, client_seed, next_nonce } = snapshot;
      if (seed_id === null || server_seed === null || commitment === null || client_seed === null || next_nonce === null) break;
      const seed = { id: seed_id, server_seed, commitment, client_seed, next_nonce };
      const written = await this.writeRound(this.db, play, seed, snapshot.round_id, true);
      if (written) return written;
    }
    return this.db.transaction().execute(async (trx) => {
      const seed = await this.lockedSeed(trx, merchant, memberId);
      // Checked under the seed lock: a retry racing its original waits for it and finds its round.
      if (await repo.selectRoundByClientId(trx, merchant, memberId, clientRoundId)) return this.replayRound(play, trx);
      const written = await this.writeRound(trx, play, seed, await repo.nextRoundId(trx), false);
      if (!written) throw new Error('house spin: the locked seed moved');
      return written;
    });
  }

  /** The round of a client round id played before (a retry), or a conflict if it asked for another bet. */
  private async replayRound(play: Play, trx?: Transaction<Database>) {
    const existing = await repo.selectRoundByClientId(trx ?? this.db, play.merchant, play.memberId, play.clientRoundId);
    if (!existing) throw new Error('house spin: the played round vanished');
    if (existing.game_code !== play.slot.gameCode || existing.bet !== play.bet) throw new AppError('game.round.conflict');
    const balance = await this.ledger.balanceOf(play.merchant, memberMain(play.memberId), trx);
    return { round: roundView(existing), balance: balance.available.toString(), replayed: true };
  }

  /**
   * Computes the round from `seed` and writes nonce, bet, win and round in one statement; undefined when the seed
   * moved since it was read. `committed`: `db` is not a transaction (the statement commits on its own).
   */
  private async writeRound(db: Kysely<Database>, play: Play, seed: SpinSeed, roundId: bigint, committed: boolean) {
    const { merchant, memberId, slot, bet, playMoney } = play;
    // Bet and win on one house shard: each transfer keeps its shard row locked until commit, and two spins
    // each holding the shard the other picked next would deadlock (ledger TransferInput.shard).
    const shard = randomShard();
    const transfer = (kind: 'bet' | 'win', amount: bigint) =>
      this.ledger.prepareTransfer({
        merchant,
        from: kind === 'bet' ? memberMain(memberId) : houseAccount(playMoney),
        to: kind === 'bet' ? houseAccount(playMoney) : memberMain(memberId),
        amount,
        kind,
        cause: { type: 'game_round', id: `${roundId}` },
        idempotencyKey: `house-round:${roundId}:${kind}`,
        memo: gameMemo({
          gameCategory: HOUSE_SLOT_CATEGORY,
          validBet: kind === 'bet' ? bet : 0n,
          vendor: HOUSE_SLOT_VENDOR,
          gameCode: slot.gameCode,
          roundId: `${roundId}`,
        }),
        shard,
      });
    const nonce = seed.next_nonce;
    const result = spin(
      slot.game,
      new FairStream({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: Number(nonce) }),
      bet,
    );
    const outcome = outcomeView(result);
    const betTransfer = transfer('bet', bet);
    const winTransfer = result.totalWin > 0n ? transfer('win', result.totalWin) : null;
    const written = await repo.playSpin(db, {
      seedId: seed.id,
      nonce,
      clientSeed: seed.client_seed,
      round: {
        id: roundId,
        merchant_code: merchant,
        member_id: memberId,
        game_code: slot.gameCode,
        engine_game: slot.game.id,
        bet,
        win: result.totalWin,
        play_money: playMoney,
        client_round_id: play.clientRoundId,
        outcome: JSON.stringify(outcome),
      },
      betTransfer: betTransfer.call,
      winTransfer: winTransfer?.call ?? null,
    });
    if (written.outcome === 'stale') return undefined;
    if (!written.bet) throw new Error('house spin: no answer for the bet');
    // Throws the ledger's refusal (insufficient funds) when the bet was refused.
    const betReceipt = this.ledger.receiptOfPrepared(betTransfer, written.bet, committed);
    if (written.outcome !== 'done' || !written.roundCreatedAt) throw new Error(`house spin: bet answered ${written.bet.outcome}`);
    const winReceipt = winTransfer && written.win ? this.ledger.receiptOfPrepared(winTransfer, written.win, committed) : null;
    const available = winReceipt ? winReceipt.available.credit : betReceipt.available.debit;
    if (available === null) throw new Error('house spin: no balance after the round');
    const round = roundView({
      id: roundId,
      member_id: memberId,
      game_code: slot.gameCode,
      engine_game: slot.game.id,
      seed_id: seed.id,
      client_seed: seed.client_seed,
      nonce,
      bet,
      win: result.totalWin,
      play_money: playMoney,
      outcome,
      created_at: written.roundCreatedAt,
      commitment: seed.commitment,
      server_seed: seed.server_seed,
      seed_active: true,
    });
    return { round, balance: available.toString(), replayed: false };
  }

  /** The member's own round; once its seed is revealed, re-computed here with the same engine and compared. */
  async verify(merchant: string, memberId: bigint, roundId: bigint): Promise<RoundVerification> {
    const row = await repo.selectRound(this.db, merchant, memberId, roundId);
    if (!row) throw new AppError('game.round.not.found');
    const round = roundView(row);
    if (row.seed_active) return { round, serverSeed: null, verified: null, recomputed: null };
    const game = slotGameById(row.engine_game);
    if (!game) throw new Error(`house-engine has no slot ${row.engine_game}`);
    const seeds = { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) };
    const recomputed = outcomeView(replayRound(seeds, (source) => spin(game, source, row.bet)));
    const verified = verifyServerSeed(row.server_seed, row.commitment) && isDeepStrictEqual(recomputed, round.outcome);
    return { round, serverSeed: row.server_seed, verified, recomputed };
  }

  /** The member's active seed, locked; committed first when the member has none. */
  private async lockedSeed(trx: Transaction<Database>, merchant: string, memberId: bigint, clientSeed?: string): Promise<Seed> {
    const seed = await repo.lockActiveSeed(trx, merchant, memberId);
    if (seed) return seed;
    const serverSeed = serverSeedFromBytes(randomBytes(32));
    await repo.insertSeed(trx, {
      merchant_code: merchant,
      member_id: memberId,
      server_seed: serverSeed,
      commitment: commitServerSeed(serverSeed),
      client_seed: clientSeed ?? defaultClientSeed(),
    });
    const created = await repo.lockActiveSeed(trx, merchant, memberId);
    if (!created) throw new Error('house seed could not be created');
    return created;
  }
}
