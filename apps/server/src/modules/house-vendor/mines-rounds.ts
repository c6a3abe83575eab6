import type { OriginalRound } from '@tessera/contract/api/house-games';
import type { MinesAnswer, OpenMinesRound, RevealMineBody, StartMinesBody } from '@tessera/contract/api/house-originals';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import {
  isValidMinesCount,
  type MinesOutcome,
  minesBoard,
  minesMaxPicks,
  minesMultiplier,
  minesOutcome,
  minesWin,
} from '@tessera/house-engine/originals/mines';
import { FairStream } from '@tessera/house-engine/rng/fair';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { gameMemo, houseAccount, memberMain } from '../games/accounts.js';
import { type Ledger, randomShard } from '../ledger/service.js';
import { HOUSE_SLOT_CATEGORY, HOUSE_SLOT_VENDOR } from './games.js';
import type { OpenRoundRow } from './mines-repo.js';
import * as minesRepo from './mines-repo.js';
import { type HouseOriginal, houseOriginalByCode } from './originals.js';
import * as repo from './repo.js';
import type { HouseVendor } from './service.js';
import { roundView } from './views.js';

/** Runs a mines step's transaction; a crash test passes one that never commits. */
export type RunInTransaction = <T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
const commit: RunInTransaction = (db, work) => db.transaction().execute(work);

const transferKey = (roundId: bigint, kind: 'bet' | 'win') => `house-round:${roundId}:${kind}`;

/**
 * Mines rounds (docs/decisions.md "A mines round is kept open on the server"): the start holds the bet in the
 * ledger and takes the seed's next nonce, which fixes the mines; the open round is a row, so a reload resumes it on
 * any instance. A mine or a cash-out settles it in one transaction, under the open row's lock: the row is deleted, the
 * hold posted as the bet, the win credited and the round written to `house_rounds` under the id it had while open.
 * Whoever asks second finds the settled round: a round is never paid twice.
 */
