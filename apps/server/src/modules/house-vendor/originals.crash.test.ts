import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbTarget } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { crashTestDatabase, runCrashWorker } from '../../test/crash-worker.js';
import { Ledger } from '../ledger/service.js';
import { HouseVendor } from './service.js';
import { fundedMember } from './test/kit.js';

/**
 * A server SIGKILLed in the middle of an instant game round (its statement ran, the transaction never committed),
 * then the same client round id played again (on PostgreSQL by two instances at once): one round, one debit, one
 * win, the nonce advanced once.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const worker = fileURLToPath(new URL('./test/round-worker.ts', import.meta.url));
const runWorker = (target: DbTarget, mode: 'stall' | 'run', memberId: bigint, clientRoundId: string) =>
  runCrashWorker(worker, [JSON.stringify(target), mode, memberId.toString(), clientRoundId], mode === 'stall');

describe('an instant game round after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('settles once across a SIGKILL mid-round and a retry', { timeout: 300_000 }, async () => {
    const { target, open } = await crashTestDatabase('originals-crash-', cleanups);
    let db = await open();
    const member = await fundedMember(db.kysely, 10_000n);
    // A first round commits the member's seed, so the worker's round is a single statement on it.
    const first = await new HouseVendor(db.kysely, new Ledger(db.kysely)).playOriginal(
      DEMO_MERCHANT,
      member.id,
      {
        gameCode: 'TS_DICE',
        bet: '100',
        clientRoundId: 'crash-test-first',
        choice: { game: 'dice', target: 5000, direction: 'under' },
      },
      { autoBetAllowed: true },
    );
    const before = 10_000n - 100n + BigInt(first.round.win);
    await db.close();

    const killed = await runWorker(target, 'stall', member.id, 'crash-test-round');
    expect(killed.signal, `${killed.stderr} ${killed.lines.join(' | ')}`).toBe('SIGKILL');
    expect(killed.lines).toContain('stalled');

    db = await open();
    const balance = () => new Ledger(db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect((await balance()).available).toBe(before);
    const rounds = () =>
      db.kysely
        .selectFrom('house_rounds')
        .select(['id', 'nonce', 'win'])
        .where('member_id', '=', member.id)
        .orderBy('id')
        .execute();
    expect(await rounds()).toHaveLength(1);
    await db.close();

    const reruns = await Promise.all(
      (ON_POSTGRES ? ['run', 'run'] : ['run']).map(() => runWorker(target, 'run', member.id, 'crash-test-round')),
    );
    for (const rerun of reruns)
      expect({ code: rerun.code, done: rerun.lines.includes('done') }, rerun.stderr).toEqual({ code: 0, done: true });
    const answers = reruns.map(
      (rerun) => JSON.parse(rerun.lines[0] ?? '{}') as { roundId: string; win: string; replayed: boolean },
    );
    expect(new Set(answers.map((a) => a.roundId)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);

    db = await open();
    try {
      const played = await rounds();
      expect(played.map((r) => Number(r.nonce))).toEqual([0, 1]);
      expect(played[1]?.id.toString()).toBe(answers[0]?.roundId);
      expect((await balance()).available).toBe(before - 1000n + (played[1]?.win ?? 0n));
      const transfers = await db.kysely
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('cause_type', '=', 'game_round')
        .where('cause_id', '=', answers[0]?.roundId ?? '')
        .executeTakeFirstOrThrow();
      expect(Number(transfers.n)).toBe(BigInt(answers[0]?.win ?? '0') > 0n ? 2 : 1);
    } finally {
      await db.close();
    }
  });
});
