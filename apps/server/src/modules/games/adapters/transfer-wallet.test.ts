import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { loadConfig } from '../../../platform/config.js';
import { fundedMember } from '../../house-vendor/test/kit.js';
import { Ledger } from '../../ledger/service.js';
import { SiteSettingsService } from '../../site-settings/service.js';
import { startWithTestVendor } from '../test/conformance/test-vendor-process.js';
import type { VendorAdapter } from '../vendor.js';
import { testVendorAdapter } from './test-vendor.js';
import { VendorTransfers } from './transfer-wallet.js';

const VENDOR = 'TESTV';

describe('transfer-wallet mode with TESTV over HTTP', () => {
  let env: Awaited<ReturnType<typeof startWithTestVendor>>;
  let adapter: VendorAdapter;
  beforeAll(async () => {
    env = await startWithTestVendor();
    await env.t.settings.update(DEMO_MERCHANT, 'wallet', (current) => ({ ...current, isSingle: false }), 'test');
    const endpoint = { url: env.vendor.url, secret: env.secret };
    adapter = testVendorAdapter(endpoint, new SiteSettingsService(env.t.db.kysely));
  });
  afterAll(() => env?.close());

  const ledger = () => new Ledger(env.t.db.kysely);
  const available = async (memberId: bigint, vendor?: string) =>
    (
      await ledger().balanceOf(
        DEMO_MERCHANT,
        vendor ? { kind: 'member_vendor', memberId, vendor } : { kind: 'member_main', memberId },
      )
    ).available;
  const atVendor = (memberId: bigint) => adapter.transferWallet?.balance(DEMO_MERCHANT, memberId);
  const transfer = (token: string, payload: Record<string, string>) =>
    env.t.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', headers: { authorization: token }, payload });
  const pendingJobsDueNow = () =>
    sql`UPDATE jobs SET run_at = now() WHERE kind = 'vendor.transfer.reconcile' AND done_at IS NULL`.execute(env.t.db.kysely);
  const settled = async (memberId: bigint) => {
    for (let i = 0; i < 100; i += 1) {
      const held = (await ledger().balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId })).held;
      if (held === 0n) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the reconcile job did not settle the hold');
  };

  it('moves money to the vendor and back once per request, booking the game results in between', async () => {
    const member = await fundedMember(env.t.db.kysely, 10_000n);
    const deposit = { direction: 'in', vendor: VENDOR, amount: '3000', requestId: randomUUID() };
    expect((await transfer(member.token, deposit)).json().success).toBe(true);
    const retried = await transfer(member.token, deposit);
    expect(retried.json().value.balance).toContainEqual({ accountTypeId: VENDOR, availBalance: '3000', held: '0' });
    expect(await available(member.id)).toBe(7000n);
    expect(await atVendor(member.id)).toBe(3000n);

    // The player plays at the vendor, whose balance moves without telling us.
    const launch = await env.t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: member.token },
      payload: { gameId: 'TESTV_COIN_FLIP', vassalage: VENDOR, launchMode: 'GLS', platform: 'html5-desktop' },
    });
    const session = new URL(launch.json().value.content.game_url).searchParams.get('session') ?? '';
    await fetch(`${env.vendor.url}/game/flip`, {
      method: 'POST',
      body: new URLSearchParams({ session, stake: '1000', pick: 'tails' }),
    });
    const afterPlay = (await atVendor(member.id)) ?? 0n;
    expect([2000n, 4000n]).toContain(afterPlay);

    const collect = { direction: 'collect', requestId: randomUUID() };
    expect((await transfer(member.token, collect)).json().success).toBe(true);
    expect((await transfer(member.token, collect)).json().success).toBe(true);
    expect(await available(member.id)).toBe(7000n + afterPlay);
    expect(await available(member.id, VENDOR)).toBe(0n);
    expect(await atVendor(member.id)).toBe(0n);
  });

  it('moves once under concurrent retries of one request, and never overdraws under concurrent requests', async () => {
    const member = await fundedMember(env.t.db.kysely, 3000n);
    const same = { direction: 'in', vendor: VENDOR, amount: '1000', requestId: randomUUID() };
    const retries = await Promise.all(Array.from({ length: 4 }, () => transfer(member.token, same)));
    expect(retries.map((answer) => answer.json().success)).toEqual([true, true, true, true]);
    expect(await atVendor(member.id)).toBe(1000n);
    const requests = await Promise.all(
      Array.from({ length: 4 }, () => transfer(member.token, { ...same, requestId: randomUUID() })),
    );
    const codes = requests.map((answer) => answer.json().code).sort();
    expect(codes).toEqual(['ok', 'ok', 'wallet.insufficient.funds', 'wallet.insufficient.funds']);
    expect(await available(member.id)).toBe(0n);
    expect(await available(member.id, VENDOR)).toBe(3000n);
    expect(await atVendor(member.id)).toBe(3000n);
  });

  it('refuses to bring back more than the vendor holds and moves nothing', async () => {
    const member = await fundedMember(env.t.db.kysely, 5000n);
    await transfer(member.token, { direction: 'in', vendor: VENDOR, amount: '1000', requestId: randomUUID() });
    const out = await transfer(member.token, { direction: 'out', vendor: VENDOR, amount: '1500', requestId: randomUUID() });
    expect(out.json()).toMatchObject({ success: false, code: 'wallet.insufficient.funds' });
    expect(await available(member.id)).toBe(4000n);
    expect(await atVendor(member.id)).toBe(1000n);
  });

  it('keeps the money on hold when the vendor commits but never answers, and the job posts it', async () => {
    const member = await fundedMember(env.t.db.kysely, 5000n);
    await env.vendor.control('/control/fault', { fault: 'hang', times: 1 });
    const hung = await transfer(member.token, { direction: 'in', vendor: VENDOR, amount: '2000', requestId: randomUUID() });
    expect(hung.json()).toMatchObject({ success: false, code: 'wallet.transfer.pending' });
    expect(await ledger().balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).toMatchObject({
      available: 3000n,
      held: 2000n,
    });
    expect(await atVendor(member.id)).toBe(2000n);
    await pendingJobsDueNow();
    await settled(member.id);
    expect(await available(member.id)).toBe(3000n);
    expect(await available(member.id, VENDOR)).toBe(2000n);
  });

  it('completes a transfer whose instance died between the hold and the vendor call', async () => {
    const member = await fundedMember(env.t.db.kysely, 5000n);
    await transfer(member.token, { direction: 'in', vendor: VENDOR, amount: '500', requestId: randomUUID() });
    const dying: VendorAdapter = {
      ...adapter,
      transferWallet: adapter.transferWallet && {
        ...adapter.transferWallet,
        deposit: () => Promise.reject(new Error('process killed')),
      },
    };
    const move = { merchant: DEMO_MERCHANT, memberId: member.id, vendor: VENDOR, currency: 'BDT', direction: 'in' as const };
    await expect(
      new VendorTransfers(env.t.db.kysely, new Ledger(env.t.db.kysely), [dying]).move({
        ...move,
        amount: 1000n,
        requestId: randomUUID(),
      }),
    ).rejects.toThrow('process killed');
    expect(await atVendor(member.id)).toBe(500n);
    // The job finds the transfer unknown to the vendor and sends it again under the same id.
    await pendingJobsDueNow();
    await settled(member.id);
    expect(await atVendor(member.id)).toBe(1500n);
    expect(await available(member.id, VENDOR)).toBe(1500n);
    expect(await available(member.id)).toBe(3500n);
  });
});

describe('transfer-wallet configuration', () => {
  it('needs the secret whenever the vendor URL is set', () => {
    expect(() => loadConfig({ VENDOR_TESTV_URL: 'http://127.0.0.1:9' })).toThrow('VENDOR_TESTV_SECRET');
    expect(loadConfig({ VENDOR_TESTV_URL: 'http://x/', VENDOR_TESTV_SECRET: 's'.repeat(32) }).vendors.testv?.url).toBe(
      'http://x',
    );
  });
});
