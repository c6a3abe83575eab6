import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import { freeBonusInput, promotionInput } from './test/kit.js';

describe('back office: promotions', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await enrolledStaff(t.app, t.services, 'marketer', 'owner')).token;
  });
  afterAll(() => t.close());

  const put = async (body: object) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/bo/api/promotions',
      payload: body,
      headers: { authorization: token },
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('creates, edits and closes a promotion, each change in the audit log', async () => {
    const created = await post(t.app, '/bo/api/promotions', promotionInput({ budgetMinor: '500000' }), token);
    expect(created.status).toBe(200);
    const id = created.body.value.id as string;
    expect(created.body.value).toMatchObject({
      state: 'live',
      endTime: null,
      budgetUsedMinor: '0',
      claimsCount: 0,
      updatedBy: 'marketer',
    });
    const edited = await put({ id, ...promotionInput({ budgetMinor: '900000', matchPercent: 50 }) });
    expect(edited.body.value).toMatchObject({ matchPercent: 50, budgetMinor: '900000' });
    const closed = await post(t.app, '/bo/api/promotions/close', { id }, token);
    expect(closed.body.value.state).toBe('closed');
    expect((await put({ id, ...promotionInput() })).body.code).toBe('promo.closed');
    const listed = await t.app.inject({ url: '/bo/api/promotions?state=closed', headers: { authorization: token } });
    expect(listed.json().value.items.map((item: { id: string }) => item.id)).toContain(id);
    const audit = await t.services.auditLog.page({ action: 'promotion.' }, 0, 10);
    const mine = audit.entries.filter((entry) => entry.target === id).map((entry) => entry.action);
    expect(mine.sort()).toEqual(['promotion.close', 'promotion.create', 'promotion.update']);
  });

  it('refuses a promotion that does not hold together, naming each field', async () => {
    const refused = await post(
      t.app,
      '/bo/api/promotions',
      promotionInput({ matchPercent: null, endTime: Date.now() - 7_200_000, texts: { en: { title: 'Only English', body: '' } } }),
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('promo.rejected');
    expect(refused.body.value.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body/endTime',
      'body/matchPercent',
      'body/texts',
    ]);
    const signup = await post(t.app, '/bo/api/promotions', freeBonusInput('1000', { type: 'signup', audience: 'all' }), token);
    expect(signup.body.value.fields).toEqual([expect.objectContaining({ field: 'body/audience' })]);
    const badImage = await post(t.app, '/bo/api/promotions', promotionInput({ image: 'javascript:alert(1)' }), token);
    expect(badImage.status).toBe(400);
  });
});
