import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';
import { fundedWithPassword, PAY_PASSWORD } from './test/kit.js';

const TRANSFERS = '/wps/member/transfers';

describe('transfers to upline and downline', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ledger: Ledger;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = new Ledger(t.db.kysely);
  });
  afterAll(() => t.close());

  const balance = async (m: TestMember) =>
    (await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: m.id })).balance;
  const as = async (m: TestMember) => asMember(t.app, await sessionFor(t.db.kysely, m));
  const send = (body: Record<string, unknown>) => ({ paymentPassword: PAY_PASSWORD, requestId: randomUUID(), ...body });

  it('a member sends money to the upline once, even when the request is retried, and both see it', async () => {
    const agent = await newAgent(t.db.kysely);
    const member = await newMember(t.db.kysely, { parentId: agent.id });
    await fundedWithPassword(t.db.kysely, member, 10_000n);
    const call = await as(member);

    const info = (await call('GET', TRANSFERS)).json().value;
    expect(info).toMatchObject({
      upline: { account: agent.account },
      canTransferDownline: false,
      availableMinor: '10000',
      history: [],
    });

    const body = send({ direction: 'upline', amountMinor: '2500' });
    const first = await call('POST', TRANSFERS, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().value.transfer).toMatchObject({
      direction: 'out',
      counterparty: agent.account,
      relation: 'upline',
      amountMinor: '2500',
    });
    const retry = await call('POST', TRANSFERS, body);
    expect(retry.json().value.transfer.id).toBe(first.json().value.transfer.id);
    const changed = await call('POST', TRANSFERS, { ...body, amountMinor: '9000' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'transfer.request.conflict', message: 'errors.transfer_request_conflict' });
    expect(await balance(member)).toBe(7_500n);
    expect(await balance(agent)).toBe(2_500n);

    const agentView = (await (await as(agent))('GET', TRANSFERS)).json().value;
    expect(agentView.history).toEqual([
      expect.objectContaining({ direction: 'in', counterparty: member.account, amountMinor: '2500' }),
    ]);
    expect(agentView.canTransferDownline).toBe(true);
  });

  it('an agent sends to any member of the own downline tree, never outside it', async () => {
    const top = await newAgent(t.db.kysely);
    const sub = await newAgent(t.db.kysely, { parent: top });
    const grandchild = await newMember(t.db.kysely, { parentId: sub.id });
    const outsider = await newMember(t.db.kysely);
    await fundedWithPassword(t.db.kysely, top, 10_000n);
    const call = await as(top);

    const ok = await call(
      'POST',
      TRANSFERS,
      send({ direction: 'downline', toAccount: grandchild.account.toUpperCase(), amountMinor: '1000' }),
    );
    expect(ok.statusCode).toBe(200);
    expect(await balance(grandchild)).toBe(1_000n);

    for (const toAccount of [outsider.account, top.account, 'no-such-player']) {
      const refused = await call('POST', TRANSFERS, send({ direction: 'downline', toAccount, amountMinor: '1000' }));
      expect(refused.json(), toAccount).toMatchObject({
        code: 'transfer.target.not.allowed',
        message: 'errors.transfer_target_not_allowed',
      });
    }
    // Upward from the sub-agent's downline member to the top agent is not "downline" either.
    await fundedWithPassword(t.db.kysely, grandchild, 0n);
    const fromChild = await (await as(grandchild))(
      'POST',
      TRANSFERS,
      send({ direction: 'downline', toAccount: top.account, amountMinor: '100' }),
    );
    expect(fromChild.json().code).toBe('transfer.target.not.allowed');
    expect(await balance(outsider)).toBe(0n);
  });

  it('refuses a wrong payment password, an overdraft, an amount out of range, no upline and bad input', async () => {
    const agent = await newAgent(t.db.kysely);
    const member = await newMember(t.db.kysely, { parentId: agent.id });
    const orphan = await newMember(t.db.kysely);
    await fundedWithPassword(t.db.kysely, member, 1_000n);
    await fundedWithPassword(t.db.kysely, orphan, 1_000n);
    const call = await as(member);

    expect(
      (await call('POST', TRANSFERS, send({ direction: 'upline', amountMinor: '500', paymentPassword: '000000' }))).json().code,
    ).toBe('invalid.payment.pw');
    expect((await call('POST', TRANSFERS, send({ direction: 'upline', amountMinor: '5000' }))).json().code).toBe(
      'wallet.insufficient.funds',
    );
    const small = await call('POST', TRANSFERS, send({ direction: 'upline', amountMinor: '99' }));
    expect(small.json()).toMatchObject({
      code: 'transfer.amount.out.of.range',
      value: { fields: [{ params: { minMinor: '100' } }] },
    });
    expect((await (await as(orphan))('POST', TRANSFERS, send({ direction: 'upline', amountMinor: '500' }))).json().code).toBe(
      'transfer.target.not.allowed',
    );
    for (const body of [
      send({ direction: 'sideways', amountMinor: '500' }),
      send({ direction: 'upline', amountMinor: '5.5' }),
      send({ direction: 'upline', amountMinor: '500', requestId: 'short' }),
      { direction: 'upline', amountMinor: '500', requestId: randomUUID() },
    ]) {
      expect((await call('POST', TRANSFERS, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await balance(member)).toBe(1_000n);
    expect((await t.app.inject({ method: 'GET', url: TRANSFERS })).statusCode).toBe(401);
  });

  it('another member sees none of these transfers', async () => {
    const agent = await newAgent(t.db.kysely);
    const member = await newMember(t.db.kysely, { parentId: agent.id });
    await fundedWithPassword(t.db.kysely, member, 1_000n);
    await (await as(member))('POST', TRANSFERS, send({ direction: 'upline', amountMinor: '500' }));
    const stranger = await newMember(t.db.kysely);
    expect((await (await as(stranger))('GET', TRANSFERS)).json().value).toMatchObject({
      history: [],
      availableMinor: '0',
      upline: null,
    });
  });
});