export class MinesRounds {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly house: HouseVendor,
    private readonly transact: RunInTransaction = commit,
  ) {}

  async start(merchant: string, memberId: bigint, body: StartMinesBody): Promise<MinesAnswer> {
    const original = minesGame(body.gameCode);
    const bet = BigInt(body.bet);
    if (bet < original.minBet || bet > original.maxBet) {
      const params = { minMinor: original.minBet.toString(), maxMinor: original.maxBet.toString(), multipleOf: 1 };
      throw new AppError('game.bet.invalid', { fields: [{ field: 'body/bet', key: 'errors.game_bet_invalid', params }] });
    }
    if (!isValidMinesCount(body.mines)) {
      throw new AppError('game.choice.invalid', {
        fields: [{ field: 'body/mines', key: 'errors.game_choice_invalid', params: { game: 'mines' } }],
      });
    }
    const { playMoney } = await this.house.admit(merchant, memberId, original.gameCode);
    const settledId = await this.transact(this.db, async (trx) => {
      const seed = await this.house.lockSeedForRound(trx, merchant, memberId);
      const open = await minesRepo.selectOpenRound(trx, merchant, memberId, original.gameCode);
      if (open) {
        if (open.client_round_id !== body.clientRoundId) throw new AppError('game.round.open');
        if (open.bet !== bet || open.mines !== body.mines) throw new AppError('game.round.conflict');
        return null;
      }
      const played = await repo.selectRoundByClientId(trx, merchant, memberId, body.clientRoundId);
      if (played) {
        const outcome = played.outcome as OriginalOutcome;
        if (
          played.game_code !== original.gameCode ||
          played.bet !== bet ||
          outcome.game !== 'mines' ||
          outcome.mines !== body.mines
        )
          throw new AppError('game.round.conflict');
        return played.id;
      }
      const id = await minesRepo.nextRoundId(trx);
      const shard = randomShard();
      const hold = await this.ledger.hold(
        {
          merchant,
          from: memberMain(memberId),
          to: houseAccount(playMoney),
          amount: bet,
          kind: 'bet',
          cause: { type: 'game_round', id: id.toString() },
          idempotencyKey: transferKey(id, 'bet'),
          memo: gameMemo({
            gameCategory: HOUSE_SLOT_CATEGORY,
            validBet: bet,
            vendor: HOUSE_SLOT_VENDOR,
            gameCode: original.gameCode,
            roundId: id.toString(),
          }),
          shard,
        },
        trx,
      );
      await minesRepo.takeNonce(trx, seed.id);
      await minesRepo.insertOpenRound(trx, {
        id,
        merchant_code: merchant,
        member_id: memberId,
        game_code: original.gameCode,
        engine_game: original.game,
        seed_id: seed.id,
        client_seed: seed.client_seed,
        nonce: seed.next_nonce,
        bet,
        play_money: playMoney,
        client_round_id: body.clientRoundId,
        mines: body.mines,
        hold_transfer_id: hold.id,
        shard,
      });
      return null;
    });
    if (settledId !== null) return this.settledAnswer(merchant, memberId, settledId);
    return this.current(merchant, memberId, original.gameCode);
  }

  /** The member's open round of the game, or none: what a reloaded page resumes. */
  async current(merchant: string, memberId: bigint, gameCode: string): Promise<MinesAnswer> {
    const original = minesGame(gameCode);
    const open = await minesRepo.selectOpenRound(this.db, merchant, memberId, original.gameCode);
    return { open: open ? openView(open) : null, round: null, balance: await this.balance(merchant, memberId) };
  }

  /** Reveals a tile: a mine settles the round with no win, the last safe tile the round allows cashes out. */
  async reveal(merchant: string, memberId: bigint, body: RevealMineBody): Promise<MinesAnswer> {
    const original = minesGame(body.gameCode);
    const roundId = BigInt(body.roundId);
    const settled = await this.transact(this.db, async (trx) => {
      const open = await this.lockedRound(trx, merchant, memberId, original.gameCode, roundId);
      if (!open) return true;
      const picks = open.picks;
      if (picks.includes(body.tile)) return false;
      const next = [...picks, body.tile];
      const outcome = minesOutcome(open.mines, boardOf(open), next);
      if (outcome.hit || next.length >= minesMaxPicks(open.mines)) {
        await this.settle(trx, open, outcome);
        return true;
      }
      await minesRepo.setPicks(trx, open.id, next);
      return false;
    });
    return settled ? this.settledAnswer(merchant, memberId, roundId) : this.current(merchant, memberId, original.gameCode);
  }

  /** Cashes out at the multiplier of the safe tiles revealed (at least one). */
  async cashOut(merchant: string, memberId: bigint, body: { gameCode: string; roundId: string }): Promise<MinesAnswer> {
    const original = minesGame(body.gameCode);
    const roundId = BigInt(body.roundId);
    await this.transact(this.db, async (trx) => {
      const open = await this.lockedRound(trx, merchant, memberId, original.gameCode, roundId);
      if (!open) return;
      if (open.picks.length === 0) {
        throw new AppError('game.choice.invalid', {
          fields: [{ field: 'body/roundId', key: 'errors.game_choice_invalid', params: { game: 'mines' } }],
        });
      }
      await this.settle(trx, open, minesOutcome(open.mines, boardOf(open), open.picks));
    });
    return this.settledAnswer(merchant, memberId, roundId);
  }

  /**
   * The open round under its lock; none when it has settled already (a second cash-out, a retry). Another round's id
   * while one is open is the player's mistake, not a settled round.
   */
  private async lockedRound(trx: Transaction<Database>, merchant: string, memberId: bigint, gameCode: string, roundId: bigint) {
    const open = await minesRepo.selectOpenRound(trx, merchant, memberId, gameCode, true);
    if (open && open.id !== roundId) throw new AppError('game.round.not.found');
    return open;
  }

  private async settle(trx: Transaction<Database>, open: OpenRoundRow, outcome: MinesOutcome) {
    const win = minesWin(outcome, open.bet);
    await minesRepo.deleteOpenRound(trx, open.id);
    await this.ledger.post(open.hold_transfer_id, trx);
    const winTransfer =
      win > 0n
        ? await this.ledger.transfer(
            {
              merchant: open.merchant_code,
              from: houseAccount(open.play_money),
              to: memberMain(open.member_id),
              amount: win,
              kind: 'win',
              cause: { type: 'game_round', id: open.id.toString() },
              idempotencyKey: transferKey(open.id, 'win'),
              memo: gameMemo({
                gameCategory: HOUSE_SLOT_CATEGORY,
                validBet: 0n,
                vendor: HOUSE_SLOT_VENDOR,
                gameCode: open.game_code,
                roundId: open.id.toString(),
              }),
              shard: open.shard,
            },
            trx,
          )
        : null;
    await minesRepo.insertSettledRound(trx, {
      id: open.id,
      merchant_code: open.merchant_code,
      member_id: open.member_id,
      game_code: open.game_code,
      engine_game: open.engine_game,
      seed_id: open.seed_id,
      client_seed: open.client_seed,
      nonce: open.nonce,
      bet: open.bet,
      win,
      play_money: open.play_money,
      client_round_id: open.client_round_id,
      outcome: JSON.stringify(outcome),
      bet_transfer_id: open.hold_transfer_id,
      win_transfer_id: winTransfer?.id ?? null,
    });
  }

  private async settledAnswer(merchant: string, memberId: bigint, roundId: bigint): Promise<MinesAnswer> {
    const row = await repo.selectRound(this.db, merchant, memberId, roundId);
    if (!row) throw new AppError('game.round.not.found');
    return { open: null, round: roundView(row) as OriginalRound, balance: await this.balance(merchant, memberId) };
  }

  private async balance(merchant: string, memberId: bigint) {
    return (await this.ledger.balanceOf(merchant, memberMain(memberId))).available.toString();
  }
}

function minesGame(gameCode: string): HouseOriginal {
  const original = houseOriginalByCode(gameCode);
  if (original?.game !== 'mines') throw new AppError('game.not.found');
  return original;
}

/** The round's mines, from the seed, client seed and nonce it took at the start. */
const boardOf = (open: OpenRoundRow) =>
  minesBoard(
    new FairStream({ serverSeed: open.server_seed, clientSeed: open.client_seed, nonce: Number(open.nonce) }),
    open.mines,
  );

function openView(open: OpenRoundRow): OpenMinesRound {
  const maxPicks = minesMaxPicks(open.mines);
  const picks = open.picks;
  return {
    roundId: open.id.toString(),
    gameCode: open.game_code,
    bet: open.bet.toString(),
    mines: open.mines,
    picks,
    multiplier: picks.length === 0 ? 0 : minesMultiplier(open.mines, picks.length),
    nextMultiplier: picks.length < maxPicks ? minesMultiplier(open.mines, picks.length + 1) : null,
    maxPicks,
    commitment: open.commitment,
    clientSeed: open.client_seed,
    nonce: Number(open.nonce),
  };
}
