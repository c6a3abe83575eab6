import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { MemberTransferService } from './service.js';
import { fundedWithPassword, PAY_PASSWORD } from './test/kit.js';

describe('member transfers under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let second: Db;
  beforeAll(async () => {
    t = await createTestApp();
    second = await t.db.reopen();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('never overdraws when transfers from two instances race for the same balance', async () => {
    const agent = await newAgent(t.db.kysely);
    const member = await newMember(t.db.kysely, { parentId: agent.id });
    await fundedWithPassword(t.db.kysely, member, 1_000n);
    const instances = [
      new MemberTransferService(t.db.kysely, new Ledger(t.db.kysely)),
      new MemberTransferService(second.kysely, new Ledger(second.kysely)),
    ];
    // Five at once: the payment-password check counts in-flight attempts and locks after five.
    const attempts = Array.from({ length: 5 }, (_, i) =>
      instances[i % 2]?.send(DEMO_MERCHANT, member.id, {
        direction: 'upline',
        amountMinor: '300',
        paymentPassword: PAY_PASSWORD,
        requestId: randomUUID(),
      }),
    );
    const results = await Promise.allSettled(attempts);
    const sent = results.filter((r) => r.status === 'fulfilled');
    expect(sent).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'wallet.insufficient.funds' });
    const ledger = new Ledger(t.db.kysely);
    expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).balance).toBe(100n);
    expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: agent.id })).balance).toBe(900n);
  });

  it('sends once when the same request arrives at two instances at the same time', async () => {
    const agent = await newAgent(t.db.kysely);
    const member = await newMember(t.db.kysely, { parentId: agent.id });
    await fundedWithPassword(t.db.kysely, member, 1_000n);
    const body = { direction: 'upline' as const, amountMinor: '400', paymentPassword: PAY_PASSWORD, requestId: randomUUID() };
    const [a, b] = await Promise.all([
      new MemberTransferService(t.db.kysely, new Ledger(t.db.kysely)).send(DEMO_MERCHANT, member.id, body),
      new MemberTransferService(second.kysely, new Ledger(second.kysely)).send(DEMO_MERCHANT, member.id, body),
    ]);
    expect(a.transfer.id).toBe(b.transfer.id);
    const ledger = new Ledger(t.db.kysely);
    expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: agent.id })).balance).toBe(400n);
  });
});
