// Reports over 10 million bets on PostgreSQL: do the dashboard and a 30-day report answer in under 2 s?
// On a throwaway cluster: 20,000 members with a deposit each, BENCH_REPORT_BETS real-money bets (and a win for
// every third) spread over the last 30 days on 60 games of 3 vendors, written set-based (generate_series) straight
// into the ledger's tables; then the roll-up job's work is done (timed), a live part added after it, and each call
// is timed through the real app (a logged-in owner, app.inject), median of 5 after one warm-up.
//   BENCH_PG_URL        the cluster's admin URL (scripts/bench.sh starts it; required)
//   BENCH_REPORT_BETS   bets to seed (default 10000000; 1000000 is a quick run)
//   BENCH_REPORT_DB     a database of the cluster to keep between runs: created and seeded when it holds fewer bets,
//                       then its summaries are started over, so a re-run measures a whole roll-up without reseeding
// The fixture's balances after each transfer are not kept (0): this measures reads, and no invariant is checked.
import { loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { connectDb } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed/demo-merchant.js';
import { resetRollup } from '../apps/server/src/modules/reports/rollup-repo.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { enrolledStaff } from '../apps/server/src/modules/staff/test/kit.js';
import { seedFundedMembers } from './lib/fixtures.js';
import { createDatabases, databaseUrl } from './lib/ledger-load.js';
import { printTable, writeResult } from './lib/report.js';
import { benchApp, rollUpEverything } from './lib/reports-app.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) throw new Error('BENCH_PG_URL is not set (scripts/bench.sh starts a throwaway cluster and sets it)');
const bets = Number(process.env.BENCH_REPORT_BETS ?? 10_000_000);
if (!Number.isInteger(bets) || bets < 1000) throw new Error(`BENCH_REPORT_BETS must be an integer ≥ 1000, got ${bets}`);
const MERCHANT = 'demo';
const MEMBERS = 20_000;
const LIVE_BETS = 20_000;
const CHUNK = 1_000_000;
const TARGET_MS = 2000;
const RUNS = 5;

const seconds = (started: number) => Number(((performance.now() - started) / 1000).toFixed(1));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Bets i in [from, to): member, game and time from i; every third one wins twice its stake. */
const seedBets = (from: number, to: number, live: boolean) => sql`
  WITH players AS (SELECT array_agg(id ORDER BY id) AS ids FROM ledger_accounts WHERE merchant_code = ${MERCHANT} AND kind = 'member_main'),
  houses AS (SELECT array_agg(id ORDER BY shard) AS ids FROM ledger_accounts WHERE merchant_code = ${MERCHANT} AND kind = 'house' AND ref = 'games'),
  b AS (
    SELECT i, players.ids[1 + (i * 7919) % ${MEMBERS}] AS player, houses.ids[1 + i % 16] AS house, 100 + (i % 50) * 10 AS amount,
      jsonb_build_object('vendor', (ARRAY['HOUSE', 'VNDA', 'VNDB'])[1 + i % 3], 'gameCode', 'g' || (i % 60)) AS memo,
      ${live ? sql`now()` : sql`now() - interval '30 days' + (i::float8 / ${bets}) * interval '30 days'`} AS at
    FROM generate_series(${from}::bigint, ${to - 1}::bigint) i, players, houses)
  INSERT INTO ledger_transfers (merchant_code, request_hash, debit_account_id, credit_account_id, amount, kind, state,
    cause_type, cause_id, memo, debit_balance_after, credit_balance_after, created_at, settled_at)
  SELECT ${MERCHANT}, 'bench', player, house, amount, 'bet', 'posted', 'game_round', i::text, memo, 0, 0, at, at FROM b
  UNION ALL
  SELECT ${MERCHANT}, 'bench', house, player, amount * 2, 'win', 'posted', 'game_round', i::text, memo, 0, 0, at, at FROM b
  WHERE i % 3 = 0`;

/** The members, their deposits and the bets, set-based; answers the seconds it took. */
async function seed(db: Kysely<Database>): Promise<number> {
  await seedDemoMerchant(db, new SiteSettingsService(db));
  console.log(`seeding ${MEMBERS.toLocaleString('en-US')} members and ${bets.toLocaleString('en-US')} bets …`);
  const started = performance.now();
  await seedFundedMembers(db, { merchant: MERCHANT, prefix: 'rb', from: 0, to: MEMBERS, amount: 1_000_000n });
  // Sign-ups and their deposits spread over the 30 days.
  await sql`
    UPDATE members SET created_at = now() - interval '30 days' + (id % 30) * interval '1 day' + (id % 86400) * interval '1 second'
    WHERE starts_with(account, 'rb')`.execute(db);
  await sql`
    UPDATE ledger_transfers t SET created_at = m.created_at, settled_at = m.created_at
    FROM ledger_accounts a JOIN members m ON m.id = a.owner_id
    WHERE t.kind = 'deposit' AND a.id = t.credit_account_id`.execute(db);
  await sql`SELECT ledger_account_id(${MERCHANT}, 'house', NULL, 'games', s::smallint) FROM generate_series(0, 15) s`.execute(db);
  // The accounts' transfer indexes are built once after the bulk insert, not kept up row by row through it.
  await sql`DROP INDEX ledger_transfers_by_debit, ledger_transfers_by_credit`.execute(db);
  for (let from = 0; from < bets; from += CHUNK) {
    await seedBets(from, Math.min(bets, from + CHUNK), false).execute(db);
    console.log(`  ${Math.min(bets, from + CHUNK).toLocaleString('en-US')} bets (${seconds(started)} s)`);
  }
  await sql`CREATE INDEX ledger_transfers_by_debit ON ledger_transfers (debit_account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_transfers_by_credit ON ledger_transfers (credit_account_id, id)`.execute(db);
  await sql`VACUUM ANALYZE members, ledger_accounts, ledger_transfers`.execute(db);
  return seconds(started);
}

const kept = process.env.BENCH_REPORT_DB;
if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`BENCH_REPORT_DB must be a plain name, got ${kept}`);
const name = kept ?? `reports_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
await admin.end();
if (!exists) await createDatabases(adminUrl, [name]);
const db = await connectDb({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 10 });
await migrateToLatest(db.kysely);
const { rows: counted } = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transfers WHERE kind = 'bet'`.execute(
  db.kysely,
);
const earlier = Number(counted[0]?.n ?? 0);
let seedSeconds: number | null = null;
if (earlier === 0) seedSeconds = await seed(db.kysely);
else if (earlier < bets) throw new Error(`${name} holds ${earlier} bets, fewer than ${bets}: drop it to seed afresh`);
else {
  console.log(`reusing ${name}: ${earlier.toLocaleString('en-US')} bets seeded earlier; the summaries start over`);
  await resetRollup(db.kysely, 'UTC');
}

