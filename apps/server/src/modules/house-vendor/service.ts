import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Fairness, RevealedSeed, RoundVerification, SpinBody } from '@tessera/contract/api/house-games';
import { commitServerSeed, FairStream, replayRound, serverSeedFromBytes, verifyServerSeed } from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { spin } from '@tessera/house-engine/slots/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { gameMemo, houseAccount, isTrialMember, memberMain } from '../games/accounts.js';
import { listedGame } from '../games/listed-game.js';
import { type Ledger, randomShard } from '../ledger/service.js';
import { assertMayPlay } from '../responsible-gaming/service.js';
import { HOUSE_SLOT_CATEGORY, HOUSE_SLOT_VENDOR, type HouseSlot, houseSlotByCode, isValidHouseBet } from './games.js';
import * as repo from './repo.js';
import { outcomeView, roundView } from './views.js';

type Seed = NonNullable<Awaited<ReturnType<typeof repo.lockActiveSeed>>>;

const fairnessOf = (seed: { commitment: string; client_seed: string; next_nonce: bigint }): Fairness => ({
  commitment: seed.commitment,
  clientSeed: seed.client_seed,
  nextNonce: Number(seed.next_nonce),
});

const DEADLOCK_DETECTED = '40P01';
const SPIN_ATTEMPTS = 3;

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
    const listed = await listedGame(this.db, merchant, HOUSE_SLOT_VENDOR, slot.gameCode);
    if (!listed || listed.status === 'retired' || listed.vendor_status === 'retired') throw new AppError('game.not.found');
    if (listed.status !== 'active' || listed.vendor_status !== 'active') throw new AppError('game.maintenance');
    await assertMayPlay(this.db, merchant, memberId);
    const playMoney = await isTrialMember(this.db, merchant, memberId);
    return retryOnDeadlock(() => this.playRound(merchant, memberId, slot, bet, playMoney, body.clientRoundId));
  }

  /** The spin's transaction: seed lock, bet, outcome, win, round, nonce. */
  private playRound(merchant: string, memberId: bigint, slot: HouseSlot, bet: bigint, playMoney: boolean, clientRoundId: string) {
    return this.db.transaction().execute(async (trx) => {
      const seed = await this.lockedSeed(trx, merchant, memberId);
      const balance = async () => (await this.ledger.balanceOf(merchant, memberMain(memberId), trx)).available.toString();
      // Checked under the seed lock: a retry racing its original waits for it and finds its round.
      const existing = await repo.selectRoundByClientId(trx, merchant, memberId, clientRoundId);
      if (existing) {
        if (existing.game_code !== slot.gameCode || existing.bet !== bet) throw new AppError('game.round.conflict');
        return { round: roundView(existing), balance: await balance(), replayed: true };
      }
      const roundId = await repo.nextRoundId(trx);
      // Bet and win on one house shard: each transfer keeps its shard row locked until commit, and two spins
      // each holding the shard the other picked next would deadlock (ledger TransferInput.shard).
      const shard = randomShard();
      const memo = (validBet: bigint) =>
        gameMemo({
          gameCategory: HOUSE_SLOT_CATEGORY,
          validBet,
          vendor: HOUSE_SLOT_VENDOR,
          gameCode: slot.gameCode,
          roundId: `${roundId}`,
        });
      const settle = (kind: 'bet' | 'win', amount: bigint) =>
        this.ledger.transfer(
          {
            merchant,
            from: kind === 'bet' ? memberMain(memberId) : houseAccount(playMoney),
            to: kind === 'bet' ? houseAccount(playMoney) : memberMain(memberId),
            amount,
            kind,
            cause: { type: 'game_round', id: `${roundId}` },
            idempotencyKey: `house-round:${roundId}:${kind}`,
            memo: memo(kind === 'bet' ? bet : 0n),
            shard,
          },
          trx,
        );
      const betTransfer = await settle('bet', bet);
      const nonce = seed.next_nonce;
      const result = spin(
        slot.game,
        new FairStream({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: Number(nonce) }),
        bet,
      );
      const winTransfer = result.totalWin > 0n ? await settle('win', result.totalWin) : null;
      const outcome = outcomeView(result);
      const createdAt = await repo.insertRound(trx, {
        id: roundId,
        merchant_code: merchant,
        member_id: memberId,
        game_code: slot.gameCode,
        engine_game: slot.game.id,
        seed_id: seed.id,
        client_seed: seed.client_seed,
        nonce,
        bet,
        win: result.totalWin,
        play_money: playMoney,
        client_round_id: clientRoundId,
        outcome: JSON.stringify(outcome),
        bet_transfer_id: betTransfer.id,
        win_transfer_id: winTransfer?.id ?? null,
      });
      await repo.advanceNonce(trx, seed.id);
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
        created_at: createdAt,
        commitment: seed.commitment,
        server_seed: seed.server_seed,
        seed_active: true,
      });
      return { round, balance: await balance(), replayed: false };
    });
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
