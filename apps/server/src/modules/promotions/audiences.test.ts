import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import * as repo from './repo.js';
import { balances, createPromotion, depositNow, freeBonusInput, ledgerOf, promotionInput, STAFF } from './test/kit.js';

describe('promotions: audiences (VIP levels, an agent downline, a list of accounts)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { language: 'en', ...(token ? { authorization: token } : {}) } });
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { language: 'en', authorization: token }, payload });
  const listed = async (token?: string) =>
    ((await get('/wps/promotions', token)).json().value.list as { id: string }[]).map((p) => p.id);
  const atLevel = async (member: TestMember, level: number) => {
    await t.db.kysely
      .insertInto('loyalty_members')
      .values({ member_id: member.id, merchant_code: DEMO_MERCHANT, rank_level: level, highest_level: level })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ rank_level: level }))
      .execute();
  };
  const refusal = async (token: string, promotionId: string) => {
    const res = await post('/wps/promotions/join', token, { promotionId });
    expect(res.statusCode).toBe(409);
    return res.json().value.fields[0].params.reason as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a VIP promotion is shown to, and paid to, members at its levels only', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('5000', { audience: 'vip', vipLevels: [3, 2] }));
    expect(promotion).toMatchObject({ audience: 'vip', vipLevels: [2, 3] });
    const vip = await newMember(t.db.kysely);
    const plain = await newMember(t.db.kysely);
    await atLevel(vip, 3);
    const [vipToken, plainToken] = [await sessionFor(t.db.kysely, vip), await sessionFor(t.db.kysely, plain)];
    expect(await listed(vipToken)).toContain(promotion.id);
    expect(await listed(plainToken)).not.toContain(promotion.id);
    expect(await refusal(plainToken, promotion.id)).toBe('not_in_audience');
    expect((await post('/wps/promotions/join', vipToken, { promotionId: promotion.id })).json().value.status).toBe('process');
    expect(await balances(ledgerOf(t.services), vip.id)).toEqual({ cash: 0n, bonus: 5000n });
    expect(await balances(ledgerOf(t.services), plain.id)).toEqual({ cash: 0n, bonus: 0n });
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });

  it("an agent's downline promotion reaches members at any depth below the agent, and nobody else", async () => {
    const agent = await newAgent(t.db.kysely);
    const subAgent = await newAgent(t.db.kysely, { parent: agent });
    const deep = await newMember(t.db.kysely, { parentId: subAgent.id });
    const outsider = await newMember(t.db.kysely);
    const promotion = await createPromotion(
      t.services,
      freeBonusInput('2000', { audience: 'downline', agentAccount: agent.account.toUpperCase() }),
    );
    expect(promotion).toMatchObject({ audience: 'downline', agentAccount: agent.account });
    const [deepToken, outsiderToken] = [await sessionFor(t.db.kysely, deep), await sessionFor(t.db.kysely, outsider)];
    expect(await listed(deepToken)).toContain(promotion.id);
    expect(await listed(outsiderToken)).not.toContain(promotion.id);
    expect(await listed()).not.toContain(promotion.id);
    expect(await refusal(outsiderToken, promotion.id)).toBe('not_in_audience');
    expect((await post('/wps/promotions/join', deepToken, { promotionId: promotion.id })).statusCode).toBe(200);
    expect(await balances(ledgerOf(t.services), deep.id)).toEqual({ cash: 0n, bonus: 2000n });
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });

  it('a list of accounts: only named members; an unknown account or a player as the agent is refused in the back office', async () => {
    const named = await newMember(t.db.kysely);
    const other = await newMember(t.db.kysely);
    const unknown = t.services.promotionsAdmin.create(
      DEMO_MERCHANT,
      freeBonusInput('1000', { audience: 'members', accounts: [named.account, 'nobody-here'] }),
      'bn',
      STAFF,
    );
    await expect(unknown).rejects.toMatchObject({ code: 'promo.rejected' });
    const playerAsAgent = t.services.promotionsAdmin.create(
      DEMO_MERCHANT,
      freeBonusInput('1000', { audience: 'downline', agentAccount: other.account }),
      'bn',
      STAFF,
    );
    await expect(playerAsAgent).rejects.toMatchObject({ code: 'promo.rejected' });
    const empty = t.services.promotionsAdmin.create(DEMO_MERCHANT, freeBonusInput('1000', { audience: 'vip' }), 'bn', STAFF);
    await expect(empty).rejects.toMatchObject({ code: 'promo.rejected' });

    const promotion = await createPromotion(
      t.services,
      freeBonusInput('1000', { audience: 'members', accounts: [named.account] }),
    );
    expect(promotion.accounts).toEqual([named.account]);
    const [namedToken, otherToken] = [await sessionFor(t.db.kysely, named), await sessionFor(t.db.kysely, other)];
    expect(await listed(namedToken)).toContain(promotion.id);
    expect(await listed(otherToken)).not.toContain(promotion.id);
    expect(await refusal(otherToken, promotion.id)).toBe('not_in_audience');

    const widened = await t.services.promotionsAdmin.update(
      DEMO_MERCHANT,
      BigInt(promotion.id),
      freeBonusInput('1000', { audience: 'members', accounts: [named.account, other.account] }),
      'bn',
      STAFF,
    );
    expect([...(widened.accounts ?? [])].sort()).toEqual([named.account, other.account].sort());
    expect((await post('/wps/promotions/join', otherToken, { promotionId: promotion.id })).statusCode).toBe(200);
    const listing = (await t.services.promotionsAdmin.list(DEMO_MERCHANT)).find((item) => item.id === promotion.id);
    expect(listing?.accounts).toHaveLength(2);
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });

  it('a deposit match joined inside the audience is refused at crediting once the member has left it', async () => {
    const member = await newMember(t.db.kysely);
    await atLevel(member, 4);
    const promotion = await createPromotion(t.services, promotionInput({ type: 'reload', audience: 'vip', vipLevels: [4] }));
    const token = await sessionFor(t.db.kysely, member);
    expect((await post('/wps/promotions/join', token, { promotionId: promotion.id })).json().value.status).toBe('joined');
    await atLevel(member, 1);
    await depositNow(t.services, member.id, 20_000n);
    const [claim] = await repo.selectMemberClaims(t.db.kysely, member.id);
    expect(claim).toMatchObject({ state: 'rejected', reason: 'not_in_audience' });
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 20_000n, bonus: 0n });
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });
});
