import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { CallDef } from '@tessera/contract/api/call';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../admin/program.js';
import { DEMO_MERCHANT } from '../db/seed/demo-merchant.js';
import { sessionFor } from '../modules/responsible-gaming/test/kit.js';
import { PAYMENT_PASSWORD, type Player, playerWithBalance } from '../modules/withdrawals/test/kit.js';
import { newAgent, newMember } from '../test/factories.js';
import { sealedInject } from '../test/sealed-call.js';
import { createTestApp } from '../test/test-app.js';

/*
 * The authorization matrix, generated from the contract: every call whose route says `auth: 'token'` is sent
 * with no token, a garbage one, an expired one and a logged-out one (each must answer 401 in the envelope), by a
 * trial account (served, or refused with in_need_true_account), and, where its input names a record, with
 * another member's id (which must find nothing and change nothing). A token call without a rule here fails the
 * first test, so a new call cannot ship unchecked.
 */

const apiDir = new URL('../../../../packages/contract/src/api/', import.meta.url);
const apiModules: Record<string, unknown>[] = await Promise.all(
  readdirSync(apiDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(new URL(file, apiDir).href)),
);
const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'id' in value && 'path' in value && 'value' in value;
const tokenCalls = [
  ...new Map(
    apiModules.flatMap((module) => Object.values(module).filter(isCall)).map((call) => [call.id, call] as const),
  ).values(),
]
  .filter((call) => call.auth === 'token')
  .sort((a, b) => a.id.localeCompare(b.id));

type Request = { query?: Record<string, string>; body?: unknown; multipart?: Multipart };
type Multipart = { name: string; filename?: string; type?: string; data: Buffer | string }[];
interface World {
  send(call: CallDef, token: string | null, request?: Request): ReturnType<typeof sealedInject>;
  /** The caller: a member with a session, a payment password, a bound bank account and money. */
  me: Player;
  /** Another member with the same, plus a paid withdrawal, a deposit order and a notification. */
  other: Player & { withdrawalId: string; depositOrderId: string; depositRequestId: string; withdrawalRequestId: string };
  /** An agent with a session and an empty team: the other member is outside it. */
  agentToken: string;
  otherAccounts(): Promise<string[]>;
  otherUnread(): Promise<number>;
  /** A new inbox message to the other member only: its id, and the other's unread count of messages. */
  messageToOther(): Promise<{ id: string; unread: () => Promise<number> }>;
}

/**
 * What a call does with a trial account (play money only): `served` (any answer but a token refusal or a 5xx)
 * or `refused`, given a request a real member would be served, which must answer 403 in_need_true_account.
 */
type TrialRule = 'served' | { refused: (w: World) => Request };
/**
 * `own`: the input names no other member's record (the call acts on the caller's own; catalogue codes and
 * ids are not members' records). Otherwise the check that another member's id finds and changes nothing.
 */
type IdsRule = 'own' | ((w: World) => Promise<void>);
interface Rule {
  trial: TrialRule;
  ids: IdsRule;
  /** An open event stream never ends: its trial access is tested by the live-stream tests. */
  stream?: true;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
/** Input names that hold catalogue codes or ids, the same for every member. */
const CATALOGUE_IDS = new Set(['gameId', 'roomId', 'nodeId', 'lottoGameCode', 'gameCode', 'promotionId', 'itemId']);
const NAMES_A_RECORD = /(^id$|Id$|Ids$)/;
const ENDS_THE_SESSION = new Set(['session.logout', 'rg.exclusion.start', 'member.password']);

const today = () => new Date().toISOString().slice(0, 10);
const depositBody = () => ({ channel: 'bank1', amountMinor: '100000', reference: 'TRX-1', requestId: randomUUID() });
const bindBody = { type: 'bank', provider: 'Sonali Bank', holderName: 'Karim Ahmed', accountNumber: '1234567890' };

/** A contract id the caller is no party of is answered like an unknown one, and a non-agent is refused before. */
async function contractOfNoneOfThem(w: World, id: string) {
  for (const action of ['accept', 'reject', 'terminate']) {
    const body = { action, contractId: '1' };
    const outside = await w.send(byId(id), w.agentToken, { body });
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'contract.unknown']);
    const notAgent = await w.send(byId(id), w.me.headers.authorization, { body });
    expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
  }
}

