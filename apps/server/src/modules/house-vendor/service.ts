import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type {
  AnyHouseRound,
  Fairness,
  HouseRound,
  OriginalRound,
  RevealedSeed,
  RoundVerification,
  SpinBody,
} from '@tessera/contract/api/house-games';
import type { PlayOriginalBody } from '@tessera/contract/api/house-originals';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import { choiceOf, isOriginalGame, isValidChoice, originalWin, playOriginal } from '@tessera/house-engine/originals/originals';
import {
  commitServerSeed,
  FairStream,
  type RandomSource,
  replayRound,
  serverSeedFromBytes,
  verifyServerSeed,
} from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { spin } from '@tessera/house-engine/slots/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { gameMemo, houseAccount, memberMain } from '../games/accounts.js';
import { PlayChecks } from '../games/play-checks.js';
import { type AccountRef, type Ledger, type PreparedTransfer, randomShard } from '../ledger/service.js';
import type { SessionLiveCheck } from '../sessions/service.js';
import { HOUSE_SLOT_CATEGORY, HOUSE_SLOT_VENDOR, houseSlotByCode, isValidHouseBet } from './games.js';
import { hasOpenRoundOnSeed } from './mines-repo.js';
import { houseOriginalByCode } from './originals.js';
import * as repo from './repo.js';
import { CASH_OFFER, CASH_ONLY, type StakeOffer, type StakeSource } from './stake-source.js';
import { type HouseOutcome, outcomeView, roundView } from './views.js';

/** A played round as the player gets it: the round, the playable balance after it, and whether it was a retry. */
export interface RoundAnswer<R extends AnyHouseRound = AnyHouseRound> {
  round: R;
  balance: string;
  replayed: boolean;
}

type Seed = NonNullable<Awaited<ReturnType<typeof repo.lockActiveSeed>>>;

/** One house game's round as a spin plays it: a slot spin or an instant game with the player's choice. */
interface HouseGameRound {
  gameCode: string;
  engineGame: string;
  /** The outcome as stored and its win, from the round's stream. */
  play(source: RandomSource, bet: bigint): { outcome: HouseOutcome; win: bigint };
  /** Whether a stored round of the same client round id asked for this one (a retry, not a conflict). */
  sameChoice(stored: HouseOutcome): boolean;
}

interface Play {
  merchant: string;
  memberId: bigint;
  game: HouseGameRound;
  bet: bigint;
  playMoney: boolean;
  clientRoundId: string;
  liveCheck: SessionLiveCheck | undefined;
  offer: StakeOffer;
}

const fairnessOf = (seed: { commitment: string; client_seed: string; next_nonce: bigint }): Fairness => ({
  commitment: seed.commitment,
  clientSeed: seed.client_seed,
  nextNonce: Number(seed.next_nonce),
});

const DEADLOCK_DETECTED = '40P01';
const SPIN_ATTEMPTS = 3;
const OPTIMISTIC_ATTEMPTS = 2;
const SEED_CACHE_LIMIT = 100_000;
/**
 * Stands for the round id in the transfers a spin prepares: the id is only taken inside `house_spin`, which writes
 * it into their keys, causes and memos (`house_round_transfer`).
 */
const ROUND_ID_IN_STATEMENT = '0';

const seedKey = (merchant: string, memberId: bigint) => `${merchant}/${memberId}`;

