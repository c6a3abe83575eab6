import type { DepositOrder } from '@tessera/contract/api/deposits';
import { PAYOUT_FAILED_REASON } from '@tessera/contract/routes/withdrawals';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import {
  availableBalance,
  callbacksOf,
  creditsOf,
  deposit,
  gatewayPlayer,
  mainBalance,
  makeDue,
  orderOf,
  payoutCallbacksOf,
  pendingWithdrawal,
  untilLeaves,
} from '../kit.js';
import type { GatewayHarness } from './harness.js';

const AMOUNT = 250_000n;

/**
 * What every payment-provider adapter must do, checked over HTTP against the provider's stand-in: the payer pays
 * on the provider's page and the signed callback credits exactly once; forged, altered, stale and retired-key
 * callbacks change nothing; duplicates and out-of-order events credit once; another amount waits for staff; a
 * payment reported after the order expired is recorded, not credited; a failure fails the order; the provider's
 * status query agrees. Payouts: an approved withdrawal is paid out and its hold posted once; a payout failure
 * returns the hold and tells the player.
 */
export function runGatewayConformance(name: string, start: () => Promise<GatewayHarness>) {
  describe(`payment gateway conformance: ${name}`, () => {
    let h: GatewayHarness;
    beforeAll(async () => {
      h = await start();
    }, 60_000);
    afterAll(() => h?.close());
    afterEach(async () => {
      await h.settle();
      await h.misbehave({});
      await h.signWith(h.secrets.first);
    });

    const db = () => h.t.db.kysely;
    async function newOrder() {
      const player = await gatewayPlayer(db());
      const response = await deposit(h.t.app, player.headers, h.channel, AMOUNT);
      expect(response.statusCode, response.body).toBe(200);
      const order = response.json().value as DepositOrder;
      return { ...player, order };
    }

    it('answers the order with the provider page and a deadline, credits once on the signed callback, and the query agrees', async () => {
      const { member, headers, order } = await newOrder();
      expect(order).toMatchObject({ status: 'pending', amountMinor: AMOUNT.toString(), review: null });
      expect(order.payment?.action.kind).toBe('redirect');
      expect(order.payment?.expiresAt).toBeGreaterThan(Date.now() + 10 * 60_000);
      await h.pay(order);
      await h.settle();
      expect(await orderOf(h.t.app, headers, order.id)).toMatchObject({ status: 'approved' });
      expect(await mainBalance(db(), member.id)).toBe(AMOUNT);
      expect(await creditsOf(db(), order.id)).toBe(1);
      expect((await callbacksOf(db(), order.id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'processing:ignored',
        'completed:credited',
      ]);
      expect(await h.answered(order)).toEqual([200, 200]);
      const status = await h.t.services.gatewayCallbacks.providerStatus(DEMO_MERCHANT, BigInt(order.id));
      expect(status?.payment).toMatchObject({ state: 'paid', amountMinor: AMOUNT });
      const notes = await h.t.app.inject({ method: 'GET', url: '/wps/member/notifications', headers });
      expect(notes.json().value.list.map((n: { type: string }) => n.type)).toEqual(['deposit.approved']);
    });

    it('refuses a callback signed with a key it does not hold, changing nothing; accepts the second active key', async () => {
      const refused = await newOrder();
      await h.signWith(h.secrets.unknown);
      await h.pay(refused.order);
      await h.settle();
      expect(await h.answered(refused.order)).toEqual([401, 401]);
      expect(await orderOf(h.t.app, refused.headers, refused.order.id)).toMatchObject({ status: 'pending' });
      expect(await mainBalance(db(), refused.member.id)).toBe(0n);
      expect(await callbacksOf(db(), refused.order.id)).toEqual([]);

      await h.signWith(h.secrets.second);
      const rotated = await newOrder();
      await h.pay(rotated.order);
      await h.settle();
      expect(await orderOf(h.t.app, rotated.headers, rotated.order.id)).toMatchObject({ status: 'approved' });
      expect(await mainBalance(db(), rotated.member.id)).toBe(AMOUNT);
    });

    it('refuses a callback whose bytes were changed after signing', async () => {
      const { member, headers, order } = await newOrder();
      await h.misbehave({ hold: true });
      await h.pay(order);
      const [first] = await h.held();
      if (!first) throw new Error('the provider held no callback');
      const altered = await h.t.app.inject({
        method: 'POST',
        url: h.callbackPath,
        headers: first.headers,
        payload: first.body.replace(/\}$/, ' }'),
      });
      expect(altered.statusCode).toBe(401);
      const unsigned = await h.t.app.inject({
        method: 'POST',
        url: h.callbackPath,
        headers: { 'content-type': 'application/json' },
        payload: first.body,
      });
      expect(unsigned.statusCode).toBe(401);
      expect(await callbacksOf(db(), order.id)).toEqual([]);
      await h.release();
      await h.settle();
      expect(await orderOf(h.t.app, headers, order.id)).toMatchObject({ status: 'approved' });
      expect(await mainBalance(db(), member.id)).toBe(AMOUNT);
    });

    it('credits once when every callback arrives three times at once, and when completed comes before processing', async () => {
      await h.misbehave({ duplicates: 2, outOfOrder: true });
      const { member, headers, order } = await newOrder();
      await h.pay(order);
      await h.settle();
      expect(await orderOf(h.t.app, headers, order.id)).toMatchObject({ status: 'approved' });
      expect(await mainBalance(db(), member.id)).toBe(AMOUNT);
      expect(await creditsOf(db(), order.id)).toBe(1);
      expect((await callbacksOf(db(), order.id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'completed:credited',
        'processing:ignored',
      ]);
      expect(await h.answered(order)).toEqual([200, 200, 200, 200, 200, 200]);
    });

    it('refuses a replay of a captured callback once it is old, and changes nothing for a fresh repeat', async () => {
      const { member, order } = await newOrder();
      await h.pay(order);
      await h.settle();
      expect(await h.replay(order, 900)).toBe(401);
      expect(await h.replay(order, 10)).toBe(200);
      expect(await mainBalance(db(), member.id)).toBe(AMOUNT);
      expect(await creditsOf(db(), order.id)).toBe(1);
    });

    it('holds a payment of another amount for staff instead of crediting it, and never expires it', async () => {
      await h.misbehave({ amountDeltaMinor: '-1000' });
      const { member, headers, order } = await newOrder();
      await h.pay(order);
      await h.settle();
      expect(await orderOf(h.t.app, headers, order.id)).toMatchObject({ status: 'pending', review: 'amount_mismatch' });
      expect(await mainBalance(db(), member.id)).toBe(0n);
      expect((await callbacksOf(db(), order.id)).map((row) => row.outcome)).toEqual(['ignored', 'amount_mismatch']);
      await makeDue(db(), order.id);
      await h.t.services.jobs.runDue();
      expect(await orderOf(h.t.app, headers, order.id)).toMatchObject({ status: 'pending', review: 'amount_mismatch' });
    });

    it('expires an unpaid order and records a payment reported after it for reconciliation, crediting nothing', async () => {
      await h.misbehave({ hold: true });
      const { member, headers, order } = await newOrder();
      await h.pay(order);
      await makeDue(db(), order.id);
      // The app's own job loop may take the job first: either way it runs once.
      await expect
        .poll(async () => {
          await h.t.services.jobs.runDue();
          return (await orderOf(h.t.app, headers, order.id)).status;
        })
        .toBe('expired');
      await h.release();
      await h.settle();
      expect(await orderOf(h.t.app, headers, order.id)).toMatchObject({ status: 'expired' });
      expect(await mainBalance(db(), member.id)).toBe(0n);
      expect((await callbacksOf(db(), order.id)).map((row) => row.outcome)).toEqual(['ignored', 'late_after_expiry']);
      const notes = await h.t.app.inject({ method: 'GET', url: '/wps/member/notifications', headers });
      expect(notes.json().value.list.map((n: { type: string }) => n.type)).toEqual(['deposit.expired']);
    });

    it('fails the order when the payment fails or the payer cancels, and tells the player', async () => {
      await h.misbehave({ fail: true });
      const failed = await newOrder();
      await h.pay(failed.order);
      await h.settle();
      expect(await orderOf(h.t.app, failed.headers, failed.order.id)).toMatchObject({
        status: 'failed',
        reason: 'payment_failed',
      });
      await h.misbehave({});
      const cancelled = await newOrder();
      await h.pay(cancelled.order, 'cancel');
      await h.settle();
      expect(await orderOf(h.t.app, cancelled.headers, cancelled.order.id)).toMatchObject({ status: 'failed' });
      expect(await mainBalance(db(), cancelled.member.id)).toBe(0n);
      const notes = await h.t.app.inject({ method: 'GET', url: '/wps/member/notifications', headers: cancelled.headers });
      expect(notes.json().value.list.map((n: { type: string }) => n.type)).toEqual(['deposit.failed']);
    });

    it('answers 503 in the envelope when the provider refuses to create the payment, and the order is failed', async () => {
      await h.misbehave({ refuseCreate: true });
      const player = await gatewayPlayer(db());
      const response = await deposit(h.t.app, player.headers, h.channel, AMOUNT);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'deposit.gateway.unavailable' });
      const list = await h.t.app.inject({ method: 'GET', url: '/wps/deposit/orders', headers: player.headers });
      expect(list.json().value.list).toMatchObject([{ status: 'failed', reason: 'gateway_error' }]);
    });

    async function approvedWithdrawal(balance: bigint, amount: bigint) {
      const player = await pendingWithdrawal(db(), h.t.services.withdrawals, balance, amount);
      const approved = await h.t.services.withdrawals.approve(DEMO_MERCHANT, player.id, 'staff:conformance');
      expect(approved.status).toBe('paying_out');
      return player;
    }

    it('pays an approved withdrawal out through the provider and posts its hold once', async () => {
      const { member, id, headers } = await approvedWithdrawal(500_000n, AMOUNT);
      const after = await untilLeaves(db(), () => h.t.services.jobs.runDue(), id, 'paying_out');
      await h.settle();
      expect(after).toEqual({ status: 'awaiting_confirmation', reject_reason: null });
      expect(await mainBalance(db(), member.id)).toBe(500_000n - AMOUNT);
      expect(await availableBalance(db(), member.id)).toBe(500_000n - AMOUNT);
      expect((await payoutCallbacksOf(db(), id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'processing:ignored',
        'completed:paid_out',
      ]);
      const notes = await h.t.app.inject({ method: 'GET', url: '/wps/member/notifications', headers });
      expect(notes.json().value.list.map((n: { type: string }) => n.type)).toEqual(['withdrawal.approved']);
    });

    it('payout failure returns the hold: the money is available again and the player is told', async () => {
      await h.misbehave({ fail: true, duplicates: 1 });
      const { member, id, headers } = await approvedWithdrawal(500_000n, AMOUNT);
      expect(await availableBalance(db(), member.id)).toBe(500_000n - AMOUNT);
      const after = await untilLeaves(db(), () => h.t.services.jobs.runDue(), id, 'paying_out');
      await h.settle();
      expect(after).toEqual({ status: 'rejected', reject_reason: PAYOUT_FAILED_REASON });
      expect(await mainBalance(db(), member.id)).toBe(500_000n);
      expect(await availableBalance(db(), member.id)).toBe(500_000n);
      expect((await payoutCallbacksOf(db(), id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'processing:ignored',
        'failed:payout_returned',
      ]);
      const list = await h.t.app.inject({ method: 'GET', url: '/wps/withdraw/orders', headers });
      expect(list.json().value.list).toMatchObject([
        { id: id.toString(), status: 'rejected', rejectReason: PAYOUT_FAILED_REASON },
      ]);
      const notes = await h.t.app.inject({ method: 'GET', url: '/wps/member/notifications', headers });
      expect(notes.json().value.list).toMatchObject([{ type: 'withdrawal.failed', payload: { amountMinor: AMOUNT.toString() } }]);
    });
  });
}
