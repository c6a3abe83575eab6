import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { readRollup } from './rollup-repo.js';
import { ReportsService } from './service.js';
import { moneyMoves, rollUpAll } from './test/kit.js';

class Crash extends Error {}

describe('the report roll-up on two instances', () => {
  let db: TestDb;
  let other: Db;
  let first: ReportsService;
  let second: ReportsService;

  beforeAll(async () => {
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    other = await db.reopen();
    first = new ReportsService(db.kysely, 'UTC');
    second = new ReportsService(other.kysely, 'UTC');
  });
  afterAll(async () => {
    await other.close();
    await db.close();
  });

  const rollUp = (instance: ReportsService, on: Db) => on.kysely.transaction().execute((trx) => instance.rollUp(trx));
  /** An instance that dies after writing its roll-up, before committing it. */
  const crashingRollUp = (instance: ReportsService, on: Db) =>
    on.kysely
      .transaction()
      .execute(async (trx) => {
        await instance.rollUp(trx);
        throw new Crash();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Crash)) throw error;
      });
  const totals = async () => {
    const { toDay } = await first.dashboard('today', 'demo');
    return (await first.report({ from: toDay, to: toDay, groupBy: 'day' }, { offset: 0, limit: 10 })).totals;
  };

  it('counts every move once while both roll up at once, one of them crashing, and money moves on both', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => newMember(db.kysely)));
    const onFirst = moneyMoves(db.kysely);
    const onSecond = moneyMoves(other.kysely);
    for (const player of players) await onFirst.deposit(player.id, 100_000n);
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all([
        onFirst.bet(players[0]!.id, 100n, 'HOUSE', 'slot1'),
        onSecond.bet(players[1]!.id, 200n, 'HOUSE', 'slot2'),
        rollUp(first, db),
        crashingRollUp(second, other),
        onSecond.bet(players[2]!.id, 300n, 'VEND', 'g1'),
        rollUp(second, other),
        onFirst.win(players[3]!.id, 50n, 'VEND', 'g1'),
      ]);
    }
    await rollUpAll(db.kysely, second);
    const summed = await totals();
    expect([summed.bets, summed.stake, summed.payout, summed.deposits, summed.deposit_amount]).toEqual([
      BigInt(rounds * 3),
      BigInt(rounds * 600),
      BigInt(rounds * 50),
      4n,
      400_000n,
    ]);
    expect((await readRollup(db.kysely)).transfers_to).toBeGreaterThan(0n);
    // The members' running sums too: each player's stake and payout once.
    const { toDay } = await first.dashboard('today', 'demo');
    const perPlayer = async (account: string) => {
      const page = await first.report({ from: toDay, to: toDay, groupBy: 'player', player: account }, { offset: 0, limit: 1 });
      return [page.rows[0]?.bets, page.rows[0]?.stake, page.rows[0]?.payout];
    };
    expect(await Promise.all(players.map((player) => perPlayer(player.account)))).toEqual([
      [BigInt(rounds), BigInt(rounds * 100), 0n],
      [BigInt(rounds), BigInt(rounds * 200), 0n],
      [BigInt(rounds), BigInt(rounds * 300), 0n],
      [0n, 0n, BigInt(rounds * 50)],
    ]);
  });

  it('waits for a transaction older than the ids it noted, so a late commit is counted, once', async () => {
    const player = await newMember(db.kysely);
    const onFirst = moneyMoves(db.kysely);
    await onFirst.deposit(player.id, 10_000n);
    await rollUpAll(db.kysely, first);
    const before = await totals();
    if (db.target.kind === 'pglite') {
      // One connection: no transaction can be open beside the roll-up's, so the bet simply commits first.
      await onFirst.bet(player.id, 700n, 'HOUSE', 'late');
    } else {
      let release = () => {};
      let inserted = (_id: bigint) => {};
      const betWritten = new Promise<bigint>((resolve) => {
        inserted = resolve;
      });
      const held = other.kysely.transaction().execute(async (trx: Transaction<Database>) => {
        const receipt = await moneyMoves(other.kysely).bet(player.id, 700n, 'HOUSE', 'late', trx);
        inserted(receipt.id);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return receipt;
      });
      const heldId = await betWritten;
      // A later move (another member, no row in common) commits with a higher id while the bet is still open: the
      // roll-up must not pass the open one.
      await onFirst.deposit((await newMember(db.kysely)).id, 1n);
      for (let run = 0; run < 3; run += 1) await rollUp(first, db);
      expect((await readRollup(db.kysely)).transfers_to).toBeLessThan(heldId);
      release();
      await held;
    }
    await rollUpAll(db.kysely, first);
    const after = await totals();
    expect([after.bets - before.bets, after.stake - before.stake]).toEqual([1n, 700n]);
  });
});
