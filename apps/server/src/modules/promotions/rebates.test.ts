import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import type { Services } from '../../services.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { createTestServices } from '../../test/test-services.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import * as repo from './repo.js';
import { balances, createPromotion, freeBonusInput, LANGUAGE, ledgerOf, STAFF } from './test/kit.js';
import { rebateInput, rebatesOn, round, TOMORROW } from './test/rebate-kit.js';

describe('loss rebates', () => {
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
  const rebatesOf = (promotionId: string) =>
    t.db.kysely
      .selectFrom('promotion_rebates')
      .selectAll()
      .where('promotion_id', '=', BigInt(promotionId))
      .orderBy('member_id')
      .execute();
  const closeOtherRebates = async (keep: string) => {
    for (const item of await t.services.promotionsAdmin.list(DEMO_MERCHANT))
      if (item.type === 'rebate' && item.id !== keep && item.state !== 'closed')
        await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(item.id), STAFF);
  };

  it('refuses rebate terms that do not hold together, and a rebate cannot be joined', async () => {
    const bad = t.services.promotionsAdmin.create(
      DEMO_MERCHANT,
      rebateInput({ rebateCategories: [], fixedBonusMinor: '100' }),
      'bn',
      STAFF,
    );
    await expect(bad).rejects.toMatchObject({ code: 'promo.rejected' });
    const notRebate = t.services.promotionsAdmin.create(
      DEMO_MERCHANT,
      freeBonusInput('100', { rebatePeriod: 'daily' }),
      'bn',
      STAFF,
    );
    await expect(notRebate).rejects.toMatchObject({ code: 'promo.rejected' });
    const promotion = await createPromotion(t.services, rebateInput());
    const member = await newMember(t.db.kysely);
    const join = t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    await expect(join).rejects.toMatchObject({
      code: 'promo.not.available',
      value: { fields: [{ params: { reason: 'automatic' } }] },
    });
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });

  it('pays each member their percent of the net loss once the day closes, in batches, once, on two instances', async () => {
    const promotion = await createPromotion(t.services, rebateInput({ bonusCapMinor: '3000' }));
    await closeOtherRebates(promotion.id);
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(t.db.kysely)));
    // Losses: 10,000 (pays 1,000), 50,000 (capped at 3,000), 500 (below the minimum), a net win, lottery only.
    const [lost, capped, small, winner, lottery, limited, ...rest] = members as [(typeof members)[0], ...typeof members];
    await round(t.db.kysely, lost.id, 12_000n, 2_000n);
    await round(t.db.kysely, capped!.id, 50_000n, 0n);
    await round(t.db.kysely, small!.id, 500n, 0n);
    await round(t.db.kysely, winner!.id, 1_000n, 5_000n);
    await round(t.db.kysely, lottery!.id, 20_000n, 0n, 'LOTT');
    await round(t.db.kysely, limited!.id, 20_000n, 0n);
    await t.services.responsibleGaming.setDepositLimit(DEMO_MERCHANT, limited!.id, 'daily', 1_000_000n);
    for (const member of rest) await round(t.db.kysely, member.id, 20_000n, 0n);

    // The member follows the rebate accruing before the day closes.
    const token = await sessionFor(t.db.kysely, lost);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/wps/promotions/detail?promotionId=${promotion.id}`,
      headers: { language: 'en', authorization: token },
    });
    expect(detail.json().value).toMatchObject({
      status: 'process',
      rebate: { lossMinor: '10000', estimateMinor: '1000', last: null },
    });

    // Before the day ends nothing is paid.
    expect(await rebatesOn(t.services, t.db.kysely, () => new Date()).runNow()).toBe(0);
    const clock = TOMORROW();
    const runs = await Promise.all([
      rebatesOn(t.services, t.db.kysely, () => clock).runNow(),
      rebatesOn(second, secondDb.kysely, () => clock).runNow(),
    ]);
    expect(runs[0] + runs[1]).toBe(2 + rest.length);
    const rows = await rebatesOf(promotion.id);
    expect(rows.map((row) => [row.member_id, row.state, row.rebate_minor, row.reason])).toEqual(
      [
        [lost.id, 'paid', 1_000n, null],
        [capped!.id, 'paid', 3_000n, null],
        [limited!.id, 'refused', 2_000n, 'responsible_gaming'],
        ...rest.map((member) => [member.id, 'paid', 2_000n, null]),
      ].sort((a, b) => Number((a[0] as bigint) - (b[0] as bigint))),
    );
    const ledger = ledgerOf(t.services);
    expect(await balances(ledger, lost.id)).toEqual({ cash: 2_000n + 1_000n, bonus: 0n });
    expect(await balances(ledger, limited!.id)).toEqual({ cash: 0n, bonus: 0n });
    const keys = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'kind'])
      .where('idempotency_key', 'like', `promotion-rebate:${promotion.id}:%`)
      .execute();
    expect(keys).toHaveLength(2 + rest.length);
    expect(keys.every((key) => key.kind === 'rebate')).toBe(true);
    // A run again finds the day closed and pays nothing more.
    expect(await rebatesOn(t.services, t.db.kysely, () => clock).runNow()).toBe(0);
    const after = await t.app.inject({
      method: 'GET',
      url: `/wps/promotions/detail?promotionId=${promotion.id}`,
      headers: { language: 'en', authorization: token },
    });
    expect(after.json().value.rebate.last).toMatchObject({ lossMinor: '10000', rebateMinor: '1000', state: 'paid' });
    const row = await repo.selectPromotion(t.db.kysely, DEMO_MERCHANT, BigInt(promotion.id));
    expect(row).toMatchObject({
      budget_used_minor: 1_000n + 3_000n + 2_000n * BigInt(rest.length),
      claims_count: 2 + rest.length,
    });
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });

  it('pays a bonus rebate with wagering, and one for a member with another bonus running once it ends', async () => {
    // One after the other: a period pays in member id order, and the budget runs out at the third.
    const plain = await newMember(t.db.kysely);
    const busy = await newMember(t.db.kysely);
    const late = await newMember(t.db.kysely);
    // For these three only: the earlier test's members lost today too.
    const audience = { audience: 'members' as const, accounts: [plain.account, busy.account, late.account] };
    const promotion = await createPromotion(t.services, rebateInput({ wageringMultiplier: 5, budgetMinor: '2500', ...audience }));
    await closeOtherRebates(promotion.id);
    const free = await createPromotion(t.services, freeBonusInput('500', { wageringMultiplier: 1 }));
    const ours = new Set([plain.id, busy.id, late.id]);
    const rebatesOfOurs = async () => (await rebatesOf(promotion.id)).filter((row) => ours.has(row.member_id));
    await round(t.db.kysely, plain.id, 10_000n, 0n);
    await round(t.db.kysely, busy.id, 10_000n, 0n);
    await round(t.db.kysely, late.id, 10_000n, 0n);
    await t.services.promotions.join(DEMO_MERCHANT, busy.id, BigInt(free.id), LANGUAGE);
    const clock = TOMORROW();
    const rebates = rebatesOn(t.services, t.db.kysely, () => clock);
    expect(await rebates.runNow()).toBe(1);
    const rows = await rebatesOfOurs();
    expect(rows.map((row) => [row.member_id, row.state, row.reason])).toEqual([
      [plain.id, 'paid', null],
      [busy.id, 'waiting', null],
      [late.id, 'refused', 'exhausted'],
    ]);
    const [claim] = await repo.selectMemberClaims(t.db.kysely, plain.id);
    expect(claim).toMatchObject({
      state: 'issued',
      bonus_minor: 1_000n,
      required_minor: 5_000n,
      promotion_id: BigInt(promotion.id),
    });
    expect(await balances(ledgerOf(t.services), plain.id)).toEqual({ cash: 0n, bonus: 1_000n });

    // The free bonus ends (forfeited on a withdrawal); the next run pays the waiting rebate.
    const [open] = await repo.selectMemberClaims(t.db.kysely, busy.id);
    await t.db.kysely.transaction().execute(async (trx) => {
      const locked = await repo.lockClaim(trx, open!.id);
      if (locked) await t.services.promotions.money.sweep(trx, locked, 'forfeited', 'test');
    });
    expect(await rebates.runNow()).toBe(1);
    expect(await balances(ledgerOf(t.services), busy.id)).toEqual({ cash: 0n, bonus: 1_000n });
    expect((await rebatesOfOurs()).map((row) => row.state)).toEqual(['paid', 'paid', 'refused']);
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });
});
