import { readdirSync } from 'node:fs';
import type { CallDef } from '@tessera/contract/api/call';
import { PERMISSIONS } from '@tessera/contract/staff-permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff, login, loginWithRecoveryCode, post, STAFF_PASSWORD, totpCode } from './test/kit.js';

const apiDir = new URL('../../../../../packages/contract/src/api/', import.meta.url);
const modules: Record<string, unknown>[] = await Promise.all(
  readdirSync(apiDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(new URL(file, apiDir).href)),
);
const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'id' in value && 'path' in value && 'value' in value;
/** Every back-office call of the contract, found by its path, so a new one is checked without being listed. */
const backOfficeCalls = [
  ...new Map(modules.flatMap((module) => Object.values(module).filter(isCall)).map((call) => [call.id, call] as const)).values(),
].filter((call) => call.path.startsWith('/bo/api/'));

describe('the back office', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof enrolledStaff>>;
  const send = (call: CallDef, token: string | null) =>
    t.app.inject({
      method: call.method,
      url: call.path,
      headers: token ? { authorization: token } : {},
      ...(call.method === 'GET' ? {} : { payload: {} }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await enrolledStaff(t.app, t.services, 'boss', 'owner');
  });
  afterAll(() => t.close());

  it('names a permission for every call, and each staff call refuses a session whose role lacks it', async () => {
    expect(backOfficeCalls.length).toBeGreaterThan(10);
    for (const call of backOfficeCalls) {
      expect(call.permission, call.id).toBeDefined();
      expect(call.auth, call.id).toBe(call.permission === 'public' ? 'none' : 'staff');
    }
    const staffCalls = backOfficeCalls.filter((call) => call.permission !== 'public' && call.permission !== 'session');
    expect(staffCalls.length).toBeGreaterThan(5);
    expect(staffCalls.map((call) => call.id)).toEqual(
      expect.arrayContaining([
        'bo.money.deposits.approve',
        'bo.money.withdrawals.approve',
        'bo.money.adjust',
        'bo.money.bonus',
        'bo.reports.dashboard',
        'bo.reports.report',
        'bo.reports.export',
        'bo.games.update',
        'bo.games.vendors.update',
        'bo.draws.void',
        'bo.roles.create',
        'bo.roles.delete',
        'bo.agents',
        'bo.agents.move',
        'bo.promotions.list',
        'bo.promotions.create',
        'bo.promotions.update',
        'bo.promotions.close',
        'bo.promotions.reviews',
        'bo.promotions.reviews.approve',
        'bo.promotions.reviews.reject',
        'bo.reconciliation',
        'bo.reconciliation.run',
        'bo.reconciliation.resolve',
        'bo.payments.check',
      ]),
    );
    // One member whose role is changed by hand to everything but the permission under test.
    await sql`INSERT INTO staff_roles (name, permissions) VALUES ('probe', '{}')`.execute(t.db.kysely);
    const probe = await enrolledStaff(t.app, t.services, 'probe.user', 'probe');
    for (const call of staffCalls) {
      const others = PERMISSIONS.filter((permission) => permission !== call.permission);
      await sql`UPDATE staff_roles SET permissions = ${sql.val(others)}::text[] WHERE name = 'probe'`.execute(t.db.kysely);
      const refused = await send(call, probe.token);
      expect([call.id, refused.statusCode, refused.json().code]).toEqual([call.id, 403, 'staff.permission.denied']);
      await sql`UPDATE staff_roles SET permissions = ${sql.val([call.permission])}::text[] WHERE name = 'probe'`.execute(
        t.db.kysely,
      );
      const allowed = await send(call, probe.token);
      expect([call.id, allowed.json().code]).not.toEqual([call.id, 'staff.permission.denied']);
    }
  });

  it('refuses a player token, no token and a garbage one on every staff call', async () => {
    const member = await newMember(t.db.kysely);
    const playerToken = await sessionFor(t.db.kysely, member);
    expect((await t.app.inject({ url: '/wps/member/info', headers: { authorization: playerToken } })).statusCode).not.toBe(401);
    for (const call of backOfficeCalls.filter((c) => c.auth === 'staff')) {
      for (const token of [playerToken, null, 'x'.repeat(43)]) {
        const answer = await send(call, token);
        expect([call.id, answer.statusCode, answer.json().code]).toEqual([call.id, 401, 'staff.not.session']);
      }
    }
  });

  it('logs in with the password and then a code, and tells who is logged in', async () => {
    const me = await t.app.inject({ url: '/bo/api/me', headers: { authorization: owner.token } });
    expect(me.json().value).toMatchObject({ name: 'boss', role: 'owner' });
    expect(me.json().value.permissions).toEqual(expect.arrayContaining([...PERMISSIONS]));
    // The password step alone is no session.
    const first = await post(t.app, '/bo/api/login', { name: 'boss', password: STAFF_PASSWORD });
    const challengeOnly = await t.app.inject({ url: '/bo/api/me', headers: { authorization: first.body.value.challenge } });
    expect(challengeOnly.statusCode).toBe(401);
    // A recovery code works once.
    const [code] = owner.recoveryCodes;
    const viaRecovery = await post(t.app, '/bo/api/login/second-factor', { challenge: first.body.value.challenge, code });
    expect(viaRecovery.status).toBe(200);
    const again = await post(t.app, '/bo/api/login', { name: 'boss', password: STAFF_PASSWORD });
    const reused = await post(t.app, '/bo/api/login/second-factor', { challenge: again.body.value.challenge, code });
    expect(reused.body.code).toBe('staff.code.invalid');
  });

  it('refuses a TOTP code the second time it is used', async () => {
    await login(t.app, 'boss', owner.secret, 1);
    const first = await post(t.app, '/bo/api/login', { name: 'boss', password: STAFF_PASSWORD });
    const replay = await post(t.app, '/bo/api/login/second-factor', {
      challenge: first.body.value.challenge,
      code: totpCode(owner.secret, 1),
    });
    expect(replay.body.code).toBe('staff.code.invalid');
  });

  it('locks the account after five failures, even against the right password', async () => {
    const { secret } = await enrolledStaff(t.app, t.services, 'clumsy', 'support');
    for (let i = 0; i < 5; i += 1) {
      expect((await post(t.app, '/bo/api/login', { name: 'clumsy', password: 'wrong password!' })).body.code).toBe(
        'staff.login.invalid',
      );
    }
    const locked = await post(t.app, '/bo/api/login', { name: 'clumsy', password: STAFF_PASSWORD });
    expect([locked.status, locked.body.code]).toEqual([429, 'staff.login.locked']);
    await expect(login(t.app, 'clumsy', secret)).rejects.toThrow('staff.login.locked');
    const unknown = await post(t.app, '/bo/api/login', { name: 'nobody', password: STAFF_PASSWORD });
    expect(unknown.body.code).toBe('staff.login.invalid');
  });

  it('lists sessions, revokes them, and ends a session idle for over 30 minutes', async () => {
    const other = await loginWithRecoveryCode(t.app, 'boss', owner.recoveryCodes[1]!);
    const listed = async () =>
      (await t.app.inject({ url: '/bo/api/sessions', headers: { authorization: owner.token } })).json().value as {
        id: string;
        current: boolean;
      }[];
    const sessions = await listed();
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThan(1);
    for (const session of sessions.filter((s) => !s.current)) {
      expect((await post(t.app, '/bo/api/sessions/revoke', { id: session.id }, owner.token)).status).toBe(200);
    }
    expect(await listed()).toHaveLength(1);
    expect((await t.app.inject({ url: '/bo/api/me', headers: { authorization: other } })).json().code).toBe('staff.not.session');
    const revoked = sessions.find((s) => !s.current)!;
    expect((await post(t.app, '/bo/api/sessions/revoke', { id: revoked.id }, owner.token)).body.code).toBe(
      'staff.session.unknown',
    );

    const current = sessions.find((s) => s.current)!;
    await sql`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = ${current.id}::bigint`.execute(
      t.db.kysely,
    );
    expect((await t.app.inject({ url: '/bo/api/me', headers: { authorization: owner.token } })).json().code).toBe(
      'staff.not.session',
    );
    owner.token = await loginWithRecoveryCode(t.app, 'boss', owner.recoveryCodes[2]!);
  });

  it('lets an owner create a finance user, shows the link once, and lists the action in the audit log', async () => {
    const created = await post(t.app, '/bo/api/staff', { name: 'fin.one', role: 'finance' }, owner.token);
    expect(created.body.value.enrolmentPath).toMatch(/^\/bo\/enrol#[A-Za-z0-9_-]{43}$/);
    expect((await post(t.app, '/bo/api/staff', { name: 'fin.one', role: 'finance' }, owner.token)).body.code).toBe(
      'staff.name.taken',
    );
    expect((await post(t.app, '/bo/api/staff', { name: 'fin.two', role: 'nope' }, owner.token)).body.code).toBe(
      'staff.role.unknown',
    );
    const staff = await t.app.inject({ url: '/bo/api/staff', headers: { authorization: owner.token } });
    expect(staff.json().value).toContainEqual(expect.objectContaining({ name: 'fin.one', role: 'finance', state: 'invited' }));

    const audit = await t.app.inject({ url: '/bo/api/audit?actor=boss&pageSize=25', headers: { authorization: owner.token } });
    const { entries, total } = audit.json().value;
    expect(entries[0]).toMatchObject({
      actor: 'boss',
      actorKind: 'staff',
      ip: '127.0.0.1',
      action: 'staff.create',
      target: 'fin.one',
    });
    expect(total).toBeGreaterThan(3);
    const prefix = await t.app.inject({
      url: '/bo/api/audit?action=staff.&target=fin.one',
      headers: { authorization: owner.token },
    });
    expect(prefix.json().value.total).toBe(1);
    const page2 = await t.app.inject({
      url: `/bo/api/audit?actor=boss&pageSize=25&page=2`,
      headers: { authorization: owner.token },
    });
    expect(page2.json().value.entries.length).toBe(Math.max(0, Math.min(25, total - 25)));

    const csv = await t.app.inject({ url: '/bo/api/audit/export?target=fin.one', headers: { authorization: owner.token } });
    const lines = csv.json().value.csv.trim().split('\n');
    expect(lines[0]).toBe('seq,at,actor,actor_kind,ip,merchant,action,target,before,after,hash');
    expect(lines[1]).toContain(',boss,staff,127.0.0.1,,staff.create,fin.one,');
    expect((await runAdmin(['audit', 'verify'], t.services)).exitCode).toBe(0);
  });

  it('refuses an owner role without staff.manage, and an enrolment link used twice', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/bo/api/roles',
      headers: { authorization: owner.token },
      payload: { name: 'owner', permissions: ['dashboard.view'] },
    });
    expect([put.statusCode, put.json().code]).toEqual([409, 'staff.role.last.owner']);
    const reuse = await post(t.app, '/bo/api/enrolment/start', { token: 'a'.repeat(43) });
    expect([reuse.status, reuse.body.code]).toEqual([400, 'staff.enrolment.invalid']);
  });
});
