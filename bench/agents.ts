// The agent centre over a 100,000-member downline on PostgreSQL: do the team overview and the user P&L answer in under
// 300 ms (p99)? On a throwaway cluster: one top agent over five levels (10, 100, 1,000 and 10,000 sub-agents, then
// 88,890 members), each with a deposit on the first day, and BENCH_AGENT_BETS real-money bets (a win for every third) of the downline
// spread over the last 30 days on 60 games of 3 vendors, written set-based straight into the ledger's tables (as
// bench/reports.ts does); then the roll-up job's work is done, a live part added after it, and each call is timed
// through the real app as the top agent (app.inject), RUNS times after one warm-up. Then: settling 10,000 agent contracts
// for a day (target < 30 s): a daily salary for each of the 10,000 fourth-level agents from their upline, in force from
// yesterday's start, settled by the settlement service as its job does (statements, the ledger batch), once, timed.
//   BENCH_PG_URL      the cluster's admin URL (scripts/bench.sh starts it; required)
//   BENCH_AGENT_BETS  bets to seed (default 10000000; 1000000 is a quick run)
//   BENCH_AGENT_DB    a database of the cluster to keep between runs: seeded when it holds no bets, else reused: the
//                     roll-up goes on from where the last run left it (only that run's live part is left to roll up),
//                     and the last run's contracts and statements go, so the timing alone is run again
//   BENCH_AGENT_ROLLUP=again  with a reused database: the summaries start over and the whole roll-up is timed again
//   BENCH_AGENT_RUNS  timed calls of each read (default 30)
//   BENCH_AGENT_ONLY=calls|settlement  time only the agent-centre calls, or only the settlement (default both)
// The fixture's balances after each transfer are not kept (0): this measures reads, and no invariant is checked.
import { loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { connectDb } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed/demo-merchant.js';
import { resetRollup } from '../apps/server/src/modules/reports/rollup-repo.js';
import { sessionFor } from '../apps/server/src/modules/responsible-gaming/test/kit.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { memberIds, seedFundedMembers } from './lib/fixtures.js';
import { createDatabases, databaseUrl, percentiles } from './lib/ledger-load.js';
import { printTable, writeResult } from './lib/report.js';
import { benchApp, rollUpEverything } from './lib/reports-app.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) throw new Error('BENCH_PG_URL is not set (scripts/bench.sh starts a throwaway cluster and sets it)');
const bets = Number(process.env.BENCH_AGENT_BETS ?? 10_000_000);
if (!Number.isInteger(bets) || bets < 1000) throw new Error(`BENCH_AGENT_BETS must be an integer ≥ 1000, got ${bets}`);
const MERCHANT = 'demo';
const PREFIX = 'agb';
/** Members under the top agent at each level, top down; every level but the last are agents. */
const LEVELS = [10, 100, 1_000, 10_000, 88_890];
const DOWNLINE = LEVELS.reduce((sum, size) => sum + size, 0);
/** The fourth level's members, counted from the top agent (0): the 10,000 agents whose contracts the bench settles. */
const FOURTH_LEVEL = {
  from: 1 + LEVELS.slice(0, 3).reduce((sum, size) => sum + size, 0),
  to: LEVELS.slice(0, 4).reduce((sum, size) => sum + size, 0),
};
const LIVE_BETS = 20_000;
const CHUNK = 1_000_000;
const TARGET_MS = 300;
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 30);
const SETTLE_TARGET_SECONDS = 30;
const ONLY = process.env.BENCH_AGENT_ONLY;
if (ONLY !== undefined && ONLY !== 'calls' && ONLY !== 'settlement') {
  throw new Error(`BENCH_AGENT_ONLY must be calls or settlement, got ${ONLY}`);
}

const seconds = (started: number) => Number(((performance.now() - started) / 1000).toFixed(1));