/** A spin's statement and what it was computed from. */
interface Spun {
  seed: repo.SpinSeed;
  outcome: HouseOutcome;
  win: bigint;
  /** The pair of transfers the statement paid the round with (the bonus balance's when it chose the bonus). */
  betTransfer: PreparedTransfer;
  winTransfer: PreparedTransfer | null;
  written: repo.SpinWritten;
}

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
  /**
   * Each member's active seed as this process last saw it: a spin computes its outcome from this copy, and
   * `house_spin` refuses a stale one (answering with the seed as it is now), so another instance's spins or a
   * rotation cost a retry, never a wrong round.
   */
  private readonly seeds = new Map<string, repo.SpinSeed>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    /** Uncached unless listening (`PlayChecks.listen`): the server passes its shared one. */
    private readonly checks = new PlayChecks(db),
    private readonly stakes: StakeSource = CASH_ONLY,
  ) {}

  async fairness(merchant: string, memberId: bigint): Promise<Fairness> {
    const seed = await repo.selectActiveSeed(this.db, merchant, memberId);
    if (seed) return fairnessOf(seed);
    return this.db.transaction().execute(async (trx) => fairnessOf(await this.lockedSeed(trx, merchant, memberId)));
  }

  async setClientSeed(merchant: string, memberId: bigint, clientSeed: string): Promise<Fairness> {
    this.seeds.delete(seedKey(merchant, memberId));
    return this.db.transaction().execute(async (trx) => {
      const seed = await this.lockedSeed(trx, merchant, memberId);
      await repo.setClientSeed(trx, seed.id, clientSeed);
      return fairnessOf({ ...seed, client_seed: clientSeed });
    });
  }

  /** Reveals the active seed and commits a fresh one (nonce 0), keeping the client seed unless a new one is given. */
  async rotate(merchant: string, memberId: bigint, clientSeed?: string): Promise<{ revealed: RevealedSeed; fairness: Fairness }> {
    this.seeds.delete(seedKey(merchant, memberId));
    return this.db.transaction().execute(async (trx) => {
      const old = await this.lockedSeed(trx, merchant, memberId);
      // An open mines round's mines lie in this seed: revealing it now would show them.
      if (await hasOpenRoundOnSeed(trx, old.id)) throw new AppError('game.round.open');
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

  /** `liveCheck`: the site session behind a game session, checked by the spin's own statement. */
  async spin(merchant: string, memberId: bigint, body: SpinBody, liveCheck?: SessionLiveCheck) {
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
    const game: HouseGameRound = {
      gameCode: slot.gameCode,
      engineGame: slot.game.id,
      play: (source, stake) => {
        const result = spin(slot.game, source, stake);
        return { outcome: outcomeView(result), win: result.totalWin };
      },
      sameChoice: () => true,
    };
    return this.settle(merchant, memberId, game, bet, body.clientRoundId, liveCheck) as Promise<RoundAnswer<HouseRound>>;
  }

  /**
   * One instant game round (dice, limbo, the wheel): the same statement, ledger path and round record as a slot
   * spin. `autoBetAllowed`: the merchant's market permits auto-play (site settings `games.autoBet`).
   */
  async playOriginal(
    merchant: string,
    memberId: bigint,
    body: PlayOriginalBody,
    options: { autoBetAllowed: boolean; liveCheck?: SessionLiveCheck },
  ) {
    const original = houseOriginalByCode(body.gameCode);
    if (!original) throw new AppError('game.not.found');
    const bet = BigInt(body.bet);
    if (bet < original.minBet || bet > original.maxBet) {
      const params = { minMinor: original.minBet.toString(), maxMinor: original.maxBet.toString(), multipleOf: 1 };
      throw new AppError('game.bet.invalid', { fields: [{ field: 'body/bet', key: 'errors.game_bet_invalid', params }] });
    }
    const choice = body.choice;
    if (choice.game !== original.game || !isValidChoice(choice)) {
      throw new AppError('game.choice.invalid', {
        fields: [{ field: 'body/choice', key: 'errors.game_choice_invalid', params: { game: original.game } }],
      });
    }
    if (body.auto && !options.autoBetAllowed) throw new AppError('game.autobet.forbidden');
    const game: HouseGameRound = {
      gameCode: original.gameCode,
      engineGame: original.game,
      play: (source, stake) => {
        const outcome = playOriginal(source, choice);
        return { outcome, win: originalWin(outcome, stake) };
      },
      sameChoice: (stored) => 'game' in stored && isDeepStrictEqual(choiceOf(stored), choice),
    };
    return this.settle(merchant, memberId, game, bet, body.clientRoundId, options.liveCheck) as Promise<
      RoundAnswer<OriginalRound>
    >;
  }

  /**
   * The checks every house round passes before its bet: the game listed and active in the merchant's catalogue (a
   * game retired or under maintenance takes no more bets) and the member free to play. Answers whether the member
   * plays with play money (a trial account).
   */
  async admit(merchant: string, memberId: bigint, gameCode: string): Promise<{ playMoney: boolean }> {
    const listed = await this.checks.listedGame(merchant, HOUSE_SLOT_VENDOR, gameCode);
    if (!listed || listed.status === 'retired' || listed.vendor_status === 'retired') throw new AppError('game.not.found');
    if (listed.status !== 'active' || listed.vendor_status !== 'active') throw new AppError('game.maintenance');
    await this.checks.assertMayPlay(memberId);
    return { playMoney: await this.checks.isTrial(merchant, memberId) };
  }

  /**
   * The member's active seed, locked in `trx`, for a round that takes its nonce outside `house_spin` (a mines round):
   * this process's copy of the seed is dropped, as the nonce is about to move.
   */
  lockSeedForRound(trx: Transaction<Database>, merchant: string, memberId: bigint): Promise<Seed> {
    this.seeds.delete(seedKey(merchant, memberId));
    return this.lockedSeed(trx, merchant, memberId);
  }

  /** The checks every house round passes, then the round itself (`playRound`) and the bonus's wagering count. */
  private async settle(
    merchant: string,
    memberId: bigint,
    game: HouseGameRound,
    bet: bigint,
    clientRoundId: string,
    liveCheck: SessionLiveCheck | undefined,
  ) {
    const { playMoney } = await this.admit(merchant, memberId, game.gameCode);
    const offer = playMoney ? CASH_OFFER : await this.stakes.offerFor(merchant, memberId, bet, HOUSE_SLOT_CATEGORY);
    const play = { merchant, memberId, game, bet, playMoney, clientRoundId, liveCheck, offer };
    const { answer, written } = await retryOnDeadlock(() => this.playRound(play));
    // The round has committed whatever happens next: wagering it missed is counted by the bonus's next count.
    if (offer.claimId !== null && !answer.replayed) {
      const stakeBalanceAfter = BigInt(answer.balance) - written.stake.besideMinor;
      await this.stakes
        .afterRound(merchant, memberId, offer.claimId, written.stake, stakeBalanceAfter, written.counted)
        .catch(() => undefined);
    }
    return answer;
  }

  /**
   * The spin in one round trip: compute the outcome from the member's seed as last seen and write it all in one
   * statement that only applies if the seed has not moved meanwhile (a stale answer brings the seed as it is now).
   * A member's spins racing each other make that check fail; after OPTIMISTIC_ATTEMPTS the spin takes the seed's
   * lock first, so a burst of one member's spins queues instead of retrying in a loop.
   */
  private async playRound(play: Play) {
    const key = seedKey(play.merchant, play.memberId);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const seed = this.seeds.get(key) ?? (await repo.selectSpinSeed(this.db, play.merchant, play.memberId));
      if (!seed) break;
      const spun = await this.writeRound(this.db, play, seed);
      this.rememberSeed(key, spun);
      if (spun.written.outcome !== 'stale') return { answer: await this.answer(play, spun), written: spun.written };
    }
    const spun = await this.db.transaction().execute(async (trx) => {
      const written = await this.writeRound(trx, play, await this.lockedSeed(trx, play.merchant, play.memberId));
      if (written.written.outcome === 'stale') throw new Error('house spin: the locked seed moved');
      return written;
    });
    this.rememberSeed(key, spun);
    return { answer: await this.answer(play, spun), written: spun.written };
  }

  private rememberSeed(key: string, { seed, written }: Spun) {
    const next =
      written.outcome === 'done'
        ? { ...seed, next_nonce: seed.next_nonce + 1n }
        : written.outcome === 'stale'
          ? written.seedNow
          : seed;
    if (!next) {
      this.seeds.delete(key);
      return;
    }
    if (this.seeds.size >= SEED_CACHE_LIMIT) this.seeds.clear();
    this.seeds.set(key, next);
  }

  /** The round of a client round id played before (a retry), or a conflict if it asked for another bet. */
  private async replayRound(play: Play) {
    const existing = await repo.selectRoundByClientId(this.db, play.merchant, play.memberId, play.clientRoundId);
    if (!existing) throw new Error('house spin: the played round vanished');
    if (
      existing.game_code !== play.game.gameCode ||
      existing.bet !== play.bet ||
      !play.game.sameChoice(existing.outcome as HouseOutcome)
    )
      throw new AppError('game.round.conflict');
    const balance = await this.ledger.balanceOf(play.merchant, memberMain(play.memberId));
    return { round: roundView(existing), balance: balance.available.toString(), replayed: true };
  }

  /** Computes the round from `seed` and sends the spin's one statement (`repo.playSpin`). */
  private async writeRound(db: Kysely<Database>, play: Play, seed: repo.SpinSeed): Promise<Spun> {
    const { merchant, memberId, game, bet, playMoney } = play;
    // Bet and win on one house shard: each transfer keeps its shard row locked until commit, and two spins
    // each holding the shard the other picked next would deadlock (ledger TransferInput.shard).
    const shard = randomShard();
    // A bonus stake's win returns to the bonus balance; bonus stakes are no valid bets (cashback pays on cash only).
    const transfer = (fromBonus: boolean, kind: 'bet' | 'win', amount: bigint) => {
      const wallet: AccountRef = fromBonus ? { kind: 'member_bonus', memberId } : memberMain(memberId);
      return this.ledger.prepareTransfer({
        merchant,
        from: kind === 'bet' ? wallet : houseAccount(playMoney),
        to: kind === 'bet' ? houseAccount(playMoney) : wallet,
        amount,
        kind,
        cause: { type: 'game_round', id: ROUND_ID_IN_STATEMENT },
        idempotencyKey: `house-round:${ROUND_ID_IN_STATEMENT}:${kind}`,
        memo: {
          ...gameMemo({
            gameCategory: HOUSE_SLOT_CATEGORY,
            validBet: kind === 'bet' && !fromBonus ? bet : 0n,
            vendor: HOUSE_SLOT_VENDOR,
            gameCode: game.gameCode,
            roundId: ROUND_ID_IN_STATEMENT,
          }),
          ...(fromBonus ? { stake: 'bonus' } : {}),
        },
        shard,
      });
    };
    const { outcome, win } = game.play(
      new FairStream({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: Number(seed.next_nonce) }),
      bet,
    );
    const pair = (fromBonus: boolean) => ({
      bet: transfer(fromBonus, 'bet', bet),
      win: win > 0n ? transfer(fromBonus, 'win', win) : null,
    });
    const cash = pair(false);
    const bonus = play.offer.bonusUsable ? pair(true) : null;
    const written = await repo.playSpin(db, {
      merchant,
      memberId,
      siteSession: play.liveCheck ?? null,
      seed,
      round: {
        game_code: game.gameCode,
        engine_game: game.engineGame,
        bet,
        win,
        play_money: playMoney,
        client_round_id: play.clientRoundId,
        outcome: JSON.stringify(outcome),
      },
      betTransfer: cash.bet.call,
      winTransfer: cash.win?.call ?? null,
      claimId: play.offer.claimId,
      bonusBetTransfer: bonus?.bet.call ?? null,
      bonusWinTransfer: bonus?.win?.call ?? null,
    });
    const paid = written.stake.fromBonus && bonus ? bonus : cash;
    return { seed, outcome, win, betTransfer: paid.bet, winTransfer: paid.win, written };
  }

  /** The player's answer to a committed spin statement. */
  private answer(play: Play, { seed, outcome, win, betTransfer, winTransfer, written }: Spun) {
    if (written.outcome === 'ended') throw new AppError('game.session.invalid');
    if (written.outcome === 'played') return this.replayRound(play);
    if (!written.bet) throw new Error(`house spin: no answer for the bet (${written.outcome})`);
    // Throws the ledger's refusal (insufficient funds) when the bet was refused.
    const betReceipt = this.ledger.receiptOfPrepared(betTransfer, written.bet, true);
    if (written.outcome !== 'done' || written.roundId === null || !written.roundCreatedAt)
      throw new Error(`house spin: bet answered ${written.bet.outcome}`);
    const winReceipt = winTransfer && written.win ? this.ledger.receiptOfPrepared(winTransfer, written.win, true) : null;
    const available = winReceipt ? winReceipt.available.credit : betReceipt.available.debit;
    if (available === null) throw new Error('house spin: no balance after the round');
    const playable = available + written.stake.besideMinor;
    const round = roundView({
      id: written.roundId,
      member_id: play.memberId,
      game_code: play.game.gameCode,
      engine_game: play.game.engineGame,
      seed_id: seed.id,
      client_seed: seed.client_seed,
      nonce: seed.next_nonce,
      bet: play.bet,
      win,
      play_money: play.playMoney,
      outcome,
      created_at: written.roundCreatedAt,
      commitment: seed.commitment,
      server_seed: seed.server_seed,
      seed_active: true,
    });
    return { round, balance: playable.toString(), replayed: false };
  }

  /** The member's own round; once its seed is revealed, re-computed here with the same engine and compared. */
  async verify(merchant: string, memberId: bigint, roundId: bigint): Promise<RoundVerification> {
    const row = await repo.selectRound(this.db, merchant, memberId, roundId);
    if (!row) throw new AppError('game.round.not.found');
    const round = roundView(row);
    if (row.seed_active) return { round, serverSeed: null, verified: null, recomputed: null };
    const seeds = { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) };
    const recomputed = replayStored(row.engine_game, round.outcome, seeds, row.bet);
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

/** A stored round played again from its seeds with the engine game it names (and, for an instant game, its choice). */
function replayStored(
  engineGame: string,
  stored: HouseOutcome,
  seeds: Parameters<typeof replayRound>[0],
  bet: bigint,
): HouseOutcome {
  if (isOriginalGame(engineGame)) {
    if (!('game' in stored)) throw new Error(`house round of ${engineGame} stored without its choice`);
    const choice = choiceOf(stored as OriginalOutcome);
    return replayRound(seeds, (source) => playOriginal(source, choice));
  }
  const game = slotGameById(engineGame);
  if (!game) throw new Error(`house-engine has no game ${engineGame}`);
  return outcomeView(replayRound(seeds, (source) => spin(game, source, bet)));
}
