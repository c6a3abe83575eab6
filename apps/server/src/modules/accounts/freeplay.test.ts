import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('free play', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = (remoteAddress: string, payload: Record<string, unknown> = { os: 'Linux', platform: 'W' }) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress,
      payload,
      headers: { 'x-gateway-version': '3' },
    });

  it('creates a trial (agent type 4) account without a password and logs it in', async () => {
    const response = await start('10.2.0.1');
    expect(response.statusCode).toBe(200);
    const result = response.json().value;
    expect(result).toMatchObject({
      customerType: 4,
      userName: expect.stringMatching(/^guest\d{9}$/),
      passwordChangeRequired: false,
    });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: result.token } });
    expect(info.json().value).toMatchObject({ type: 4, account: result.userName });
    const row = await t.db.kysely
      .selectFrom('members')
      .select(['password_hash', 'registration'])
      .where('id', '=', BigInt(result.id))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.registration).toMatchObject({ registerMethod: 'FREEPLAY', os: 'Linux', platform: 'W' });
  });

  it('refuses a trial account the gated actions with in_need_true_account, but not a real member', async () => {
    const result = (await start('10.2.0.9')).json().value;
    const accounts = t.services.memberInfo;
    const session = (memberId: bigint) => ({ memberId, merchantCode: DEMO_MERCHANT, tokenHash: Buffer.alloc(32) });
    await expect(accounts.assertRealAccount(session(BigInt(result.id)))).rejects.toMatchObject({
      code: 'in_need_true_account',
      status: 403,
    });
    await expect(accounts.assertRealAccount(session((await newMember(t.db.kysely)).id))).resolves.toBeUndefined();
  });

  it('makes at most one trial account per address every 10 seconds', async () => {
    expect((await start('10.2.0.2')).statusCode).toBe(200);
    const again = await start('10.2.0.2');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('rate.limited');
  });

  it('refuses unknown fields', async () => {
    expect((await start('10.2.0.3', { password: 'x' })).statusCode).toBe(400);
  });

  it('is unavailable when FREEPLAY3 is off', async () => {
    await t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) => ({
        ...tree,
        childrenNodes: tree.childrenNodes.map((node) => (node.modId === 'FREEPLAY3' ? { ...node, enabled: false } : node)),
      }),
      'test',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await start('10.2.0.4')).json()).toMatchObject({ code: 'function.not.available' });
  });
});
