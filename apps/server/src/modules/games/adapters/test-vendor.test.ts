import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { newMember } from '../../../test/factories.js';
import { createTestApp } from '../../../test/test-app.js';
import { importCatalogue } from '../../catalogue/import.js';
import { fundedMember } from '../../house-vendor/test/kit.js';
import { Ledger } from '../../ledger/service.js';
import { startWithTestVendor } from '../test/conformance/test-vendor-process.js';
import { DEFAULT_REPLAY_WINDOW_SECONDS, hmacSignature } from './hmac-signature.js';
import { TESTV_WALLET_PATH } from './test-vendor-callbacks.js';

const CATALOGUE = path.resolve(import.meta.dirname, '../../../../../test-vendor/catalogue.json');
const launchBody = { gameId: 'TESTV_COIN_FLIP', vassalage: 'TESTV', launchMode: 'GLS', platform: 'html5-desktop' };

describe('TESTV adapter: launch, game page and wallet callbacks', () => {
  let env: Awaited<ReturnType<typeof startWithTestVendor>>;
  beforeAll(async () => {
    env = await startWithTestVendor();
  });
  afterAll(() => env?.close());

  const callback = (op: string, body: unknown, options: { timestamp?: number; secret?: string; raw?: string } = {}) => {
    const raw = options.raw ?? JSON.stringify(body);
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    return env.t.app.inject({
      method: 'POST',
      url: `${TESTV_WALLET_PATH}/${op}`,
      headers: {
        'content-type': 'application/json',
        'x-testv-timestamp': String(timestamp),
        'x-testv-signature': hmacSignature(options.secret ?? env.secret, timestamp, raw),
      },
      payload: raw,
    });
  };
  const debitBody = (playerId: bigint, overrides: Record<string, string> = {}) => ({
    requestId: 'req-1',
    operatorId: DEMO_MERCHANT,
    playerId: playerId.toString(),
    txId: `tx-${Math.random().toString(36).slice(2)}`,
    amount: '100',
    roundId: 'round-1',
    gameCode: 'TESTV_COIN_FLIP',
    ...overrides,
  });

  it('launches the vendor game page, whose coin flip bets and settles through our wallet', async () => {
    const member = await fundedMember(env.t.db.kysely, 10_000n);
    const launch = await env.t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: member.token, language: 'bn' },
      payload: launchBody,
    });
    const gameUrl: string = launch.json().value.content.game_url;
    expect(gameUrl.startsWith(`${env.vendor.url}/game?session=`)).toBe(true);
    const page = await fetch(gameUrl);
    const html = await page.text();
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('100.00 BDT');
    const session = new URL(gameUrl).searchParams.get('session') ?? '';
    const played = await fetch(`${env.vendor.url}/game/flip`, {
      method: 'POST',
      body: new URLSearchParams({ session, stake: '500', pick: 'heads' }),
    });
    expect(played.status).toBe(200);
    const balance = (await new Ledger(env.t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id }))
      .available;
    expect([9500n, 10_500n]).toContain(balance);
    expect(await played.text()).toContain(`${(Number(balance) / 100).toFixed(2)} BDT`);
    const rows = await env.t.db.kysely
      .selectFrom('game_vendor_transactions')
      .select(['operation', 'amount'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.operation)).toEqual(['debit', 'credit']);
  });

  it('refuses a stale or future signature, and another secret, before reading the body', async () => {
    const member = await fundedMember(env.t.db.kysely, 1000n);
    const old = await callback('debit', debitBody(member.id), {
      timestamp: Math.floor(Date.now() / 1000) - 2 * DEFAULT_REPLAY_WINDOW_SECONDS,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ status: 'INVALID_SIGNATURE' });
    const future = await callback('balance', debitBody(member.id), {
      timestamp: Math.floor(Date.now() / 1000) + 2 * DEFAULT_REPLAY_WINDOW_SECONDS,
    });
    expect(future.statusCode).toBe(401);
    expect((await callback('balance', debitBody(member.id), { secret: 'x'.repeat(64) })).statusCode).toBe(401);
    const unsigned = await env.t.app.inject({
      method: 'POST',
      url: `${TESTV_WALLET_PATH}/balance`,
      payload: debitBody(member.id),
    });
    expect(unsigned.json()).toEqual({ status: 'INVALID_SIGNATURE' });
  });

  it('answers malformed or incomplete requests with INVALID_REQUEST, never a server error', async () => {
    const member = await fundedMember(env.t.db.kysely, 1000n);
    for (const [op, body, raw] of [
      ['debit', null, '{not json'],
      ['debit', [1, 2], undefined],
      ['debit', debitBody(member.id, { amount: '-5' }), undefined],
      ['debit', debitBody(member.id, { amount: '0' }), undefined],
      ['debit', debitBody(member.id, { amount: '1.5' }), undefined],
      ['credit', { ...debitBody(member.id), txId: undefined }, undefined],
      ['rollback', { requestId: 'r', operatorId: DEMO_MERCHANT, playerId: member.id.toString() }, undefined],
      ['balance', { requestId: 'r', operatorId: DEMO_MERCHANT, playerId: 'abc' }, undefined],
    ] as const) {
      const response = await callback(op, body, raw === undefined ? {} : { raw });
      expect(response.statusCode, `${op} ${raw ?? JSON.stringify(body)}`).toBe(400);
      expect(response.json().status).toBe('INVALID_REQUEST');
    }
    expect(
      await new Ledger(env.t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id }),
    ).toMatchObject({
      available: 1000n,
    });
  });

  it('refuses unknown players, trial accounts, unknown merchants and unknown games', async () => {
    const trial = await newMember(env.t.db.kysely, { agentType: TRIAL_TYPE });
    const member = await fundedMember(env.t.db.kysely, 1000n);
    expect((await callback('balance', debitBody(999_999_999n))).json()).toEqual({ status: 'INVALID_PLAYER' });
    expect((await callback('debit', debitBody(trial.id))).json()).toEqual({ status: 'INVALID_PLAYER' });
    expect((await callback('balance', debitBody(member.id, { operatorId: 'nosuch' }))).json()).toEqual({
      status: 'INVALID_PLAYER',
    });
    const unknownGame = await callback('debit', debitBody(member.id, { gameCode: 'NOT_A_GAME' }));
    expect(unknownGame.json()).toEqual({ status: 'INVALID_GAME', balance: '1000', currency: 'BDT' });
  });

  it('refuses new bets from a self-excluded player but still pays the win of a round already played', async () => {
    const member = await fundedMember(env.t.db.kysely, 5000n);
    const call = (fields: Record<string, string>) =>
      env.vendor.control('/control/call', {
        operatorId: DEMO_MERCHANT,
        playerId: member.id.toString(),
        gameCode: 'TESTV_COIN_FLIP',
        ...fields,
      });
    await call({ op: 'debit', txId: 'bet-1', amount: '1000', roundId: 'r-1' });
    const excluded = await env.t.app.inject({
      method: 'POST',
      url: '/wps/member/responsible-gaming/exclusion',
      headers: { authorization: member.token },
      payload: { duration: '24h' },
    });
    expect(excluded.json().success).toBe(true);
    expect((await call({ op: 'debit', txId: 'bet-2', amount: '1000', roundId: 'r-2' })).reply).toEqual({
      status: 'PLAYER_BLOCKED',
      balance: '4000',
      currency: 'BDT',
    });
    expect((await call({ op: 'credit', txId: 'win-1', amount: '2000', roundId: 'r-1' })).reply).toEqual({
      status: 'OK',
      balance: '6000',
      currency: 'BDT',
    });
  });
});

describe('TESTV without configuration', () => {
  it('is not registered: its games answer game.vendor.unavailable and its callbacks do not exist', async () => {
    const t = await createTestApp();
    try {
      await importCatalogue(t.db.kysely, DEMO_MERCHANT, JSON.parse(readFileSync(CATALOGUE, 'utf8')));
      const member = await fundedMember(t.db.kysely, 1000n);
      const launch = await t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { authorization: member.token },
        payload: launchBody,
      });
      expect(launch.json()).toMatchObject({ success: false, code: 'game.vendor.unavailable' });
      const callbackResponse = await t.app.inject({ method: 'POST', url: `${TESTV_WALLET_PATH}/balance`, payload: {} });
      expect(callbackResponse.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
