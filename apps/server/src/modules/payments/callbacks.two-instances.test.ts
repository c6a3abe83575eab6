import type { DepositOrder } from '@tessera/contract/api/deposits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import type { Services } from '../../services.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { TESTPSP } from './adapters/testpsp.js';
import { callbackPath } from './routes.js';
import {
  availableBalance,
  callbacksOf,
  creditsOf,
  deposit,
  gatewayPlayer,
  mainBalance,
  makeDue,
  payoutCallbacksOf,
  payoutChannel,
  pendingWithdrawal,
  withdrawalState,
} from './test/kit.js';
import { newSecret, spawnTestPsp, type TestPsp } from './test/psp-process.js';

const AMOUNT = 120_000n;
const COPIES = 100;

/**
 * Two server instances on one database (two connection pools on PostgreSQL) receive the same signed callback a
 * hundred times at once, and race the expiry job: the order is credited exactly once or expired with the payment
 * recorded for reconciliation, never both, never neither. A payout's callback, a hundred times at once, posts or
 * returns the withdrawal's hold exactly once.
 */
describe('payment callbacks on two instances', () => {
  let db: TestDb;
  let psp: TestPsp;
  const instances: { app: Awaited<ReturnType<typeof buildApp>>; services: Services }[] = [];
  let channel: string;

  beforeAll(async () => {
    const secret = newSecret();
    psp = await spawnTestPsp({ secrets: [secret] });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      PSP_TESTPSP_URL: psp.url,
      PSP_TESTPSP_SECRETS: secret,
    });
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    for (const connection of [db, await db.reopen()]) {
      let services: Services | undefined;
      const app = await buildApp({
        config,
        db: connection,
        extend: (_app, built) => {
          services = built;
        },
      });
      if (!services) throw new Error('buildApp did not call extend');
      instances.push({ app, services });
    }
    const base = await instances[0]?.app.listen({ port: 0, host: '127.0.0.1' });
    await psp.control('/control/merchants', { merchantId: 'demo', callbackUrl: `${base}${callbackPath(TESTPSP)}` });
    channel = await payoutChannel(db.kysely, TESTPSP);
  }, 120_000);
  afterAll(async () => {
    await psp?.stop();
    for (const instance of instances.reverse()) await instance.app.close();
  });

  /** An order paid at the provider whose callbacks are held: the completed one, signed, ready to be sent. */
  async function paidOrder() {
    const player = await gatewayPlayer(db.kysely);
    const order = (await deposit(instances[0]!.app, player.headers, channel, AMOUNT)).json().value as DepositOrder;
    await psp.behave({ hold: true });
    const action = order.payment?.action;
    if (action?.kind !== 'redirect') throw new Error('no provider page');
    const paymentId = psp.paymentIdOf(action.url);
    await psp.control('/control/pay', { paymentId });
    const completed = (await psp.held()).find(
      (callback) => callback.paymentId === paymentId && callback.event === 'payment.completed',
    );
    if (!completed) throw new Error('the provider held no completed callback');
    await psp.behave({});
    return { ...player, order, completed };
  }

  const send = (index: number, callback: { body: string; headers: Record<string, string> }) =>
    instances[index % 2]!.app.inject({
      method: 'POST',
      url: callbackPath(TESTPSP),
      headers: callback.headers,
      payload: callback.body,
    });

  it(`credits once when ${COPIES} copies of the callback reach two instances at once`, async () => {
    const { member, order, completed } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: COPIES }, (_, index) => send(index, completed)));
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(await creditsOf(db.kysely, order.id)).toBe(1);
    expect(await mainBalance(db.kysely, member.id)).toBe(AMOUNT);
    expect((await callbacksOf(db.kysely, order.id)).map((row) => row.outcome)).toEqual(['credited']);
  });

  it('credits once or expires with the payment on record when the callbacks race the expiry job on both instances', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { member, order, completed } = await paidOrder();
      await makeDue(db.kysely, order.id);
      const [answers] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, (_, index) => send(index, completed))),
        ...instances.map((instance) => instance.services.jobs.runDue()),
      ]);
      expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
      // Every copy was answered after its transaction: the order found pending was credited, else it had expired.
      const status = (
        await db.kysely.selectFrom('deposit_orders').select('status').where('id', '=', BigInt(order.id)).executeTakeFirstOrThrow()
      ).status;
      const recorded = (await callbacksOf(db.kysely, order.id)).map((row) => row.outcome);
      const credited = await creditsOf(db.kysely, order.id);
      if (status === 'approved') {
        expect({ recorded, credited, balance: await mainBalance(db.kysely, member.id) }).toEqual({
          recorded: ['credited'],
          credited: 1,
          balance: AMOUNT,
        });
      } else {
        expect({ status, recorded, credited, balance: await mainBalance(db.kysely, member.id) }).toEqual({
          status: 'expired',
          recorded: ['late_after_expiry'],
          credited: 0,
          balance: 0n,
        });
      }
      outcomes.push(status);
    }
    expect(outcomes).toHaveLength(4);
  });

  /** An approved withdrawal whose payout the provider took, its callbacks held: the final one, signed, ready to be sent. */
  async function heldPayout(fail: boolean) {
    await psp.behave({ hold: true, fail });
    const player = await pendingWithdrawal(db.kysely, instances[0]!.services.withdrawals, 300_000n, AMOUNT);
    await instances[0]!.services.withdrawals.approve(DEMO_MERCHANT, player.id, 'staff:test');
    const event = fail ? 'payout.failed' : 'payout.completed';
    const deadline = Date.now() + 30_000;
    for (;;) {
      await instances[0]!.services.jobs.runDue();
      const last = (await psp.held()).find(
        (callback) => callback.event === event && JSON.parse(callback.body).reference === player.id.toString(),
      );
      if (last) {
        await psp.behave({});
        return { ...player, last };
      }
      if (Date.now() > deadline) throw new Error('the provider never took the payout');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it(`posts a payout once when ${COPIES} copies of its callback reach two instances at once, and returns a failed one once`, async () => {
    const paid = await heldPayout(false);
    const answers = await Promise.all(Array.from({ length: COPIES }, (_, index) => send(index, paid.last)));
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(await withdrawalState(db.kysely, paid.id)).toEqual({ status: 'awaiting_confirmation', reject_reason: null });
    expect(await mainBalance(db.kysely, paid.member.id)).toBe(300_000n - AMOUNT);
    expect((await payoutCallbacksOf(db.kysely, paid.id)).map((row) => row.outcome)).toEqual(['paid_out']);

    const failed = await heldPayout(true);
    const returned = await Promise.all(Array.from({ length: COPIES }, (_, index) => send(index, failed.last)));
    expect(returned.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(await withdrawalState(db.kysely, failed.id)).toEqual({ status: 'rejected', reject_reason: 'payout_failed' });
    expect(await availableBalance(db.kysely, failed.member.id)).toBe(300_000n);
    expect((await payoutCallbacksOf(db.kysely, failed.id)).map((row) => row.outcome)).toEqual(['payout_returned']);
    const notices = await db.kysely
      .selectFrom('member_notifications')
      .select('type')
      .where('member_id', '=', failed.member.id)
      .execute();
    expect(notices.map((notice) => notice.type)).toEqual(['withdrawal.failed']);
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });
});
