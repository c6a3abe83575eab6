import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import type { Services } from '../../../services.js';
import { createTestApp } from '../../../test/test-app.js';
import { createTestServices } from '../../../test/test-services.js';
import { fundedMember } from '../../house-vendor/test/kit.js';
import { ledgerViolations } from '../../ledger/test/invariants.js';
import { balances, ledgerOf, STAFF, spin } from '../test/kit.js';
import { createRaffle } from './test/kit.js';

describe('raffles under concurrency, two instances', () => {
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

  it('draws once when both instances draw at once, with counts racing it', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedMember(t.db.kysely, 1_000_000n)));
    const { promotionId } = await createRaffle(
      t.services,
      {},
      players.map((p) => p.account),
    );
    for (const player of players) await spin(t.services, player.id, 3000n);
    const results = await Promise.all([
      t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF),
      second.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF),
      ...players.map((player, i) => (i % 2 ? second : t.services).raffles.catchUp(DEMO_MERCHANT, player.id)),
    ]);
    const [a, b] = results as [Awaited<ReturnType<Services['raffleAdmin']['drawNow']>>, (typeof results)[0]];
    expect(a.winners).toHaveLength(2);
    expect(b).toEqual(a);
    const winners = await t.db.kysely.selectFrom('raffle_winners').selectAll().where('promotion_id', '=', promotionId).execute();
    expect(winners).toHaveLength(2);
    expect(a.ticketsTotal).toBe(12);
  });

  it('pays a prize once under 20 claims at once from two instances', async () => {
    const member = await fundedMember(t.db.kysely, 1_000_000n);
    const { promotionId } = await createRaffle(t.services, { prizes: [{ kind: 'cash', amountMinor: '4321' }] }, [member.account]);
    await spin(t.services, member.id, 1000n);
    await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    const before = await balances(ledgerOf(t.services), member.id);
    const claims = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? second : t.services).raffles.claim(DEMO_MERCHANT, member.id, promotionId)),
    );
    for (const claim of claims)
      expect(claim).toMatchObject({ status: 'fulfilled', value: { state: 'claimed', amountMinor: '4321' } });
    const paid = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('idempotency_key', 'like', 'raffle-prize:%')
      .where('memo', '@>', JSON.stringify({ promotionId: promotionId.toString() }))
      .execute();
    expect(paid).toEqual([{ amount: 4321n }]);
    expect((await balances(ledgerOf(t.services), member.id)).cash).toBe(before.cash + 4321n);
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);
  });
});
