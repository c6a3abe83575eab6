import { randomUUID } from 'node:crypto';
import { login } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { assertDepositAllowed, assertMayPlay } from './service.js';
import { asMember, sessionFor } from './test/kit.js';

const RG = '/wps/member/responsible-gaming';

describe('responsible gaming: deposit limits and self-exclusion', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const admin = (...argv: string[]) => runAdmin(argv, t.services);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const player = async () => {
    const member = await newMember(t.db.kysely);
    return { member, call: asMember(t.app, await sessionFor(t.db.kysely, member)) };
  };

  it('shows no limits and no exclusion to a new member, and refuses a caller without a session', async () => {
    const { call } = await player();
    const res = await call('GET', RG);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      limits: [
        { period: 'daily', limitMinor: null, usedMinor: '0', pending: null },
        { period: 'weekly', limitMinor: null, usedMinor: '0', pending: null },
        { period: 'monthly', limitMinor: null, usedMinor: '0', pending: null },
      ],
      exclusion: null,
    });
    expect((await t.app.inject({ method: 'GET', url: RG })).json().code).toBe('login.not.session');
  });

  it('applies a new or lower limit at once and a raise or removal only after 24 hours', async () => {
    const { member, call } = await player();
    const set = async (limitMinor: string | null) =>
      (await call('POST', `${RG}/deposit-limit`, { period: 'daily', limitMinor })).json().value.limits[0];

    expect(await set('50000')).toMatchObject({ limitMinor: '50000', pending: null });
    expect(await set('30000')).toMatchObject({ limitMinor: '30000', pending: null });

    const before = Date.now();
    const raised = await set('90000');
    expect(raised).toMatchObject({ limitMinor: '30000', pending: { limitMinor: '90000' } });
    expect(raised.pending.effectiveAt).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    await expect(assertDepositAllowed(t.db.kysely, DEMO_MERCHANT, member.id, 30_001n)).rejects.toMatchObject({
      code: 'rg.deposit.limit.exceeded',
      value: { fields: [{ params: { period: 'daily', limitMinor: '30000', remainingMinor: '30000' } }] },
    });
    await expect(assertDepositAllowed(t.db.kysely, DEMO_MERCHANT, member.id, 30_000n)).resolves.toBeUndefined();

    // Lowering while a raise waits cancels the raise.
    expect(await set('20000')).toMatchObject({ limitMinor: '20000', pending: null });

    const removal = await set(null);
    expect(removal).toMatchObject({ limitMinor: '20000', pending: { limitMinor: null } });

    // A day later the removal has taken effect.
    await t.db.kysely
      .updateTable('rg_deposit_limits')
      .set({ pending_effective_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    expect((await call('GET', RG)).json().value.limits[0]).toMatchObject({ limitMinor: null, pending: null });
    await expect(assertDepositAllowed(t.db.kysely, DEMO_MERCHANT, member.id, 10_000_000n)).resolves.toBeUndefined();
  });

  it('counts approved deposits against the limit and refuses a deposit over what is left', async () => {
    const { call } = await player();
    const deposit = (amountMinor: string) =>
      call('POST', '/wps/deposit/orders', { channel: 'demo', amountMinor, requestId: randomUUID() });
    expect((await deposit('100000')).json().value).toMatchObject({ status: 'approved' });
    const limits = (await call('POST', `${RG}/deposit-limit`, { period: 'weekly', limitMinor: '150000' })).json().value.limits;
    expect(limits[1]).toMatchObject({ period: 'weekly', limitMinor: '150000', usedMinor: '100000' });
    expect(limits[0]).toMatchObject({ period: 'daily', limitMinor: null, usedMinor: '100000' });

    const refused = await deposit('60000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'rg.deposit.limit.exceeded',
      message: 'errors.rg_deposit_limit_exceeded',
      value: { fields: [{ params: { period: 'weekly', limitMinor: '150000', remainingMinor: '50000' } }] },
    });
    expect((await deposit('50000')).json().value).toMatchObject({ status: 'approved' });
  });

  it('refuses bad input with a 400 envelope', async () => {
    const { call } = await player();
    for (const body of [
      { period: 'yearly', limitMinor: '100' },
      { period: 'daily', limitMinor: '-5' },
      { period: 'daily', limitMinor: '0' },
      { period: 'daily', limitMinor: 12.5 },
      { period: 'daily' },
    ]) {
      const res = await call('POST', `${RG}/deposit-limit`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await call('POST', `${RG}/exclusion`, { duration: '1h' })).statusCode).toBe(400);
  });

  it('keeps one member from seeing or changing another member’s settings', async () => {
    const a = await player();
    const b = await player();
    await a.call('POST', `${RG}/deposit-limit`, { period: 'weekly', limitMinor: '7000' });
    expect((await b.call('GET', RG)).json().value.limits[1]).toMatchObject({ limitMinor: null });
  });

  it('a time-out ends the session, refuses login, deposits and play until it ends, and cannot be shortened', async () => {
    const { member, call } = await player();
    const before = Date.now();
    const res = await call('POST', `${RG}/exclusion`, { duration: '7d' });
    expect(res.statusCode).toBe(200);
    const exclusion = res.json().value.exclusion;
    expect(exclusion).toMatchObject({ kind: 'timeout', duration: '7d' });
    expect(exclusion.until).toBeGreaterThanOrEqual(before + 7 * 24 * 3600_000);

    expect((await call('GET', RG)).json().code).toBe('login.not.session');

    const refused = await sealedInject(t.app, login, { type: 'username', username: member.account, password: member.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'rg.excluded',
      message: 'errors.rg_excluded',
      value: { fields: [{ params: { until: exclusion.until } }] },
    });
    await expect(assertMayPlay(t.db.kysely, DEMO_MERCHANT, member.id)).rejects.toMatchObject({ code: 'rg.excluded' });
    await expect(assertDepositAllowed(t.db.kysely, DEMO_MERCHANT, member.id, 1n)).rejects.toMatchObject({ code: 'rg.excluded' });

    // Shortening is refused even with a fresh session (e.g. one an operator's tool opened).
    const again = asMember(t.app, await sessionFor(t.db.kysely, member));
    expect((await again('POST', `${RG}/exclusion`, { duration: '24h' })).json().code).toBe('rg.exclusion.shorter');
    expect((await again('POST', `${RG}/exclusion`, { duration: '30d' })).json().value.exclusion).toMatchObject({
      duration: '30d',
    });
  });

  it('a permanent self-exclusion lasts until an operator lifts it; show and lift are audited', async () => {
    const { member, call } = await player();
    expect((await call('POST', `${RG}/exclusion`, { duration: 'permanent' })).json().value.exclusion).toMatchObject({
      kind: 'self_exclusion',
      until: null,
    });
    const refused = await sealedInject(t.app, login, { type: 'username', username: member.account, password: member.password });
    expect(refused.json()).toMatchObject({ code: 'rg.excluded.permanent', message: 'errors.rg_excluded_permanent' });

    const shown = await admin('rg', 'show', member.account);
    expect(shown.exitCode).toBe(0);
    expect(shown.output).toContain('exclusion: self_exclusion permanent');
    expect(shown.output).toContain('member\texclusion.start');

    const lifted = await admin('--actor', 'ops:alice', 'rg', 'lift', member.account);
    expect(lifted).toMatchObject({ exitCode: 0, output: `lifted the exclusion of ${member.account}` });
    expect((await admin('rg', 'show', member.account)).output).toContain('ops:alice\texclusion.lift');
    expect(await admin('rg', 'lift', member.account)).toMatchObject({ exitCode: 1 });
    expect(await admin('rg', 'show', 'nobody-here')).toMatchObject({ exitCode: 1 });

    const back = await sealedInject(t.app, login, { type: 'username', username: member.account, password: member.password });
    expect(back.json().success).toBe(true);
  });
});
