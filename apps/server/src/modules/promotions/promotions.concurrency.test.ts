import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import type { Services } from '../../services.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { createTestServices } from '../../test/test-services.js';
import * as repo from './repo.js';
import { balances, createPromotion, freeBonusInput, LANGUAGE, ledgerOf, spin } from './test/kit.js';

describe('promotions under concurrency, two instances', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let secondDb: Db;
  let second: Services;
  beforeAll(async () => {
    t = await createTestApp();
    secondDb = await t.db.reopen();
    second = createTestServices(secondDb);
  });
  afterAll(async () => {
    await secondDb.close();
    await t.close();
  });

  it('never pays past the budget under 50 claims at once', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('1000', { budgetMinor: '10000' }));
    const members = await Promise.all(Array.from({ length: 50 }, () => newMember(t.db.kysely)));
    const results = await Promise.allSettled(
      members.map((member, i) =>
        (i % 2 ? second : t.services).promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) {
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ code: 'promo.not.available', value: { fields: [{ params: { reason: 'exhausted' } }] } });
    }
    const row = await repo.selectPromotion(t.db.kysely, DEMO_MERCHANT, BigInt(promotion.id));
    expect(row).toMatchObject({ budget_used_minor: 10_000n, claims_count: 10 });
    const granted = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('total')])
      .where(
        'idempotency_key',
        'in',
        (await Promise.all(members.map((m) => repo.selectMemberClaims(t.db.kysely, m.id))))
          .flat()
          .map((c) => `promotion-grant:${c.id}`),
      )
      .executeTakeFirstOrThrow();
    expect({ n: Number(granted.n), total: BigInt(granted.total) }).toEqual({ n: 10, total: 10_000n });
  });

  it('never pays past the total claims of a free bonus, nor twice to one player, under 50 joins at once', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('700', { maxClaimsTotal: 7 }));
    const members = await Promise.all(Array.from({ length: 50 }, () => newMember(t.db.kysely)));
    const results = await Promise.allSettled(
      members.map((member, i) =>
        (i % 2 ? second : t.services).promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    const row = await repo.selectPromotion(t.db.kysely, DEMO_MERCHANT, BigInt(promotion.id));
    expect(row).toMatchObject({ budget_used_minor: 4_900n, claims_count: 7 });

    const once = await createPromotion(t.services, freeBonusInput('300'));
    const player = await newMember(t.db.kysely);
    const joins = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? second : t.services).promotions.join(DEMO_MERCHANT, player.id, BigInt(once.id), LANGUAGE),
      ),
    );
    expect(joins.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const claims = await repo.selectMemberClaims(t.db.kysely, player.id);
    expect(claims.map((claim) => claim.state)).toEqual(['issued']);
    expect(await balances(ledgerOf(t.services), player.id)).toEqual({ cash: 0n, bonus: 300n });
  });

  it('converts exactly once when concurrent bets from both instances cross the requirement', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('10000', { wageringMultiplier: 1 }));
    const member = await newMember(t.db.kysely);
    await ledgerOf(t.services).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'adjustments' },
      to: { kind: 'member_main', memberId: member.id },
      amount: 100_000n,
      kind: 'adjustment',
      cause: { type: 'operator', id: 'test' },
    });
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    const rounds = await Promise.all(Array.from({ length: 8 }, (_, i) => spin(i % 2 ? second : t.services, member.id, 2_000n)));
    const [claim] = await repo.selectMemberClaims(t.db.kysely, member.id);
    expect(claim).toMatchObject({ state: 'claimed', converted_minor: 10_000n });
    const conversions = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('idempotency_key', 'like', `promotion-convert:${claim?.id}`)
      .execute();
    expect(conversions).toEqual([{ amount: 10_000n }]);
    const net = rounds.reduce((sum, r) => sum + BigInt(r.round.win) - BigInt(r.round.bet), 0n);
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 100_000n + 10_000n + net, bonus: 0n });
  });
});