/** Bets i in [from, to) of the downline (members 1 … DOWNLINE): member, game and time from i; every third one wins. */
const seedBets = (from: number, to: number, live: boolean) => sql`
  WITH players AS (
    SELECT array_agg(a.id ORDER BY m.id) AS ids FROM members m JOIN ledger_accounts a ON a.owner_id = m.id AND a.kind = 'member_main'
    WHERE m.merchant_code = ${MERCHANT} AND starts_with(m.account, ${PREFIX}) AND m.parent_id IS NOT NULL),
  houses AS (SELECT array_agg(id ORDER BY shard) AS ids FROM ledger_accounts WHERE merchant_code = ${MERCHANT} AND kind = 'house' AND ref = 'games'),
  b AS (
    SELECT i, players.ids[1 + (i * 7919) % ${DOWNLINE}] AS player, houses.ids[1 + i % 16] AS house, 100 + (i % 50) * 10 AS amount,
      jsonb_build_object('vendor', (ARRAY['HOUSE', 'VNDA', 'VNDB'])[1 + i % 3], 'gameCode', 'g' || (i % 60)) AS memo,
      ${live ? sql`now()` : sql`now() - interval '30 days' + (i::float8 / ${bets}) * interval '30 days'`} AS at
    FROM generate_series(${from}::bigint, ${to - 1}::bigint) i, players, houses)
  INSERT INTO ledger_transfers (merchant_code, request_hash, debit_account_id, credit_account_id, amount, kind, state,
    cause_type, cause_id, memo, debit_balance_after, credit_balance_after, created_at, settled_at)
  SELECT ${MERCHANT}, 'bench', player, house, amount, 'bet', 'posted', 'game_round', i::text, memo, 0, 0, at, at FROM b
  UNION ALL
  SELECT ${MERCHANT}, 'bench', house, player, amount * 2, 'win', 'posted', 'game_round', i::text, memo, 0, 0, at, at FROM b
  WHERE i % 3 = 0`;

/** The top agent and the downline in LEVELS, their deposits and the bets, set-based; answers the seconds it took. */
async function seed(db: Kysely<Database>): Promise<number> {
  await seedDemoMerchant(db, new SiteSettingsService(db));
  console.log(`seeding an agent over ${DOWNLINE.toLocaleString('en-US')} members and ${bets.toLocaleString('en-US')} bets …`);
  const started = performance.now();
  await seedFundedMembers(db, { merchant: MERCHANT, prefix: PREFIX, from: 0, to: DOWNLINE + 1, amount: 1_000_000n });
  const ids = await memberIds(db, MERCHANT, PREFIX);
  const base = ids[0];
  if (base === undefined || ids.length !== DOWNLINE + 1 || ids.at(-1) !== base + BigInt(DOWNLINE)) {
    throw new Error('the seeded members do not have consecutive ids');
  }
  // Member `base + i` is the i-th: 0 the top agent, then each level's members under the level above, round robin. Each
  // level is one statement, so the tree triggers find the uplines' own links in place.
  await sql`UPDATE members SET agent_type = 1 WHERE id = ${base}`.execute(db);
  let levelStart = 1;
  let parentStart = 0;
  let parentCount = 1;
  for (const [index, size] of LEVELS.entries()) {
    await sql`
      UPDATE members SET
        parent_id = ${base}::bigint + ${parentStart}::int + (id - ${base}::bigint - ${levelStart}::int) % ${parentCount}::int,
        agent_type = ${index < LEVELS.length - 1 ? 1 : 0}::int
      WHERE id BETWEEN ${base}::bigint + ${levelStart}::int AND ${base}::bigint + ${levelStart + size - 1}::int`.execute(db);
    parentStart = levelStart;
    parentCount = size;
    levelStart += size;
    console.log(`  level ${index + 1}: ${size.toLocaleString('en-US')} members (${seconds(started)} s)`);
  }
  // The team was formed before the history the bets below make up (the tree dates its links from their insertion).
  await sql`UPDATE agent_tree SET since = now() - interval '31 days' WHERE depth > 0`.execute(db);
  // Sign-ups and their deposits on the first day of the 30, so the ids of the history follow its time as the live
  // ledger's do (the roll-up then closes each day once, as in production).
  await sql`
    UPDATE members SET created_at = now() - interval '30 days' + (id % 3600) * interval '1 second'
    WHERE starts_with(account, ${PREFIX})`.execute(db);
  await sql`
    UPDATE ledger_transfers t SET created_at = m.created_at, settled_at = m.created_at
    FROM ledger_accounts a JOIN members m ON m.id = a.owner_id
    WHERE t.kind = 'deposit' AND a.id = t.credit_account_id`.execute(db);
  await sql`SELECT ledger_account_id(${MERCHANT}, 'house', NULL, 'games', s::smallint) FROM generate_series(0, 15) s`.execute(db);
  // The accounts' transfer indexes are built once after the bulk insert, not kept up row by row through it.
  await sql`DROP INDEX ledger_transfers_by_debit, ledger_transfers_by_credit`.execute(db);
  for (let from = 0; from < bets; from += CHUNK) {
    // Each bet's three foreign keys are right by construction: checking them row by row (three trigger calls a row)
    // was most of a chunk's time on a loaded machine.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await seedBets(from, Math.min(bets, from + CHUNK), false).execute(trx);
    });
    console.log(`  ${Math.min(bets, from + CHUNK).toLocaleString('en-US')} bets (${seconds(started)} s)`);
  }
  await sql`CREATE INDEX ledger_transfers_by_debit ON ledger_transfers (debit_account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_transfers_by_credit ON ledger_transfers (credit_account_id, id)`.execute(db);
  await sql`VACUUM ANALYZE members, ledger_accounts, ledger_transfers, agent_tree`.execute(db);
  return seconds(started);
}

