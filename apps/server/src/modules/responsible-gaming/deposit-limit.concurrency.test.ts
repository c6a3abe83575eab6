import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { asMember, sessionFor } from './test/kit.js';

describe('deposit limits under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets only as many simultaneous deposits through as the limit allows', async () => {
    const member = await newMember(t.db.kysely);
    const call = asMember(t.app, await sessionFor(t.db.kysely, member));
    await call('POST', '/wps/member/responsible-gaming/deposit-limit', { period: 'daily', limitMinor: '250000' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/wps/deposit/orders', { channel: 'demo', amountMinor: '100000', requestId: randomUUID() }),
      ),
    );
    const codes = results.map((r) => r.json().code).sort();
    expect(codes.filter((code) => code === 'ok')).toHaveLength(2);
    expect(codes.filter((code) => code !== 'ok')).toEqual([
      'rg.deposit.limit.exceeded',
      'rg.deposit.limit.exceeded',
      'rg.deposit.limit.exceeded',
    ]);
    const used = (await call('GET', '/wps/member/responsible-gaming')).json().value.limits[0];
    expect(used).toMatchObject({ limitMinor: '250000', usedMinor: '200000' });
  });
});
