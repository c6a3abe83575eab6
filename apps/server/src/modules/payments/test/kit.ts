import { randomUUID } from 'node:crypto';
import type { DepositOrder } from '@tessera/contract/api/deposits';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { newMember } from '../../../test/factories.js';
import { insertChannel } from '../../deposits/repo.js';
import { Ledger } from '../../ledger/service.js';
import { startSession } from '../../sessions/service.js';
import type { WithdrawalsService } from '../../withdrawals/service.js';
import { PAYMENT_PASSWORD, playerWithBalance } from '../../withdrawals/test/kit.js';

/** A gateway channel of the demo merchant on `provider`: ৳1.00 to ৳100,000.00, a 1.5 % fee, 15 minutes to pay. */
export async function gatewayChannel(db: Kysely<Database>, provider: string, code = `gw${randomUUID().slice(0, 6)}`) {
  await insertChannel(db, {
    merchant: DEMO_MERCHANT,
    code,
    kind: 'instant',
    gateway: provider,
    names: { en: 'TestPay wallet', bn: 'টেস্টপে ওয়ালেট' },
    instructions: {},
    accountDetails: [],
    minMinor: 100n,
    maxMinor: 10_000_000n,
    quickAmountsMinor: [],
    sortOrder: 5,
    feeBps: 150,
    paymentMinutes: 15,
  });
  return code;
}

export async function gatewayPlayer(db: Kysely<Database>) {
  const member = await newMember(db);
  const token = await startSession(db, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.4.0.1' });
  return { member, headers: { authorization: token } };
}

/** Creates a deposit on the channel through the player API; the answer as the player sees it. */
export async function deposit(app: FastifyInstance, headers: Record<string, string>, channel: string, amountMinor: bigint) {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/deposit/orders',
    headers,
    payload: { channel, amountMinor: amountMinor.toString(), requestId: randomUUID() },
  });
  return response;
}

export async function orderOf(app: FastifyInstance, headers: Record<string, string>, id: string): Promise<DepositOrder> {
  const response = await app.inject({ method: 'GET', url: `/wps/deposit/order?id=${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`order ${id}: HTTP ${response.statusCode} ${response.body}`);
  return response.json().value;
}

export const mainBalance = async (db: Kysely<Database>, memberId: bigint) =>
  (await new Ledger(db).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId })).balance;

/** How many ledger transfers carry the order's deposit key: 1 once credited, never 2. */
export async function creditsOf(db: Kysely<Database>, orderId: string): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = ${`deposit:${orderId}`}`.execute(db);
  return row.rows[0]?.n ?? 0;
}

export function callbacksOf(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('gateway_callbacks')
    .select(['event', 'outcome', 'provider_txn_id'])
    .where('order_id', '=', BigInt(orderId))
    .orderBy('id')
    .execute();
}

/** Moves the order's deadline and its expiry job into the past: the next job run expires it. */
export async function makeDue(db: Kysely<Database>, orderId: string) {
  await db
    .updateTable('deposit_orders')
    .set({ expires_at: new Date(Date.now() - 120_000) })
    .where('id', '=', BigInt(orderId))
    .execute();
  await db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() - 1000) })
    .where('dedupe_key', '=', `deposit.expire:${orderId}`)
    .execute();
}

/** A gateway channel that also pays withdrawals out to bank accounts (the test players' payout accounts). */
export async function payoutChannel(db: Kysely<Database>, provider: string) {
  const code = await gatewayChannel(db, provider);
  await db
    .updateTable('deposit_channels')
    .set({ payout_account_type: 'bank' })
    .where('merchant_code', '=', DEMO_MERCHANT)
    .where('code', '=', code)
    .execute();
  return code;
}

/** A player with `balanceMinor` who asked to withdraw `amountMinor` (held in the ledger, pending approval). */
export async function pendingWithdrawal(
  db: Kysely<Database>,
  withdrawals: WithdrawalsService,
  balanceMinor: bigint,
  amountMinor: bigint,
) {
  const player = await playerWithBalance(db, balanceMinor);
  const withdrawal = await withdrawals.create(
    { merchant: DEMO_MERCHANT, memberId: player.member.id },
    {
      requestId: randomUUID(),
      amount: amountMinor.toString(),
      payoutAccountId: player.accountId,
      paymentPassword: PAYMENT_PASSWORD,
    },
  );
  return { ...player, withdrawal, id: BigInt(withdrawal.id) };
}

export async function withdrawalState(db: Kysely<Database>, id: bigint) {
  return db.selectFrom('withdrawals').select(['status', 'reject_reason']).where('id', '=', id).executeTakeFirstOrThrow();
}

export const availableBalance = async (db: Kysely<Database>, memberId: bigint) =>
  (await new Ledger(db).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId })).available;

export function payoutCallbacksOf(db: Kysely<Database>, withdrawalId: bigint) {
  return db
    .selectFrom('gateway_callbacks')
    .select(['event', 'outcome'])
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
}

/** Runs due jobs on `runDue` until the withdrawal leaves `status` (the app's own job loop may take a job first). */
export async function untilLeaves(
  db: Kysely<Database>,
  runDue: () => Promise<unknown>,
  id: bigint,
  status: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runDue();
    const state = await withdrawalState(db, id);
    if (state.status !== status) return state;
    if (Date.now() > deadline) throw new Error(`withdrawal ${id} still ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