const kept = process.env.BENCH_AGENT_DB;
if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`BENCH_AGENT_DB must be a plain name, got ${kept}`);
const name = kept ?? `agents_${Date.now()}`;
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
else {
  const again = process.env.BENCH_AGENT_ROLLUP === 'again';
  console.log(
    `reusing ${name}: ${earlier.toLocaleString('en-US')} bets seeded earlier; ${again ? 'the summaries start over' : 'the roll-up goes on'}`,
  );
  if (again) await resetRollup(db.kysely, 'UTC');
}

const { app, services } = await benchApp(adminUrl, name, db);
const { reports } = services;
const { seconds: rollupSeconds, runs } = await rollUpEverything(db, reports);
await sql`VACUUM ANALYZE report_member_days, report_member_running, report_first_deposits, report_agent_active`.execute(
  db.kysely,
);
// The app's jobs (started when the app is ready) stop first: the roll-up job would otherwise take the live part into
// the summaries while the calls are timed (26,000 transfers in one batch, seconds of both cores), and the reads are to
// be timed with it live.
await app.ready();
await services.jobs.stop();
// Bets after the roll-up: the live part every read adds.
await seedBets(bets, bets + LIVE_BETS, true).execute(db.kysely);

const [top] = await memberIds(db.kysely, MERCHANT, PREFIX);
if (top === undefined) throw new Error('no top agent');
const token = await sessionFor(db.kysely, { id: top, merchantCode: MERCHANT } as Parameters<typeof sessionFor>[1]);
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const days = (count: number) => `fromDay=${day(count - 1)}&toDay=${day(0)}`;
const calls = [
  { call: 'team overview, today', url: `/wps/agent/team/overview?${days(1)}`, target: true },
  { call: 'team overview, 7 days', url: `/wps/agent/team/overview?${days(7)}`, target: true },
  { call: 'team overview, 30 days', url: `/wps/agent/team/overview?${days(30)}`, target: true },
  { call: 'user P&L, today', url: `/wps/agent/team/profit?${days(1)}`, target: true },
  { call: 'user P&L, 7 days by win/loss', url: `/wps/agent/team/profit?${days(7)}&sort=profit&order=asc`, target: true },
  { call: 'user P&L, 30 days', url: `/wps/agent/team/profit?${days(30)}`, target: true },
  { call: 'team betting by game, today', url: `/wps/agent/team/betting?${days(1)}&groupBy=game`, target: false },
  { call: 'account details, 7 days', url: `/wps/agent/team/transactions?${days(7)}`, target: false },
];
const results = [];
for (const { call, url, target } of ONLY === 'settlement' ? [] : calls) {
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({ url, headers: { authorization: token } });
    if (run > 0) times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${call}: ${response.body}`);
  }
  const { p50, p99 } = percentiles(times.sort((a, b) => a - b));
  results.push({
    call,
    p50: `${p50} ms`,
    p99: `${p99} ms`,
    target: target ? `p99 < ${TARGET_MS} ms` : '(measured)',
    verdict: target ? (p99 < TARGET_MS ? 'PASS' : 'MISS') : '',
    load: loadavg()[0]?.toFixed(1) ?? null,
  });
}

/** Daily salaries of every fourth-level agent from yesterday's start (UTC), set-based, as accepted contracts are stored. */
async function seedContracts(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH yesterday AS (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day' AS at),
    inserted AS (
      INSERT INTO agent_contracts (merchant_code, kind, upline_id, downline_id, period, time_zone, tiers, rates, status,
        answered_at, effective_from, upline_chain)
      SELECT ${MERCHANT}, 'dailySalary', m.parent_id, m.id, 'daily', 'UTC',
        '[{"minBetPerDay": "1000", "minActiveMembers": 1, "rate": 50}]'::jsonb, '{"rate": 50}'::jsonb, 'active',
        yesterday.at, yesterday.at, ARRAY[m.parent_id]
      FROM members m, yesterday
      WHERE m.merchant_code = ${MERCHANT} AND starts_with(m.account, ${PREFIX}) AND m.agent_type = 1
        AND m.id BETWEEN ${top}::bigint + ${FOURTH_LEVEL.from}::int AND ${top}::bigint + ${FOURTH_LEVEL.to}::int
      ON CONFLICT DO NOTHING
      RETURNING 1)
    SELECT count(*)::int AS n FROM inserted`.execute(db.kysely);
  return rows[0]?.n ?? 0;
}
const settleSeconds = ONLY === 'calls' ? null : await timeSettlement();

