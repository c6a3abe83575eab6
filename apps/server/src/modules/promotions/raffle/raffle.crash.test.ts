import { fileURLToPath } from 'node:url';
import { drawRaffle } from '@tessera/house-engine/raffle/draw';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbTarget } from '../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { buildServices } from '../../../services.js';
import { crashTestConfig, crashTestDatabase, runCrashWorker } from '../../../test/crash-worker.js';
import { fundedMember } from '../../house-vendor/test/kit.js';
import { spin } from '../test/kit.js';
import { createRaffle } from './test/kit.js';

/**
 * A server SIGKILLed while it draws a raffle, after the closing count and the winners were written and before the
 * commit; then the draw runs again (on PostgreSQL, in two instances at once). The raffle is drawn once, with the
 * winners its committed seed gives.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const worker = fileURLToPath(new URL('./test/draw-worker.ts', import.meta.url));

const runWorker = (target: DbTarget, mode: 'stall' | 'run', promotionId: bigint) =>
  runCrashWorker(worker, [JSON.stringify(target), mode, promotionId.toString()], mode === 'stall');

describe('a raffle draw after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const database = () => crashTestDatabase('raffle-crash-', cleanups);

  it('draws once across a SIGKILL mid-draw and a rerun', { timeout: 300_000 }, async () => {
    const { target, open } = await database();
    let db = await open();
    const services = buildServices({ config: crashTestConfig({ testClock: true }), db, log: null });
    const players = await Promise.all([1, 2, 3].map(() => fundedMember(db.kysely, 1_000_000n)));
    const { promotionId } = await createRaffle(
      services,
      {},
      players.map((p) => p.account),
    );
    for (const player of players) await spin(services, player.id, 2000n);
    await db.kysely.updateTable('raffles').set({ draw_at: new Date() }).where('promotion_id', '=', promotionId).execute();
    await db.close();

    const killed = await runWorker(target, 'stall', promotionId);
    expect(killed.signal, `${killed.stderr} ${killed.lines.join(' | ')}`).toBe('SIGKILL');
    expect(killed.lines).toContain('stalled');

    db = await open();
    const before = await db.kysely
      .selectFrom('raffles')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .executeTakeFirstOrThrow();
    expect(before.drawn_at).toBeNull();
    expect(await db.kysely.selectFrom('raffle_winners').selectAll().where('promotion_id', '=', promotionId).execute()).toEqual(
      [],
    );
    await db.close();

    const reruns = await Promise.all((ON_POSTGRES ? ['run', 'run'] : ['run']).map(() => runWorker(target, 'run', promotionId)));
    for (const rerun of reruns)
      expect({ code: rerun.code, done: rerun.lines.includes('done') }, rerun.stderr).toEqual({ code: 0, done: true });
    expect(reruns.flatMap((rerun) => rerun.lines).filter((line) => line === 'drew true')).toHaveLength(1);

    db = await open();
    try {
      const raffle = await db.kysely
        .selectFrom('raffles')
        .selectAll()
        .where('promotion_id', '=', promotionId)
        .executeTakeFirstOrThrow();
      expect(raffle).toMatchObject({ tickets_total: 6 });
      const winners = await db.kysely
        .selectFrom('raffle_winners')
        .select(['place', 'ticket'])
        .where('promotion_id', '=', promotionId)
        .orderBy('place')
        .execute();
      const list = await db.kysely
        .selectFrom('raffle_entries')
        .select('tickets')
        .where('promotion_id', '=', promotionId)
        .where('tickets', '>', 0)
        .orderBy('member_id')
        .execute();
      const expected = drawRaffle({ serverSeed: raffle.server_seed, clientSeed: `raffle:${promotionId}`, nonce: 0 }, list, 2);
      expect(winners).toEqual(expected.map((w) => ({ place: w.place, ticket: w.ticket })));
      expect(DEMO_MERCHANT).toBe(raffle.merchant_code);
    } finally {
      await db.close();
    }
  });
});
