import { PERMISSIONS } from '@tessera/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff } from './test/kit.js';

/** Roles as named permission sets an owner edits, with one rule: someone active can always do everything. */
describe('role editing', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, code: response.json().code as string | undefined, value: response.json().value };
  };
  const roles = async () => (await call('GET', '/bo/api/roles', owner)).value as { name: string; permissions: string[] }[];

  it("adds a role, changes its permissions, and its staff's next call follows the change", async () => {
    const created = await call('POST', '/bo/api/roles', owner, { name: 'games-desk', permissions: ['games.edit', 'games.edit'] });
    expect(created.status).toBe(200);
    expect(await roles()).toContainEqual({ name: 'games-desk', permissions: ['games.edit'] });
    const taken = await call('POST', '/bo/api/roles', owner, { name: 'games-desk', permissions: [] });
    expect([taken.status, taken.code]).toEqual([409, 'staff.role.exists']);
    const badName = await call('POST', '/bo/api/roles', owner, { name: 'Games Desk', permissions: [] });
    expect(badName.status).toBe(400);

    const desk = (await enrolledStaff(t.app, t.services, 'desk.one', 'games-desk')).token;
    expect((await call('GET', '/bo/api/games', desk)).status).toBe(200);
    expect((await call('GET', '/bo/api/audit', desk)).code).toBe('staff.permission.denied');

    expect((await call('PUT', '/bo/api/roles', owner, { name: 'games-desk', permissions: ['audit.view'] })).status).toBe(200);
    // The same session, no new login: its very next call has the role's new set.
    expect((await call('GET', '/bo/api/games', desk)).code).toBe('staff.permission.denied');
    expect((await call('GET', '/bo/api/audit', desk)).status).toBe(200);
    expect((await call('GET', '/bo/api/me', desk)).value.permissions).toEqual(['audit.view']);

    const audit = await call('GET', '/bo/api/audit?action=role.&target=games-desk', owner);
    expect(audit.value.entries.map((entry: { action: string; before: unknown; after: unknown }) => entry)).toEqual([
      expect.objectContaining({ action: 'role.update', before: ['games.edit'], after: ['audit.view'] }),
      expect.objectContaining({ action: 'role.create', before: null, after: ['games.edit'] }),
    ]);
  });

  it('deletes an unused role only, never the owner role', async () => {
    expect((await call('POST', '/bo/api/roles', owner, { name: 'temp-role', permissions: ['reports.view'] })).status).toBe(200);
    expect((await call('POST', '/bo/api/roles/delete', owner, { name: 'temp-role' })).status).toBe(200);
    expect((await roles()).map((role) => role.name)).not.toContain('temp-role');
    const inUse = await call('POST', '/bo/api/roles/delete', owner, { name: 'games-desk' });
    expect([inUse.status, inUse.code]).toEqual([409, 'staff.role.in.use']);
    const ownerRole = await call('POST', '/bo/api/roles/delete', owner, { name: 'owner' });
    expect([ownerRole.status, ownerRole.code]).toEqual([409, 'staff.role.protected']);
    const unknown = await call('POST', '/bo/api/roles/delete', owner, { name: 'nobody-role' });
    expect([unknown.status, unknown.code]).toEqual([400, 'staff.role.unknown']);
    const deleted = await call('GET', '/bo/api/audit?action=role.delete&target=temp-role', owner);
    expect(deleted.value.entries[0]).toMatchObject({ before: ['reports.view'], after: null });
  });

  it('refuses the change that would leave no active staff member with every permission, and allows it once another has them', async () => {
    const lessOne = PERMISSIONS.filter((permission) => permission !== 'draws.void');
    const refused = await call('PUT', '/bo/api/roles', owner, { name: 'owner', permissions: lessOne });
    expect([refused.status, refused.code]).toEqual([409, 'staff.role.last.owner']);
    expect((await roles()).find((role) => role.name === 'owner')?.permissions).toHaveLength(PERMISSIONS.length);

    // A second role with everything, held by an enrolled member: now the owner role may lose one.
    expect((await call('POST', '/bo/api/roles', owner, { name: 'super', permissions: [...PERMISSIONS] })).status).toBe(200);
    const invited = await runAdmin(['staff', 'create', 'not.enrolled', '--role', 'super'], t.services);
    expect(invited.exitCode).toBe(0);
    // Invited but not enrolled does not count: they cannot log in yet.
    expect((await call('PUT', '/bo/api/roles', owner, { name: 'owner', permissions: lessOne })).code).toBe(
      'staff.role.last.owner',
    );
    await enrolledStaff(t.app, t.services, 'super.one', 'super');
    expect((await call('PUT', '/bo/api/roles', owner, { name: 'owner', permissions: lessOne })).status).toBe(200);
    const last = await call('PUT', '/bo/api/roles', owner, { name: 'super', permissions: ['dashboard.view'] });
    expect([last.status, last.code]).toEqual([409, 'staff.role.last.owner']);
    expect((await call('PUT', '/bo/api/roles', owner, { name: 'owner', permissions: [...PERMISSIONS] })).status).toBe(200);
  });
});
