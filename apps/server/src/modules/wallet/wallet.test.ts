import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';

describe('wallet', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let vendor: string;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  const funded = async (amountMinor: string) => {
    const member = await newMember(t.db.kysely);
    const headers = {
      authorization: await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.3.0.1' }),
    };
    await call('POST', '/wps/deposit/orders', headers, { channel: 'demo', amountMinor, requestId: randomUUID() });
    return headers;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const row = await t.db.kysely
      .selectFrom('catalogue_vendors')
      .select('vassalage')
      .where('merchant_code', '=', DEMO_MERCHANT)
      .executeTakeFirstOrThrow();
    vendor = row.vassalage;
  });
  afterAll(() => t.close());

  it('answers single mode for the demo merchant and refuses transfers there', async () => {
    const headers = await funded('20000');
    expect((await call('GET', '/wps/relay/GCS_merchantWallet', headers)).json().value).toEqual({ isSingle: true, vendors: [] });
    const res = await call('POST', '/wps/relay/GCS_walletTransfer', headers, { direction: 'collect', requestId: randomUUID() });
    expect(res.json()).toMatchObject({ success: false, code: 'wallet.transfer.unavailable' });
    const funds = (await call('GET', '/wps/member/info/funds/consolidated', headers)).json().value;
    expect(funds).toMatchObject({ main: '20000', held: '0', vendors: '0', sumBalance: '20000', currencySymbol: '৳' });
  });

  it('moves money main ↔ vendor in transfer mode, idempotently, and collects every vendor wallet', async () => {
    await t.settings.update(DEMO_MERCHANT, 'wallet', (current) => ({ ...current, isSingle: false }), 'test');
    try {
      const headers = await funded('50000');
      const mode = (await call('GET', '/wps/relay/GCS_merchantWallet', headers)).json().value;
      expect(mode.isSingle).toBe(false);
      expect(mode.vendors.map((v: { vendor: string }) => v.vendor)).toContain(vendor);
      const move = { direction: 'in', vendor, amount: '30000', requestId: randomUUID() };
      const first = (await call('POST', '/wps/relay/GCS_walletTransfer', headers, move)).json().value;
      const again = (await call('POST', '/wps/relay/GCS_walletTransfer', headers, move)).json().value;
      expect(again).toEqual(first);
      expect(first.sumBalance).toBe('50000');
      expect(first.balance.find((l: { accountTypeId: string }) => l.accountTypeId === 'MAIN').availBalance).toBe('20000');
      expect(first.balance.find((l: { accountTypeId: string }) => l.accountTypeId === vendor).availBalance).toBe('30000');
      const tooMuch = await call('POST', '/wps/relay/GCS_walletTransfer', headers, {
        direction: 'in',
        vendor,
        amount: '20001',
        requestId: randomUUID(),
      });
      expect(tooMuch.json().code).toBe('wallet.insufficient.funds');
      const unknown = await call('POST', '/wps/relay/GCS_walletTransfer', headers, {
        direction: 'out',
        vendor: 'NOPE',
        amount: '1',
        requestId: randomUUID(),
      });
      expect(unknown.json().code).toBe('wallet.vendor.unknown');
      const missing = await call('POST', '/wps/relay/GCS_walletTransfer', headers, {
        direction: 'out',
        vendor,
        requestId: randomUUID(),
      });
      expect(missing.json()).toMatchObject({ code: 'request.invalid', value: { fields: [{ field: 'body/amount' }] } });
      const collect = { direction: 'collect', requestId: randomUUID() };
      const collected = (await call('POST', '/wps/relay/GCS_walletTransfer', headers, collect)).json().value;
      expect(collected.balance.find((l: { accountTypeId: string }) => l.accountTypeId === 'MAIN').availBalance).toBe('50000');
      const repeated = (await call('POST', '/wps/relay/GCS_walletTransfer', headers, collect)).json().value;
      expect(repeated.sumBalance).toBe('50000');
    } finally {
      await t.settings.update(DEMO_MERCHANT, 'wallet', (current) => ({ ...current, isSingle: true }), 'test');
    }
  });

  it('needs a token', async () => {
    expect((await call('GET', '/wps/v2/wallets/balance', {})).statusCode).toBe(401);
  });
});
