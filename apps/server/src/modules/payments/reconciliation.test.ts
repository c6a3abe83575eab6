import type { ReconciliationItem } from '@tessera/contract/api/back-office-payments';
import type { DepositOrder } from '@tessera/contract/api/deposits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import type { GatewayHarness } from './test/conformance/harness.js';
import { testPspHarness } from './test/conformance/testpsp-harness.js';
import { deposit, gatewayPlayer, makeDue, pendingWithdrawal, untilLeaves } from './test/kit.js';

const AMOUNT = 180_000n;

/**
 * The provider's statement of today against the ledger, through the back office: a credited deposit and a paid-out
 * withdrawal match; a payment whose callback never came, one of another amount, one reported after its order
 * expired and one we never asked for are each queued once with their evidence; staff resolve one (audited).
 */
describe('payment reconciliation against TESTPSP', () => {
  let h: GatewayHarness;
  let staff: string;
  beforeAll(async () => {
    h = await testPspHarness();
    staff = (await enrolledStaff(h.t.app, h.t.services, 'recon', 'finance')).token;
  }, 120_000);
  afterAll(() => h?.close());

  const db = () => h.t.db.kysely;
  async function order() {
    const player = await gatewayPlayer(db());
    return (await deposit(h.t.app, player.headers, h.channel, AMOUNT)).json().value as DepositOrder;
  }
  const queue = async (): Promise<ReconciliationItem[]> =>
    (await h.t.app.inject({ method: 'GET', url: '/bo/api/reconciliation?status=open', headers: { authorization: staff } })).json()
      .value.rows;

  it('queues each mismatch of the day once with its evidence, and staff resolve one in the audit log', async () => {
    const credited = await order();
    await h.pay(credited);
    await h.settle();
    const withdrawal = await pendingWithdrawal(db(), h.t.services.withdrawals, 400_000n, AMOUNT);
    await h.t.services.withdrawals.approve(DEMO_MERCHANT, withdrawal.id, 'staff:recon');
    await untilLeaves(db(), () => h.t.services.jobs.runDue(), withdrawal.id, 'paying_out');

    await h.misbehave({ hold: true });
    const missing = await order();
    await h.pay(missing);
    const late = await order();
    await h.pay(late);
    await makeDue(db(), late.id);
    await expect
      .poll(async () => {
        await h.t.services.jobs.runDue();
        return statusOf(late.id);
      })
      .toBe('expired');
    await h.misbehave({ amountDeltaMinor: '-500' });
    const short = await order();
    await h.pay(short);
    await h.settle();
    await h.misbehave({});
    const unknown = await h.stranger({ merchantId: DEMO_MERCHANT, reference: '999999999', amount: '7000', currency: 'BDT' });

    const day = new Date().toISOString().slice(0, 10);
    const run = await post(h.t.app, '/bo/api/reconciliation/run', { day }, staff);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.value).toMatchObject({ mismatches: 4 });
    const again = await post(h.t.app, '/bo/api/reconciliation/run', { day }, staff);
    expect(again.body.value).toMatchObject({ mismatches: 4 });

    const items = await queue();
    expect(items.map((item) => `${item.kind}:${item.reference}`).sort()).toEqual(
      [
        `missing_credit:${missing.id}`,
        `late_after_expiry:${late.id}`,
        `amount_differs:${short.id}`,
        `unknown_transaction:${unknown.reference}`,
      ].sort(),
    );
    const shortItem = items.find((item) => item.kind === 'amount_differs');
    expect(shortItem).toMatchObject({ providerAmount: (AMOUNT - 500n).toString(), ledgerAmount: null, channel: h.channel });
    expect(JSON.parse(shortItem?.evidence ?? '{}').callbacks.map((c: { outcome: string }) => c.outcome)).toEqual([
      'ignored',
      'amount_mismatch',
    ]);

    const target = items.find((item) => item.kind === 'unknown_transaction');
    const resolved = await post(
      h.t.app,
      '/bo/api/reconciliation/resolve',
      { id: target?.id, note: 'Another merchant’s payment: the provider will reverse it' },
      staff,
    );
    expect(resolved.status).toBe(200);
    const twice = await post(h.t.app, '/bo/api/reconciliation/resolve', { id: target?.id, note: 'again' }, staff);
    expect([twice.status, twice.body.code]).toEqual([409, 'payments.reconciliation.resolved']);
    expect((await queue()).map((item) => item.kind)).not.toContain('unknown_transaction');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target', '=', `reconciliation:${target?.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'reconciliation.resolve', actor: 'recon' }]);

    const check = await post(h.t.app, '/bo/api/payments/check', { kind: 'deposit', id: missing.id }, staff);
    expect(check.body.value).toMatchObject({ provider: 'testpsp', state: 'paid', amount: AMOUNT.toString() });
    await h.release();
    await h.settle();
  });

  async function statusOf(orderId: string) {
    const row = await db()
      .selectFrom('deposit_orders')
      .select('status')
      .where('id', '=', BigInt(orderId))
      .executeTakeFirstOrThrow();
    return row.status;
  }
});