// A trial account is not an agent: the agent calls refuse it as they refuse every non-agent (agent.not.agent).
const RULES: Record<string, Rule> = {
  'agentContracts.dailySalary': { trial: 'served', ids: async (w) => contractOfNoneOfThem(w, 'agentContracts.dailySalary') },
  'agentContracts.dividend': { trial: 'served', ids: async (w) => contractOfNoneOfThem(w, 'agentContracts.dividend') },
  'agentContracts.hourlySalary': { trial: 'served', ids: async (w) => contractOfNoneOfThem(w, 'agentContracts.hourlySalary') },
  'agentContracts.list': { trial: 'served', ids: 'own' },
  'agentContracts.realTimeSalary': {
    trial: 'served',
    ids: async (w) => contractOfNoneOfThem(w, 'agentContracts.realTimeSalary'),
  },
  'agentContracts.settings': { trial: 'served', ids: 'own' },
  'agents.centre': { trial: 'served', ids: 'own' },
  'agents.income': { trial: 'served', ids: 'own' },
  'agents.income.statement': {
    trial: 'served',
    ids: async (w) => {
      const query = { id: '1' };
      const outside = await w.send(byId('agents.income.statement'), w.agentToken, { query });
      expect([outside.statusCode, outside.json().code]).toEqual([404, 'settlement.unknown']);
      const notAgent = await w.send(byId('agents.income.statement'), w.me.headers.authorization, { query });
      expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
    },
  },
  'agents.team.member': {
    trial: 'served',
    ids: async (w) => {
      const query = { id: String(w.other.member.id) };
      const outside = await w.send(byId('agents.team.member'), w.agentToken, { query });
      expect([outside.statusCode, outside.json().success]).toEqual([404, false]);
      const notAgent = await w.send(byId('agents.team.member'), w.me.headers.authorization, { query });
      expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
    },
  },
  'agents.notice': {
    trial: 'served',
    ids: async (w) => {
      const query = { id: '1' };
      const unknown = await w.send(byId('agents.notice'), w.agentToken, { query });
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'notice.not.found']);
      const notAgent = await w.send(byId('agents.notice'), w.me.headers.authorization, { query });
      expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
    },
  },
  'agents.notices': { trial: 'served', ids: 'own' },
  'agents.team.betting': {
    trial: 'served',
    ids: async (w) => {
      const query = { fromDay: today(), toDay: today(), q: w.other.member.account };
      const outside = await w.send(byId('agents.team.betting'), w.agentToken, { query });
      expect([outside.statusCode, outside.json().value.total]).toEqual([200, 0]);
      const notAgent = await w.send(byId('agents.team.betting'), w.me.headers.authorization, { query });
      expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
    },
  },
  'agents.team.members': { trial: 'served', ids: 'own' },
  'agents.team.overview': { trial: 'served', ids: 'own' },
  'agents.team.profit': {
    trial: 'served',
    ids: async (w) => {
      const query = { fromDay: today(), toDay: today(), q: w.other.member.account };
      const outside = await w.send(byId('agents.team.profit'), w.agentToken, { query });
      expect([outside.statusCode, outside.json().value.rows]).toEqual([200, []]);
      const notAgent = await w.send(byId('agents.team.profit'), w.me.headers.authorization, { query });
      expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
    },
  },
  'agents.team.register': { trial: 'served', ids: 'own' },
  'agents.team.transactions': {
    trial: 'served',
    ids: async (w) => {
      const query = { fromDay: today(), toDay: today(), member: w.other.member.account };
      const outside = await w.send(byId('agents.team.transactions'), w.agentToken, { query });
      expect([outside.statusCode, outside.json().code]).toEqual([404, 'agent.member.unknown']);
      const notAgent = await w.send(byId('agents.team.transactions'), w.me.headers.authorization, { query });
      expect([notAgent.statusCode, notAgent.json().code]).toEqual([403, 'agent.not.agent']);
    },
  },
  'bettingRecord.list': { trial: 'served', ids: 'own' },
  'bettingRecord.profit': { trial: 'served', ids: 'own' },
  'cashback.claim': { trial: 'served', ids: 'own' },
  'cashback.get': { trial: 'served', ids: 'own' },
  'deposit.channels': { trial: 'served', ids: 'own' },
  'deposit.create': {
    trial: { refused: () => ({ body: depositBody() }) },
    ids: async (w) => {
      const reused = await w.send(byId('deposit.create'), w.me.headers.authorization, {
        body: { ...depositBody(), requestId: w.other.depositRequestId },
      });
      expect(reused.statusCode).toBe(200);
      expect(reused.json().value.id).not.toBe(w.other.depositOrderId);
    },
  },
  'deposit.order': {
    trial: 'served',
    ids: async (w) => {
      const order = await w.send(byId('deposit.order'), w.me.headers.authorization, { query: { id: w.other.depositOrderId } });
      expect(order.statusCode).toBe(404);
      expect(order.json().code).toBe('deposit.order.not.found');
    },
  },
  'deposit.orders': { trial: 'served', ids: 'own' },
  'deposit.proof': {
    trial: 'served',
    ids: async (w) => {
      const proof = await w.send(byId('deposit.proof'), w.me.headers.authorization, {
        query: { orderId: w.other.depositOrderId },
        multipart: [{ name: 'images', filename: 'a.png', type: 'image/png', data: PNG }],
      });
      expect(proof.statusCode).toBe(404);
    },
  },
  'favourites.add': { trial: 'served', ids: 'own' },
  'favourites.ids': { trial: 'served', ids: 'own' },
  'favourites.list': { trial: 'served', ids: 'own' },
  'favourites.recent': { trial: 'served', ids: 'own' },
  'favourites.remove': { trial: 'served', ids: 'own' },
  'games.launch': { trial: 'served', ids: 'own' },
  'live.stream': { trial: 'served', ids: 'own', stream: true },
  'lottery.gameMenuRecent': { trial: 'served', ids: 'own' },
  'member.avatar': { trial: 'served', ids: 'own' },
  'member.avatar-choose': { trial: { refused: () => ({ body: { avatar: '1' } }) }, ids: 'own' },
  'member.avatar-upload': { trial: 'served', ids: 'own' },
  'member.contact.code': { trial: 'served', ids: 'own' },
  'member.contact.verify': { trial: 'served', ids: 'own' },
  'member.icon': { trial: 'served', ids: 'own' },
  'member.info': { trial: 'served', ids: 'own' },
  'member.language': { trial: 'served', ids: 'own' },
  'member.nickname': { trial: 'served', ids: 'own' },
  'member.profile': { trial: 'served', ids: 'own' },
  'member.profile-update': { trial: 'served', ids: 'own' },
  'member.password': { trial: 'served', ids: 'own' },
  'memberTransfers.get': { trial: 'served', ids: 'own' },
  'memberTransfers.send': {
    trial: {
      refused: () => ({
        body: { direction: 'upline', amountMinor: '500', paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() },
      }),
    },
    ids: async (w) => {
      const body = { direction: 'downline', toAccount: w.other.member.account, amountMinor: '500' };
      const sent = await w.send(byId('memberTransfers.send'), w.me.headers.authorization, {
        body: { ...body, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() },
      });
      expect(sent.json().code).toBe('transfer.target.not.allowed');
    },
  },
  'inbox.unread': { trial: 'served', ids: 'own' },
  'inbox.list': { trial: 'served', ids: 'own' },
  'inbox.read': { trial: 'served', ids: (w) => othersMessageUntouched(w, 'inbox.read') },
  'inbox.delete': { trial: 'served', ids: (w) => othersMessageUntouched(w, 'inbox.delete') },
  'sessions.history': { trial: 'served', ids: 'own' },
  'sessions.signOutOthers': { trial: 'served', ids: 'own' },
  'notifications.list': { trial: 'served', ids: 'own' },
  'notifications.read': {
    trial: 'served',
    ids: async (w) => {
      const unread = await w.otherUnread();
      expect(unread).toBeGreaterThan(0);
      const read = await w.send(byId('notifications.read'), w.me.headers.authorization, {
        body: { upToId: '999999999999' },
      });
      expect(read.statusCode).toBe(200);
      expect(await w.otherUnread()).toBe(unread);
    },
  },
  'missions.summary': { trial: 'served', ids: 'own' },
  'points.balance': { trial: 'served', ids: 'own' },
  'points.convert': {
    trial: 'served',
    ids: async (w) => {
      // A request id is the member's own: another member's, sent again, is a new request of the sender, never theirs.
      const body = { points: '100', paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() };
      const theirs = await w.send(byId('points.convert'), w.other.headers.authorization, { body });
      const mine = await w.send(byId('points.convert'), w.me.headers.authorization, { body });
      expect([theirs.json().code, mine.json().code]).toEqual(['loyalty.points.insufficient', 'loyalty.points.insufficient']);
    },
  },
  'points.details': { trial: 'served', ids: 'own' },
  'points.redeem': {
    trial: 'served',
    ids: async (w) => {
      const body = { itemId: '999999999', quantity: 1, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() };
      const theirs = await w.send(byId('points.redeem'), w.other.headers.authorization, { body });
      const mine = await w.send(byId('points.redeem'), w.me.headers.authorization, { body });
      expect([theirs.json().code, mine.json().code]).toEqual(['loyalty.item.not.found', 'loyalty.item.not.found']);
    },
  },
  'points.redemptions': { trial: 'served', ids: 'own' },
  'promotions.bonus': { trial: 'served', ids: 'own' },
  'promotions.join': { trial: 'served', ids: 'own' },
  'promotions.referral': { trial: { refused: () => ({}) }, ids: 'own' },
  'raffles.claim': { trial: 'served', ids: 'own' },
  'records.bonuses': { trial: 'served', ids: 'own' },
  'records.transactions': { trial: 'served', ids: 'own' },
  'rewards.claim': {
    trial: 'served',
    ids: async (w) => {
      // A mission id is the merchant's, the same for every member: a claim only ever looks at the caller's progress.
      const body = { source: 'mission', id: '999999999' };
      const theirs = await w.send(byId('rewards.claim'), w.other.headers.authorization, { body });
      const mine = await w.send(byId('rewards.claim'), w.me.headers.authorization, { body });
      expect([theirs.json().code, mine.json().code]).toEqual(['loyalty.mission.not.found', 'loyalty.mission.not.found']);
    },
  },
  'rewards.list': { trial: 'served', ids: 'own' },
  'rg.depositLimit.set': { trial: 'served', ids: 'own' },
  'rg.exclusion.start': { trial: 'served', ids: 'own' },
  'rg.get': { trial: 'served', ids: 'own' },
  'security.overview': { trial: 'served', ids: 'own' },
  'security.payment-password': { trial: 'served', ids: 'own' },
  'security.payout-account.bind': { trial: { refused: () => ({ body: bindBody }) }, ids: 'own' },
  'security.payout-account.unbind': {
    trial: 'served',
    ids: async (w) => {
      const [account] = await w.otherAccounts();
      const unbind = await w.send(byId('security.payout-account.unbind'), w.me.headers.authorization, {
        query: { id: account as string },
      });
      expect(unbind.statusCode).toBe(404);
      expect(await w.otherAccounts()).toEqual([account]);
    },
  },
  'session.logout': { trial: 'served', ids: 'own' },
  'two-factor.disable': { trial: 'served', ids: 'own' },
  'two-factor.enrolment.confirm': { trial: 'served', ids: 'own' },
  'two-factor.enrolment.start': { trial: 'served', ids: 'own' },
  'two-factor.status': { trial: 'served', ids: 'own' },
  'wallet.balance': { trial: 'served', ids: 'own' },
  'wallet.funds-consolidated': { trial: 'served', ids: 'own' },
  'wallet.merchant-wallet': { trial: 'served', ids: 'own' },
  'wallet.transfer': {
    trial: { refused: () => ({ body: { direction: 'collect', requestId: randomUUID() } }) },
    ids: async (w) => {
      const collected = await w.send(byId('wallet.transfer'), w.me.headers.authorization, {
        body: { direction: 'collect', requestId: w.other.depositRequestId },
      });
      expect(collected.json()).toMatchObject({ success: true, value: { sumBalance: '100000' } });
    },
  },
  'withdrawal.confirm': {
    trial: 'served',
    ids: async (w) => {
      const confirm = await w.send(byId('withdrawal.confirm'), w.me.headers.authorization, {
        body: { id: w.other.withdrawalId, action: 'all_received' },
      });
      expect(confirm.statusCode).toBe(404);
    },
  },
  'withdrawal.create': {
    trial: {
      refused: (w) => ({
        body: { requestId: randomUUID(), amount: '20000', payoutAccountId: w.me.accountId, paymentPassword: PAYMENT_PASSWORD },
      }),
    },
    ids: async (w) => {
      const body = { requestId: randomUUID(), amount: '20000', paymentPassword: PAYMENT_PASSWORD };
      const [otherAccount] = await w.otherAccounts();
      const toOthers = await w.send(byId('withdrawal.create'), w.me.headers.authorization, {
        body: { ...body, payoutAccountId: otherAccount },
      });
      expect(toOthers.json().code).toBe('payout.account.not.found');
      const reused = await w.send(byId('withdrawal.create'), w.me.headers.authorization, {
        body: { ...body, requestId: w.other.withdrawalRequestId, payoutAccountId: w.me.accountId },
      });
      expect(reused.statusCode).toBe(200);
      expect(reused.json().value.id).not.toBe(w.other.withdrawalId);
    },
  },
  'withdrawal.info': { trial: 'served', ids: 'own' },
  'withdrawal.not-received': {
    trial: 'served',
    ids: async (w) => {
      const report = await w.send(byId('withdrawal.not-received'), w.me.headers.authorization, {
        query: { id: w.other.withdrawalId },
        multipart: [{ name: 'proof', filename: 'a.png', type: 'image/png', data: PNG }],
      });
      expect(report.statusCode).toBe(404);
    },
  },
  'withdrawal.orders': { trial: 'served', ids: 'own' },
};

