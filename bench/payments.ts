// Payment callbacks on PostgreSQL: how many signed provider callbacks the server settles per second, and how long
// from a callback's sending to the player's balance update (p99). On a throwaway cluster: the demo merchant with a
// TESTPSP channel, BENCH_PAYMENT_ORDERS players each with one order made through the real deposit call (the provider
// is TESTPSP, apps/test-psp, as its own process), then one signed `payment.completed` callback per order, posted over
// HTTP to the listening app by BENCH_CONNECTIONS concurrent senders. The balance update is the ledger's NOTIFY for the
// player's account, delivered when the crediting transaction commits (what the live stream and the player's header
// follow), heard on a LISTEN connection of its own. A second round sends every callback again: the duplicates, which
// settle nothing, as a provider's retries do. Afterwards every order must be credited exactly once.
//   BENCH_PG_URL          the cluster's admin URL (scripts/bench.sh starts it; required)
//   BENCH_PAYMENT_ORDERS  orders, one per player (default 5000)
//   BENCH_CONNECTIONS     concurrent callback senders (default 32)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { DepositOrder } from '@tessera/contract/api/deposits';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { connectDb } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../apps/server/src/db/seed/demo-merchant.js';
import { insertChannel } from '../apps/server/src/modules/deposits/repo.js';
import { TESTPSP } from '../apps/server/src/modules/payments/adapters/testpsp.js';
import { callbackPath } from '../apps/server/src/modules/payments/routes.js';
import { hmacHex } from '../apps/server/src/modules/payments/signatures.js';
import { newSecret, spawnTestPsp } from '../apps/server/src/modules/payments/test/psp-process.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { DEFAULT_DATABASE_POOL_SIZE, loadConfig } from '../apps/server/src/platform/config.js';
import type { Services } from '../apps/server/src/services.js';
import { fixtureToken, memberIds, seedFundedMembers, seedSessions } from './lib/fixtures.js';
import { createDatabases, databaseUrl, percentiles } from './lib/ledger-load.js';
import { printTable, writeResult } from './lib/report.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) throw new Error('BENCH_PG_URL is not set (scripts/bench.sh starts a throwaway cluster and sets it)');
const orders = Number(process.env.BENCH_PAYMENT_ORDERS ?? 5000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
if (!Number.isInteger(orders) || orders < 100) throw new Error(`BENCH_PAYMENT_ORDERS must be an integer ≥ 100, got ${orders}`);
if (!Number.isInteger(connections) || connections < 1) throw new Error(`BENCH_CONNECTIONS must be a positive integer`);
const PREFIX = 'pay';
const CHANNEL = 'benchpay';
const AMOUNT = 150_000n;
/** Concurrent order creations while seeding (each is a call to TESTPSP). */
const CREATORS = 16;
const DB_NAME = `bench_payments_${Date.now()}`;

/** Runs `work` for each item with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

interface Pending {
  memberId: bigint;
  orderId: string;
  paymentId: string;
}

await createDatabases(adminUrl, [DB_NAME]);
const db = await connectDb({ kind: 'postgres', url: databaseUrl(adminUrl, DB_NAME), poolSize: DEFAULT_DATABASE_POOL_SIZE });
await migrateToLatest(db.kysely);
await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
const secret = newSecret();
const psp = await spawnTestPsp({ secrets: [secret] });
let services: Services | undefined;
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: databaseUrl(adminUrl, DB_NAME),
    PSP_TESTPSP_URL: psp.url,
    PSP_TESTPSP_SECRETS: secret,
  }),
  db,
  extend: (_app, built) => {
    services = built;
  },
});
if (!services) throw new Error('the app did not hand over its services');
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const listener = new pg.Client({ connectionString: databaseUrl(adminUrl, DB_NAME) });

try {
  await psp.control('/control/merchants', { merchantId: DEMO_MERCHANT, callbackUrl: `${address}${callbackPath(TESTPSP)}` });
  await insertChannel(db.kysely, {
    merchant: DEMO_MERCHANT,
    code: CHANNEL,
    kind: 'instant',
    gateway: TESTPSP,
    names: { en: 'Bench pay' },
    instructions: {},
    accountDetails: [],
    minMinor: 100n,
    maxMinor: 10_000_000n,
    quickAmountsMinor: [],
    sortOrder: 0,
    paymentMinutes: 60,
  });
  console.log(`seeding ${orders.toLocaleString('en-US')} players and their orders through TESTPSP …`);
  const seedStarted = performance.now();
  await seedFundedMembers(db.kysely, { merchant: DEMO_MERCHANT, prefix: PREFIX, from: 0, to: orders, amount: 1n });
  const members = await memberIds(db.kysely, DEMO_MERCHANT, PREFIX);
  const tokenSecret = randomUUID();
  await seedSessions(db.kysely, DEMO_MERCHANT, members, tokenSecret);
  const pending: Pending[] = [];
  await pool(members, CREATORS, async (memberId) => {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: { authorization: fixtureToken(tokenSecret, memberId) },
      payload: { channel: CHANNEL, amountMinor: AMOUNT.toString(), requestId: randomUUID() },
    });
    const order = response.json().value as DepositOrder | undefined;
    const action = order?.payment?.action;
    if (!order || action?.kind !== 'redirect') throw new Error(`order not made: ${response.body}`);
    pending.push({ memberId, orderId: order.id, paymentId: psp.paymentIdOf(action.url) });
  });
  const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
  console.log(`  ${pending.length.toLocaleString('en-US')} orders (${seedSeconds} s)`);

  // One signed completion per order, in TESTPSP's wire format, made before the clock starts.
  const callbacks = pending.map((order, i) => {
    const body = JSON.stringify({
      event: 'payment.completed',
      merchantId: DEMO_MERCHANT,
      paymentId: order.paymentId,
      reference: order.orderId,
      trxId: `TPBENCH${i}`,
      amount: AMOUNT.toString(),
      currency: 'BDT',
      timestamp: Math.floor(Date.now() / 1000),
      notificationId: `N${i}`,
    });
    return { order, body, signature: hmacHex(secret, body) };
  });

  const sentAt = new Map<string, number>();
  const updateLatencies: number[] = [];
  await listener.connect();
  listener.on('notification', (message) => {
    const heard = performance.now();
    const memberId = (JSON.parse(message.payload ?? '{}') as { memberId?: string }).memberId;
    const sent = memberId === undefined ? undefined : sentAt.get(memberId);
    if (sent !== undefined) {
      updateLatencies.push(heard - sent);
      sentAt.delete(memberId as string);
    }
  });
  await listener.query('LISTEN ledger');

  const url = `${address}${callbackPath(TESTPSP)}`;
  const round = async (name: string, timeUpdates: boolean) => {
    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    await pool(callbacks, connections, async (callback) => {
      const sent = performance.now();
      if (timeUpdates) sentAt.set(callback.order.memberId.toString(), sent);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-testpsp-signature': callback.signature },
        body: callback.body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 200) failures += 1;
    });
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      name,
      callbacks: callbacks.length,
      failures,
      seconds,
      perSecond: callbacks.length / seconds,
      ...percentiles(latencies),
    };
  };

  const fresh = await round('completions (each credits)', true);
  // The last NOTIFYs may still be on their way to the listener.
  for (let waited = 0; sentAt.size > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const duplicates = await round('duplicates (each recorded once already)', false);
  updateLatencies.sort((a, b) => a - b);
  const updates = percentiles(updateLatencies);

  const { rows } = await sql<{ credited: number; orders: number; balance: string }>`
    SELECT (SELECT count(*)::int FROM ledger_transfers WHERE kind = 'deposit' AND cause_type = 'gateway') AS credited,
           (SELECT count(*)::int FROM deposit_orders WHERE status = 'approved') AS orders,
           (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts a JOIN members m ON m.id = a.owner_id
             WHERE a.kind = 'member_main' AND starts_with(m.account, ${PREFIX})) AS balance`.execute(db.kysely);
  const check = rows[0];
  const expectedBalance = (AMOUNT + 1n) * BigInt(orders);
  const exact = check?.credited === orders && check.orders === orders && check.balance === expectedBalance.toString();

  const table = [fresh, duplicates].map((r) => ({
    round: r.name,
    callbacks: r.callbacks,
    failures: r.failures,
    'per second': Math.round(r.perSecond),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'max ms': r.max,
  }));
  printTable(`Payment callbacks on PostgreSQL (${connections} concurrent senders, ${orders} orders)`, table);
  printTable('Callback sent → balance updated (the ledger NOTIFY at the commit)', [
    { heard: updateLatencies.length, 'p50 ms': updates.p50, 'p99 ms': updates.p99, 'max ms': updates.max },
  ]);
  console.log(`\nevery order credited exactly once: ${exact ? 'yes' : `NO (${JSON.stringify(check)})`}`);
  writeResult('payments', {
    database: 'postgres',
    load: { orders, players: orders, connections, amountMinor: AMOUNT.toString(), loadAverage1mAfter: loadavg()[0] ?? null },
    seedSeconds,
    rounds: [fresh, duplicates],
    callbackToBalanceMs: { heard: updateLatencies.length, ...updates },
    creditedExactlyOnce: exact,
  });
  if (!exact || fresh.failures > 0 || duplicates.failures > 0) process.exitCode = 1;
} finally {
  await listener.end().catch(() => undefined);
  await app.close();
  await db.close().catch(() => undefined);
  await psp.stop();
}