/** Settles the 10,000 contracts afresh, adds the timing to the results and returns it in seconds. */
async function timeSettlement(): Promise<number> {
  // A kept database's contracts of an earlier run go, with their statements, so each run settles the same 10,000 afresh
  // (their payments stay in the ledger under their own keys).
  await sql`DELETE FROM agent_settlements WHERE merchant_code = ${MERCHANT}`.execute(db.kysely);
  await sql`
    DELETE FROM agent_settlement_marks k USING agent_contracts c
    WHERE c.id = k.contract_id AND c.merchant_code = ${MERCHANT}`.execute(db.kysely);
  await sql`DELETE FROM agent_contracts WHERE merchant_code = ${MERCHANT}`.execute(db.kysely);
  // The settlement job notes the ledger's highest transfer id at every run, and a period reads only the transfers above
  // the last one noted before its start; the fixture's history was written without the job running, so the note the job
  // would have made at yesterday's start is made here: the id below every transfer settled from then on.
  await sql`
    INSERT INTO agent_settlement_ticks (at, max_transfer_id)
    SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day', coalesce(min(id) - 1, 0)
    FROM ledger_transfers WHERE settled_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
    ON CONFLICT DO NOTHING`.execute(db.kysely);
  const contracts = await seedContracts();
  console.log(`settling ${contracts.toLocaleString('en-US')} daily salary contracts for yesterday …`);
  const settleStarted = performance.now();
  const settled = await services.agentSettlement.settleNow();
  const settleSeconds = seconds(settleStarted);
  results.push({
    call: `settling ${contracts.toLocaleString('en-US')} agent contracts for a day (${settled.statements} statements, ${settled.paid} paid)`,
    p50: `${settleSeconds} s`,
    p99: '',
    target: `< ${SETTLE_TARGET_SECONDS} s`,
    verdict: settleSeconds < SETTLE_TARGET_SECONDS ? 'PASS' : 'MISS',
    load: loadavg()[0]?.toFixed(1) ?? null,
  });
  return settleSeconds;
}
await app.close();

printTable(
  `Agent centre, ${DOWNLINE.toLocaleString('en-US')} downline members, ${bets.toLocaleString('en-US')} seeded bets (+${LIVE_BETS.toLocaleString('en-US')} live), PostgreSQL, load ${loadavg()[0]?.toFixed(1)}`,
  results,
);
console.log(
  `\nseed ${seedSeconds === null ? `reused (${earlier} bets)` : `${seedSeconds} s`}; roll-up of everything ${rollupSeconds} s in ${runs} runs`,
);
writeResult('agents', {
  bets,
  liveBets: LIVE_BETS,
  downline: DOWNLINE,
  seedSeconds,
  rollupSeconds,
  rollupRuns: runs,
  settleSeconds,
  results,
});
if (results.some((row) => row.verdict === 'MISS')) process.exitCode = 1;
