import { fileURLToPath } from 'node:url';
import { minesBoard, minesMultiplier } from '@tessera/house-engine/originals/mines';
import { FairStream } from '@tessera/house-engine/rng/fair';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbTarget } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { crashTestDatabase, runCrashWorker } from '../../test/crash-worker.js';
import { Ledger } from '../ledger/service.js';
import { MinesRounds } from './mines-rounds.js';
import { HouseVendor } from './service.js';
import { fundedMember } from './test/kit.js';

/**
 * A server SIGKILLed in the middle of a mines cash-out (its transaction did everything and never committed), then
 * the same cash-out asked again (on PostgreSQL by two instances at once): the round stays open through the crash,
 * then settles once: one bet, one win, one round.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const worker = fileURLToPath(new URL('./test/mines-worker.ts', import.meta.url));
const runWorker = (target: DbTarget, mode: 'stall' | 'run', memberId: bigint, roundId: string) =>
  runCrashWorker(worker, [JSON.stringify(target), mode, memberId.toString(), roundId], mode === 'stall');

describe('a mines cash-out after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('settles once across a SIGKILL mid-cash-out and a retry', { timeout: 300_000 }, async () => {
    const { target, open } = await crashTestDatabase('mines-crash-', cleanups);
    let db = await open();
    const member = await fundedMember(db.kysely, 10_000n);
    const ledger = new Ledger(db.kysely);
    const mines = new MinesRounds(db.kysely, ledger, new HouseVendor(db.kysely, ledger));
    const started = await mines.start(DEMO_MERCHANT, member.id, {
      gameCode: 'TS_MINES',
      bet: '1000',
      mines: 3,
      clientRoundId: 'crash-test-mines',
    });
    const roundId = started.open?.roundId ?? '';
    const seed = await db.kysely
      .selectFrom('house_seeds')
      .select(['server_seed', 'client_seed'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const board = minesBoard(new FairStream({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: 0 }), 3);
    const safe = [...Array(25).keys()].find((tile) => !board.includes(tile)) ?? 0;
    await mines.reveal(DEMO_MERCHANT, member.id, { gameCode: 'TS_MINES', roundId, tile: safe });
    await db.close();

    const killed = await runWorker(target, 'stall', member.id, roundId);
    expect(killed.signal, `${killed.stderr} ${killed.lines.join(' | ')}`).toBe('SIGKILL');
    expect(killed.lines).toContain('stalled');

    db = await open();
    const balance = () => new Ledger(db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect((await balance()).available).toBe(9_000n);
    const stillOpen = await db.kysely.selectFrom('house_open_rounds').select('id').where('member_id', '=', member.id).execute();
    expect(stillOpen.map((row) => row.id.toString())).toEqual([roundId]);
    await db.close();

    const reruns = await Promise.all(
      (ON_POSTGRES ? ['run', 'run'] : ['run']).map(() => runWorker(target, 'run', member.id, roundId)),
    );
    for (const rerun of reruns)
      expect({ code: rerun.code, done: rerun.lines.includes('done') }, rerun.stderr).toEqual({ code: 0, done: true });
    const win = (1000n * BigInt(minesMultiplier(3, 1))) / 10_000n;
    for (const rerun of reruns) expect(JSON.parse(rerun.lines[0] ?? '{}')).toEqual({ roundId, win: win.toString() });

    db = await open();
    try {
      expect((await balance()).available).toBe(9_000n + win);
      const transfers = await db.kysely
        .selectFrom('ledger_transfers')
        .select(['kind', 'state'])
        .where('cause_type', '=', 'game_round')
        .where('cause_id', '=', roundId)
        .orderBy('id')
        .execute();
      expect(transfers).toEqual([
        { kind: 'bet', state: 'posted' },
        { kind: 'win', state: 'posted' },
      ]);
      const rounds = await db.kysely.selectFrom('house_rounds').select('id').where('member_id', '=', member.id).execute();
      expect(rounds.map((row) => row.id.toString())).toEqual([roundId]);
      expect(await db.kysely.selectFrom('house_open_rounds').select('id').execute()).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
