import { login } from '@tessera/contract/api/accounts';
import * as api from '@tessera/contract/api/back-office-players';
import type { CallDef } from '@tessera/contract/api/call';
import { PLAYER_TABLES } from '@tessera/contract/routes/back-office-players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { newMember, type TestMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { fundedMember } from '../house-vendor/test/kit.js';
import { enrolledStaff, post } from '../staff/test/kit.js';

const MOBILE = '1712345678';
const EMAIL = 'Rina.Player@example.com';
const BANK_NUMBER = '0123456789012';
const IP = '203.0.113.77';

describe('the back office players', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: string;
  let support: string;
  let rina: TestMember;

  const get = async (token: string, path: string, query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await t.app.inject({ url: `${path}?${search}`, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };
  const audit = async (action: string) =>
    (await get(owner, '/bo/api/audit', { action, target: rina.account })).body.value.entries as {
      actor: string;
      before: unknown;
      after: unknown;
    }[];
  const statusOf = async (member: TestMember) =>
    t.db.kysely
      .selectFrom('members')
      .select(['status', 'agent_type', 'password_change_required'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
    support = (await enrolledStaff(t.app, t.services, 'helper', 'support')).token;
    rina = await newMember(t.db.kysely, { account: 'rinaplayer', mobile: MOBILE, dialCode: '880', email: EMAIL });
    await t.db.kysely
      .insertInto('payout_accounts')
      .values({
        merchant_code: rina.merchantCode,
        member_id: rina.id,
        type: 'bank',
        provider: 'Sonali Bank',
        holder_name: 'Rina Akter',
        account_number: BANK_NUMBER,
      })
      .execute();
    await t.db.kysely.insertInto('member_known_addresses').values({ member_id: rina.id, ip: IP }).execute();
  });
  afterAll(() => t.close());

  it('finds a player by account prefix, mobile, e-mail, IP and bank account number', async () => {
    const found = async (by: string, q: string) =>
      ((await get(owner, api.playerSearch.path, { by, q })).body.value.players as { account: string }[]).map((p) => p.account);
    expect(await found('account', 'RINAP')).toEqual(['rinaplayer']);
    expect(await found('mobile', MOBILE)).toEqual(['rinaplayer']);
    expect(await found('mobile', `+880 ${MOBILE}`)).toEqual(['rinaplayer']);
    expect(await found('email', EMAIL.toLowerCase())).toEqual(['rinaplayer']);
    expect(await found('ip', IP)).toEqual(['rinaplayer']);
    expect(await found('bank', BANK_NUMBER)).toEqual(['rinaplayer']);
    expect(await found('account', 'rina%')).toEqual([]);
    expect(await found('bank', '9999')).toEqual([]);
    const blank = await get(owner, api.playerSearch.path, { by: 'account', q: '  ' });
    expect([blank.status, blank.body.code]).toEqual([400, 'request.invalid']);
    const longBets = await get(owner, api.playerRows.path, { id: rina.id.toString(), table: 'bets', from: 0 });
    expect([longBets.status, longBets.body.code]).toEqual([400, 'records.range.invalid']);
  });

  it('sorts and pages the search on the server, and exports it', async () => {
    for (const suffix of ['c', 'a', 'b']) await newMember(t.db.kysely, { account: `pagedset${suffix}` });
    const page = async (order: string, pageNo: number) =>
      (await get(owner, api.playerSearch.path, { by: 'account', q: 'pagedset', sort: 'account', order, page: pageNo })).body
        .value;
    const ascending = await page('asc', 1);
    expect(ascending.total).toBe(3);
    expect(ascending.players.map((p: { account: string }) => p.account)).toEqual(['pagedseta', 'pagedsetb', 'pagedsetc']);
    expect((await page('desc', 1)).players[0].account).toBe('pagedsetc');
    expect((await page('asc', 2)).players).toEqual([]);
    const csv = (await get(owner, api.playerSearchExport.path, { by: 'account', q: 'pagedset', sort: 'account', order: 'asc' }))
      .body.value;
    expect(csv.csv.trim().split('\n')).toHaveLength(4);
    expect(csv.csv).toMatch(/^id,merchant,account,type,status,mobile,email,created,last_login,last_ip\n/);
  });

  it('masks mobile, e-mail and bank account numbers in every read for a role without players.pii', async () => {
    const queries: Record<string, Record<string, string | number>[]> = {
      [api.playerSearch.id]: ['account', 'mobile', 'email', 'ip', 'bank'].map((by) => ({
        by,
        q: { account: 'rina', mobile: MOBILE, email: EMAIL, ip: IP, bank: BANK_NUMBER }[by] as string,
      })),
      [api.playerSearchExport.id]: [{ by: 'account', q: 'rina' }],
      [api.player.id]: [{ id: rina.id.toString() }],
      [api.playerRows.id]: PLAYER_TABLES.map((table) => ({ id: rina.id.toString(), table })),
      [api.playerRowsExport.id]: PLAYER_TABLES.map((table) => ({ id: rina.id.toString(), table })),
    };
    const reads = (Object.values(api) as unknown[]).filter(
      (value): value is CallDef =>
        typeof value === 'object' && value !== null && 'method' in value && 'value' in value && value.method === 'GET',
    );
    expect(reads.map((call) => call.id).sort()).toEqual(Object.keys(queries).sort());
    const unmasked = [MOBILE, EMAIL, BANK_NUMBER];
    for (const call of reads) {
      for (const query of queries[call.id]!) {
        const answer = await get(support, call.path, query);
        expect([call.id, answer.status]).toEqual([call.id, 200]);
        for (const secret of unmasked) expect(answer.text, `${call.id} ${JSON.stringify(query)}`).not.toContain(secret);
      }
    }
    const masked = (await get(support, api.player.path, { id: rina.id.toString() })).body.value;
    expect(masked).toMatchObject({ mobile: '+880 •••••••678', email: 'R•••@example.com' });
    expect(masked.payoutAccounts[0].accountNumber).toBe('•••• 9012');
    // The same reads with players.pii show them, so the check above can fail.
    const whole = (await get(owner, api.player.path, { id: rina.id.toString() })).body.value;
    expect(whole).toMatchObject({ mobile: `+880 ${MOBILE}`, email: EMAIL });
    expect(whole.payoutAccounts[0].accountNumber).toBe(BANK_NUMBER);
  });

  it("shows a player's balances, ledger transfers, sessions and devices, by time and paged", async () => {
    const funded = await fundedMember(t.db.kysely, 12_345n);
    await t.db.kysely.insertInto('member_known_addresses').values({ member_id: funded.id, ip: '192.0.2.4' }).execute();
    const id = funded.id.toString();
    const profile = (await get(support, api.player.path, { id })).body.value;
    expect(profile.balances).toEqual([{ kind: 'member_main', ref: '', balanceMinor: '12345', heldMinor: '0' }]);
    const transfers = (await get(support, api.playerRows.path, { id, table: 'transfers' })).body.value;
    expect(transfers.total).toBe(1);
    expect(transfers.rows[0]).toEqual([
      expect.any(String),
      expect.any(Number),
      'deposit',
      'member_main',
      'in',
      '12345',
      '12345',
      'posted',
      expect.stringMatching(/^gateway:/),
    ]);
    const later = await get(support, api.playerRows.path, { id, table: 'transfers', from: Date.now() + 60_000 });
    expect(later.body.value).toMatchObject({ rows: [], total: 0 });
    const sessions = (await get(support, api.playerRows.path, { id, table: 'sessions' })).body.value;
    expect(sessions.rows).toEqual([[expect.any(Number), '127.0.0.1', expect.any(Number), null, null]]);
    const devices = (await get(support, api.playerRows.path, { id, table: 'devices', pageSize: 25, page: 2 })).body.value;
    expect(devices).toMatchObject({ rows: [], total: 1 });
    const unknown = await get(support, api.playerRows.path, { id: '999999999', table: 'devices' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'player.unknown']);
  });

  it('locks and unlocks an account, audited with before and after, and refuses to lock it twice', async () => {
    const member = await newMember(t.db.kysely);
    const logIn = () => sealedInject(t.app, login, { type: 'username', username: member.account, password: member.password });
    expect((await post(t.app, api.playerLock.path, { id: member.id.toString(), locked: true }, support)).status).toBe(200);
    expect((await statusOf(member)).status).toBe('frozen');
    expect((await logIn()).json().code).toBe('login.account.frozen');
    const twice = await post(t.app, api.playerLock.path, { id: member.id.toString(), locked: true }, support);
    expect([twice.status, twice.body.code]).toEqual([409, 'player.state.unchanged']);
    const [entry] = (await get(owner, '/bo/api/audit', { action: 'player.lock', target: member.account })).body.value.entries;
    expect(entry).toMatchObject({
      actor: 'helper',
      actorKind: 'staff',
      before: { status: 'active' },
      after: { status: 'frozen' },
    });

    expect((await post(t.app, api.playerLock.path, { id: member.id.toString(), locked: false }, support)).status).toBe(200);
    expect((await logIn()).json().value.token).toEqual(expect.any(String));
    const unknown = await post(t.app, api.playerLock.path, { id: '999999999', locked: true }, support);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'player.unknown']);
  });

  it('makes the next login change the password, and the CLI calls the same service', async () => {
    const member = await newMember(t.db.kysely);
    const logIn = () => sealedInject(t.app, login, { type: 'username', username: member.account, password: member.password });
    expect((await logIn()).json().value.passwordChangeRequired).toBe(false);
    expect((await post(t.app, api.playerRequirePasswordChange.path, { id: member.id.toString() }, support)).status).toBe(200);
    expect((await logIn()).json().value).toMatchObject({ passwordChangeRequired: true, passwordChangeGrant: expect.any(String) });
    const again = await post(t.app, api.playerRequirePasswordChange.path, { id: member.id.toString() }, support);
    expect(again.body.code).toBe('player.state.unchanged');

    const other = await newMember(t.db.kysely);
    expect((await runAdmin(['member', 'require-password-change', other.account], t.services)).exitCode).toBe(0);
    expect((await statusOf(other)).password_change_required).toBe(true);
    const [entry] = (await get(owner, '/bo/api/audit', { action: 'player.require-password-change', target: other.account })).body
      .value.entries;
    expect(entry).toMatchObject({ actorKind: 'cli', after: { passwordChangeRequired: true } });
  });

  it('sets the member type, never to or from trial', async () => {
    const id = rina.id.toString();
    expect((await post(t.app, api.playerSetType.path, { id, agentType: 1 }, support)).status).toBe(200);
    expect((await statusOf(rina)).agent_type).toBe(1);
    expect(await audit('player.set-type')).toEqual([
      expect.objectContaining({ before: { agentType: 0 }, after: { agentType: 1 } }),
    ]);
    expect((await post(t.app, api.playerSetType.path, { id, agentType: 0 }, support)).status).toBe(200);
    const toTrial = await post(t.app, api.playerSetType.path, { id, agentType: 4 }, support);
    expect(toTrial.status).toBe(400);
    const trial = await newMember(t.db.kysely, { agentType: 4 });
    const fromTrial = await post(t.app, api.playerSetType.path, { id: trial.id.toString(), agentType: 0 }, support);
    expect([fromTrial.status, fromTrial.body.code]).toEqual([409, 'player.type.trial']);
  });

  it('forgets the known addresses (the second factor of a new-address login)', async () => {
    const member = await newMember(t.db.kysely);
    await t.db.kysely.insertInto('member_known_addresses').values({ member_id: member.id, ip: '198.51.100.9' }).execute();
    const id = member.id.toString();
    expect((await get(support, api.player.path, { id })).body.value.knownAddresses).toBe(1);
    expect((await post(t.app, api.playerForgetAddresses.path, { id }, support)).status).toBe(200);
    expect((await get(support, api.player.path, { id })).body.value.knownAddresses).toBe(0);
    const [entry] = (await get(owner, '/bo/api/audit', { action: 'player.forget-addresses', target: member.account })).body.value
      .entries;
    expect(entry).toMatchObject({ before: { knownAddresses: 1 }, after: { knownAddresses: 0 } });
  });

  it('lifts a time-out but never a self-exclusion before its end', async () => {
    const member = await newMember(t.db.kysely);
    const id = member.id.toString();
    const none = await post(t.app, api.playerLiftTimeOut.path, { id }, support);
    expect([none.status, none.body.code]).toEqual([409, 'player.exclusion.none']);

    await t.services.responsibleGaming.startExclusion(member.merchantCode, member.id, '24h');
    expect((await post(t.app, api.playerLiftTimeOut.path, { id }, support)).status).toBe(200);
    expect((await get(support, api.player.path, { id })).body.value.protection.exclusion).toBeNull();
    const [entry] = (await get(owner, '/bo/api/audit', { action: 'player.lift-exclusion', target: member.account })).body.value
      .entries;
    expect(entry.before.exclusions).toEqual([expect.objectContaining({ kind: 'timeout', duration: '24h' })]);
    expect(entry.after).toEqual({ exclusions: [] });

    await t.services.responsibleGaming.startExclusion(member.merchantCode, member.id, '6m');
    const refused = await post(t.app, api.playerLiftTimeOut.path, { id }, owner);
    expect([refused.status, refused.body.code]).toEqual([409, 'rg.self.exclusion.in.force']);
    expect((await get(support, api.player.path, { id })).body.value.protection.exclusion).toMatchObject({
      kind: 'self_exclusion',
    });
  });

  it('keeps staff notes, audited, listed newest first and exported', async () => {
    const id = rina.id.toString();
    for (const text of ['Called about a late deposit', '=HYPERLINK("x") asked again']) {
      expect((await post(t.app, api.playerAddNote.path, { id, text }, support)).status).toBe(200);
    }
    const rows = (await get(support, api.playerRows.path, { id, table: 'notes' })).body.value;
    expect(rows.columns).toEqual(['time', 'author', 'text']);
    expect(rows.rows.map((row: unknown[]) => row.slice(1))).toEqual([
      ['helper', '=HYPERLINK("x") asked again'],
      ['helper', 'Called about a late deposit'],
    ]);
    expect(rows.total).toBe(2);
    const csv = (await get(support, api.playerRowsExport.path, { id, table: 'notes', order: 'asc' })).body.value.csv;
    expect(csv).toContain(`helper,"'=HYPERLINK(""x"") asked again"`);
    expect((await audit('player.note')).map((e) => e.after)).toContainEqual(
      expect.objectContaining({ text: 'Called about a late deposit' }),
    );
    expect((await runAdmin(['audit', 'verify'], t.services)).exitCode).toBe(0);
  });
});