/** Reading or deleting another member's message by its id marks nothing: it stays unread in their inbox. */
async function othersMessageUntouched(w: World, callId: string) {
  const message = await w.messageToOther();
  const unread = await message.unread();
  expect(unread).toBeGreaterThan(0);
  const answer = await w.send(byId(callId), w.me.headers.authorization, { body: { ids: [message.id] } });
  expect(answer.statusCode).toBe(200);
  expect(await message.unread()).toBe(unread);
}

function byId(id: string): CallDef {
  const call = tokenCalls.find((candidate) => candidate.id === id);
  if (!call) throw new Error(`no token call ${id}`);
  return call;
}

const inputNames = (call: CallDef) =>
  [call.querystring, call.body].flatMap((schema) =>
    Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}),
  );

function multipart(parts: Multipart) {
  const boundary = `----matrix${randomUUID()}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('authorization matrix of the token calls (from the contract)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let w: World;
  const tokens: Record<'no token' | 'garbage' | 'expired' | 'logged out', string | null> = {
    'no token': null,
    garbage: 'x'.repeat(43),
    expired: '',
    'logged out': '',
  };
  let trialToken: string;
  let newTrialSession: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db.kysely;
    const send: World['send'] = async (call, token, request = {}) => {
      const headers: Record<string, string> = token === null ? {} : { authorization: token };
      const url = request.query ? `${call.path}?${new URLSearchParams(request.query)}` : call.path;
      if (call.encrypted && request.body !== undefined) {
        return sealedInject(t.app, { method: call.method, path: url }, request.body, { headers });
      }
      const options: InjectOptions = { method: call.method, url, headers };
      if (request.multipart) {
        const form = multipart(request.multipart);
        options.payload = form.payload;
        options.headers = { ...headers, 'content-type': form.type };
      } else if (request.body !== undefined) options.payload = request.body as InjectOptions['payload'];
      return t.app.inject(options);
    };
    const admin = (...argv: string[]) => runAdmin(argv, t.services);
    // Transfer wallets on, so that wallet.transfer goes past "unavailable" to its member checks.
    await t.settings.update(DEMO_MERCHANT, 'wallet', (wallet) => ({ ...wallet, isSingle: false }), 'test');
    const channel = ['deposit', 'channel', 'add', 'bank1', '--kind', 'bank', '--name', 'City Bank transfer'];
    const details = ['--min', '500', '--max', '25000', '--account', 'Account number=0123456789'];
    expect((await admin(...channel, '--name-bn', 'সিটি ব্যাংক', ...details, '--instructions', 'Send the reference')).exitCode).toBe(
      0,
    );

    const me = await playerWithBalance(db, 100_000n);
    const other = await playerWithBalance(db, 100_000n);
    const withdrawalRequestId = randomUUID();
    const withdrawal = await sealedInject(
      t.app,
      byId('withdrawal.create'),
      { requestId: withdrawalRequestId, amount: '20000', payoutAccountId: other.accountId, paymentPassword: PAYMENT_PASSWORD },
      { headers: other.headers },
    );
    const withdrawalId = withdrawal.json().value.id as string;
    expect((await admin('withdrawal', 'approve', withdrawalId)).exitCode).toBe(0);
    const depositRequestId = randomUUID();
    const deposit = await send(byId('deposit.create'), other.headers.authorization, {
      body: { ...depositBody(), requestId: depositRequestId },
    });
    w = {
      send,
      me,
      agentToken: await sessionFor(db, await newAgent(db)),
      other: { ...other, withdrawalId, withdrawalRequestId, depositRequestId, depositOrderId: deposit.json().value.id },
      otherAccounts: async () =>
        (await send(byId('security.overview'), other.headers.authorization))
          .json()
          .value.payoutAccounts.map((a: { id: string }) => a.id),
      otherUnread: async () =>
        (await send(byId('notifications.list'), other.headers.authorization))
          .json()
          .value.list.filter((n: { read: boolean }) => !n.read).length,
      messageToOther: async () => {
        const { id } = await t.services.inbox.send(
          DEMO_MERCHANT,
          { audience: 'members', accounts: [other.member.account], texts: { en: { title: 'For the other', content: '' } } },
          { actor: 'matrix', kind: 'system', ip: null },
        );
        const unread = async () => (await send(byId('inbox.unread'), other.headers.authorization)).json().value as number;
        return { id: id.toString(), unread };
      },
    };

    const expiring = await newMember(db);
    tokens.expired = await sessionFor(db, expiring);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', expiring.id)
      .execute();
    const leaving = await newMember(db);
    tokens['logged out'] = await sessionFor(db, leaving);
    expect((await send(byId('session.logout'), tokens['logged out'])).statusCode).toBe(200);
    const trial = await newMember(db, { agentType: 4 });
    newTrialSession = () => sessionFor(db, trial);
    trialToken = await newTrialSession();
  });
  afterAll(() => t.close());

  it('has a rule for every token call of the contract, and none for a call that is gone', () => {
    expect(tokenCalls.length).toBeGreaterThan(40);
    expect(tokenCalls.map((call) => call.id).filter((id) => !(id in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((id) => !tokenCalls.some((call) => call.id === id))).toEqual([]);
  });

  it("checks another member's ids wherever a call's input names a record", () => {
    const unchecked = tokenCalls.flatMap((call) =>
      RULES[call.id]?.ids === 'own'
        ? inputNames(call)
            .filter((name) => NAMES_A_RECORD.test(name) && !CATALOGUE_IDS.has(name))
            .map((name) => `${call.id}.${name}`)
        : [],
    );
    expect(unchecked).toEqual([]);
  });

  it.each(Object.keys(tokens))(
    'refuses every token call with %s: 401 in the envelope, before reading the input',
    async (state) => {
      const token = tokens[state as keyof typeof tokens];
      const answers = await Promise.all(tokenCalls.map(async (call) => [call.id, await w.send(call, token)] as const));
      const wrong = answers
        .filter(
          ([, answer]) =>
            answer.statusCode !== 401 || answer.json().code !== 'login.not.session' || answer.json().success !== false,
        )
        .map(([id, answer]) => `${id}: ${answer.statusCode} ${answer.body.slice(0, 80)}`);
      expect(wrong).toEqual([]);
    },
  );

  it('serves a trial account only where play money makes sense, refusing the rest with in_need_true_account', async () => {
    const wrong: string[] = [];
    const sessionEndingLast = [...tokenCalls].sort(
      (a, b) => Number(ENDS_THE_SESSION.has(a.id)) - Number(ENDS_THE_SESSION.has(b.id)),
    );
    for (const call of sessionEndingLast) {
      const rule = RULES[call.id] as Rule;
      if (rule.stream) continue;
      const refused = rule.trial !== 'served';
      // Calls that end the session (logout, self-exclusion) get one of their own.
      const token = ENDS_THE_SESSION.has(call.id) ? await newTrialSession() : trialToken;
      const answer = await w.send(call, token, rule.trial === 'served' ? {} : rule.trial.refused(w));
      const code = answer.json().code;
      if (refused && (answer.statusCode !== 403 || code !== 'in_need_true_account'))
        wrong.push(`${call.id}: ${answer.statusCode} ${code}`);
      if (!refused && (answer.statusCode >= 500 || answer.statusCode === 401 || code === 'in_need_true_account'))
        wrong.push(`${call.id}: ${answer.statusCode} ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(tokenCalls.filter((call) => RULES[call.id]?.ids !== 'own').map((call) => call.id))(
    "%s: another member's id finds and changes nothing",
    async (id) => {
      const check = (RULES[id] as Rule).ids;
      if (check !== 'own') await check(w);
    },
  );
});