const { app, services } = await benchApp(adminUrl, name, db);
const { reports } = services;
const { seconds: rollupSeconds, runs } = await rollUpEverything(db, reports);
await sql`VACUUM ANALYZE report_game_days, report_member_days, report_merchant_days, report_first_deposits`.execute(db.kysely);
// Bets after the roll-up: the live part every read adds.
await seedBets(bets, bets + LIVE_BETS, true).execute(db.kysely);

const { token } = await enrolledStaff(app, services, 'bench.owner', 'owner');
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
const calls = [
  { call: 'dashboard, today', url: '/bo/api/reports/dashboard?period=today' },
  { call: 'dashboard, 30 days', url: '/bo/api/reports/dashboard?period=30d' },
  { call: 'report by day, 30 days', url: `/bo/api/reports?from=${monthAgo}&to=${today}&groupBy=day` },
  { call: 'report by game, 30 days', url: `/bo/api/reports?from=${monthAgo}&to=${today}&groupBy=game&sort=ggr&order=desc` },
  { call: 'report by player, 30 days', url: `/bo/api/reports?from=${monthAgo}&to=${today}&groupBy=player&sort=stake&order=desc` },
];
const results = [];
for (const { call, url } of calls) {
  const times: number[] = [];
  let answer: { success: boolean; value: { totals?: { bets: number }; total?: number } } | undefined;
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({ url, headers: { authorization: token } });
    if (run > 0) times.push(performance.now() - started);
    answer = response.json();
    if (!answer?.success) throw new Error(`${call}: ${response.body}`);
  }
  const ms = Math.round(median(times));
  results.push({
    call,
    bets: answer?.value.totals?.bets ?? null,
    target: `< ${TARGET_MS} ms`,
    now: `${ms} ms`,
    verdict: ms < TARGET_MS ? 'PASS' : 'MISS',
    load: loadavg()[0]?.toFixed(1) ?? null,
  });
}
await app.close();

printTable(
  `Reports over ${bets.toLocaleString('en-US')} seeded bets (+${LIVE_BETS.toLocaleString('en-US')} live), PostgreSQL, load ${loadavg()[0]?.toFixed(1)}`,
  results,
);
console.log(
  `\nseed ${seedSeconds === null ? `reused (${earlier} bets)` : `${seedSeconds} s`}; roll-up of everything ${rollupSeconds} s in ${runs} runs`,
);
writeResult('reports', { bets, liveBets: LIVE_BETS, members: MEMBERS, seedSeconds, rollupSeconds, rollupRuns: runs, results });
if (results.some((row) => row.verdict !== 'PASS')) process.exitCode = 1;
