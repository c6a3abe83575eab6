// Ledger throughput: keyed transfers per second on PostgreSQL with 1, 8 and 32 concurrent clients (random
// bets, wins and member-to-member transfers over many members; the house side is sharded), next to pgbench's
// TPC-B-like figure on the same cluster in the same run (the ratio is what to compare across runs).
//   BENCH_PG_URL     a throwaway cluster's admin URL (scripts/bench.sh starts one; required)
//   BENCH_DURATION   seconds per level (default 10)   BENCH_WARMUP (default 3)
//   BENCH_LEDGER_MEMBERS  members the transfers spread over (default 2000)
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { connectDb } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createMember } from '../apps/server/src/modules/accounts/service.js';
import { type AccountRef, Ledger, type TransferInput } from '../apps/server/src/modules/ledger/service.js';
import { insertMerchant } from '../apps/server/src/modules/site-settings/repo.js';
import { loadSettingsFromEnv } from './lib/load.js';
import { printTable, type Row, writeResult } from './lib/report.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) throw new Error('BENCH_PG_URL is not set (scripts/bench.sh starts a throwaway cluster and sets it)');
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
const LEVELS = [1, 8, 32];
const MERCHANT = 'bench';
const memberCount = Number(process.env.BENCH_LEDGER_MEMBERS ?? 2000);
const settings = loadSettingsFromEnv();

const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function createDatabases(names: string[]) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const name of names) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

interface LevelResult {
  clients: number;
  transfersPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  transfers: number;
  errors: number;
}

async function measureLedger(ledger: Ledger, members: bigint[], clients: number, seconds: number): Promise<LevelResult> {
  const house: AccountRef = { kind: 'house', purpose: 'games' };
  const main = (i: number): AccountRef => ({ kind: 'member_main', memberId: members[i % members.length] as bigint });
  const pickMember = () => Math.floor(Math.random() * members.length);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const roll = Math.random();
        const a = pickMember();
        const amount = BigInt(1 + Math.floor(Math.random() * 1000));
        const base = {
          merchant: MERCHANT,
          amount,
          cause: { type: 'game_round', id: 'bench' },
          idempotencyKey: crypto.randomUUID(),
        } as const;
        const input: TransferInput =
          roll < 0.5
            ? { ...base, from: main(a), to: house, kind: 'bet' }
            : roll < 0.8
              ? { ...base, from: house, to: main(a), kind: 'win' }
              : {
                  ...base,
                  from: main(a),
                  to: main(a + 1 + Math.floor(Math.random() * (members.length - 1))),
                  kind: 'member_transfer',
                };
        const started = performance.now();
        try {
          await ledger.transfer(input);
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
  return {
    clients,
    transfersPerSecond: latencies.length / seconds,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
    transfers: latencies.length,
    errors,
  };
}

function pgbenchTps(url: string, seconds: number): number {
  execFileSync(PGBENCH, ['-i', '-s', '1', '-q', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  const output = execFileSync(PGBENCH, ['-c', '8', '-j', '2', '-T', String(Math.ceil(seconds)), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`could not read tps from pgbench:\n${output}`);
  return Number(tps);
}

await createDatabases(['ledger_bench', 'pgbench_bench']);
const db = await connectDb({ kind: 'postgres', url: databaseUrl('ledger_bench'), poolSize: Math.max(...LEVELS) });
try {
  await migrateToLatest(db.kysely);
  await insertMerchant(db.kysely, MERCHANT, 'Ledger bench');
  const members: bigint[] = [];
  for (let i = 0; i < memberCount; i += 1) {
    members.push(await createMember(db.kysely, { merchantCode: MERCHANT, account: `lb${i}`, password: null }));
  }
  const ledger = new Ledger(db.kysely);
  // Enough money that no transfer is refused: what is measured is the write path, not refusals.
  for (const memberId of members) {
    await ledger.transfer({
      merchant: MERCHANT,
      from: { kind: 'channel_in', channel: 'bench' },
      to: { kind: 'member_main', memberId },
      amount: 1_000_000_000n,
      kind: 'deposit',
      cause: { type: 'operator', id: 'bench' },
    });
  }

  console.log(
    `ledger: ${memberCount} members, ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per level, PostgreSQL 15 (throwaway: fsync off)`,
  );
  console.log(
    `  load average before: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );
  const results: LevelResult[] = [];
  for (const clients of LEVELS) {
    process.stdout.write(`  measuring ${clients} client(s)… `);
    await measureLedger(ledger, members, clients, settings.warmupSeconds);
    const result = await measureLedger(ledger, members, clients, settings.durationSeconds);
    console.log(`${Math.round(result.transfersPerSecond)} transfers/s${result.errors ? ` (${result.errors} ERRORS)` : ''}`);
    results.push(result);
  }
  process.stdout.write('  measuring pgbench TPC-B-like, 8 clients… ');
  const pgbench = pgbenchTps(databaseUrl('pgbench_bench'), settings.durationSeconds);
  console.log(`${Math.round(pgbench)} tps`);

  const rows: Row[] = [
    ...results.map((r) => ({
      scenario: `ledger transfer, ${r.clients} client${r.clients === 1 ? '' : 's'}`,
      'per s': Math.round(r.transfersPerSecond),
      'vs pgbench': `${((r.transfersPerSecond / pgbench) * 100).toFixed(0)}%`,
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'max ms': r.latencyMs.max,
      count: r.transfers,
      errors: r.errors,
    })),
    {
      scenario: 'pgbench TPC-B-like, 8 clients',
      'per s': Math.round(pgbench),
      'vs pgbench': '100%',
      'p50 ms': null,
      'p99 ms': null,
      'max ms': null,
      count: null,
      errors: null,
    },
  ];
  printTable('Ledger throughput (PostgreSQL)', rows);
  writeResult('ledger', { settings, members: memberCount, levels: results, pgbenchTps: pgbench });
  if (results.some((r) => r.errors > 0 || r.transfers === 0)) {
    console.error('\nledger: some transfers failed');
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
