import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { CashbackService } from './service.js';

describe('cashback under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let second: Db;
  beforeAll(async () => {
    t = await createTestApp();
    second = await t.db.reopen();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('pays a claim sent at once from two server instances exactly once', async () => {
    const later = () => new Date(Date.now() + 5 * 60_000);
    const one = new CashbackService(t.db.kysely, new Ledger(t.db.kysely), later);
    const two = new CashbackService(second.kysely, new Ledger(second.kysely), later);
    await one.setRate(DEMO_MERCHANT, 'RNG', 100, 'test');
    const ledger = new Ledger(t.db.kysely);
    const members = await Promise.all(Array.from({ length: 3 }, () => newMember(t.db.kysely)));
    for (const member of members) {
      const main = { kind: 'member_main', memberId: member.id } as const;
      await ledger.transfer({
        merchant: DEMO_MERCHANT,
        from: { kind: 'channel_in', channel: 't' },
        to: main,
        amount: 50_000n,
        kind: 'deposit',
        cause: { type: 'operator', id: 't' },
      });
      await ledger.transfer({
        merchant: DEMO_MERCHANT,
        from: main,
        to: { kind: 'house', purpose: 'games' },
        amount: 50_000n,
        kind: 'bet',
        cause: { type: 'game_round', id: 'r' },
        memo: { gameCategory: 'RNG', validBet: 50_000 },
      });
    }
    const attempts = members.flatMap((m) => [1, 2, 3].map((i) => (i % 2 ? one : two).claim(DEMO_MERCHANT, m.id)));
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(members.length);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'cashback.nothing.to.claim' });
    for (const member of members) {
      expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).balance).toBe(500n);
      const rebates = await t.db.kysely
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
        .select('t.id')
        .where('a.owner_id', '=', member.id)
        .where('t.kind', '=', 'rebate')
        .execute();
      expect(rebates).toHaveLength(1);
    }
  });
});
