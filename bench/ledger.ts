// Ledger throughput: keyed transfers per second on PostgreSQL with 1, 8 and 32 concurrent clients (random
// bets, wins and member-to-member transfers over many members; the house side is sharded), next to pgbench's
// TPC-B-like figure on the same cluster in the same run (the ratio is what to compare across runs). The clients
// share the server's pool (DATABASE_POOL_SIZE's default), as a server's concurrent requests do. The same
// load then runs on PGlite (the default database: embedded, one connection, a data directory on disk).
//   BENCH_PG_URL     a throwaway cluster's admin URL (scripts/bench.sh starts one; required)
//   BENCH_DURATION   seconds per level (default 10)   BENCH_WARMUP (default 3)
//   BENCH_LEDGER_MEMBERS  members the transfers spread over (default 2000)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { connectDb } from '../apps/server/src/db/connect.js';
import { DEFAULT_DATABASE_POOL_SIZE } from '../apps/server/src/platform/config.js';
import {
  createDatabases,
  databaseUrl,
  type LedgerBench,
  type LevelResult,
  measureLedger,
  prepareLedgerBench,
  prepareLedgerBenchOn,
} from './lib/ledger-load.js';
import { loadSettingsFromEnv } from './lib/load.js';
import { printTable, type Row, writeResult } from './lib/report.js';

const adminUrl = process.env.BENCH_PG_URL;
if (!adminUrl) throw new Error('BENCH_PG_URL is not set (scripts/bench.sh starts a throwaway cluster and sets it)');
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
const LEVELS = [1, 8, 32];
const memberCount = Number(process.env.BENCH_LEDGER_MEMBERS ?? 2000);
const settings = loadSettingsFromEnv();

function pgbenchTps(url: string, seconds: number): number {
  execFileSync(PGBENCH, ['-i', '-s', '1', '-q', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  const output = execFileSync(PGBENCH, ['-c', '8', '-j', '2', '-T', String(Math.ceil(seconds)), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`could not read tps from pgbench:\n${output}`);
  return Number(tps);
}

async function measureLevels(bench: LedgerBench, database: string): Promise<LevelResult[]> {
  const results: LevelResult[] = [];
  for (const clients of LEVELS) {
    process.stdout.write(`  measuring ${clients} client(s), ${database}… `);
    await measureLedger(bench, clients, settings.warmupSeconds);
    const result = await measureLedger(bench, clients, settings.durationSeconds);
    console.log(`${Math.round(result.transfersPerSecond)} transfers/s${result.errors ? ` (${result.errors} ERRORS)` : ''}`);
    results.push(result);
  }
  return results;
}

/** The same members and load on PGlite in a fresh data directory (deleted after). */
async function measurePglite(): Promise<LevelResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-pglite-'));
  try {
    const db = await connectDb({ kind: 'pglite', dataDir: path.join(dir, 'data') });
    try {
      return await measureLevels(await prepareLedgerBenchOn(db, memberCount), 'PGlite');
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await createDatabases(adminUrl, ['pgbench_bench']);
const bench = await prepareLedgerBench(adminUrl, 'ledger_bench', memberCount);
try {
  console.log(
    `ledger: ${memberCount} members, ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per level, PostgreSQL 15 (throwaway: fsync off), the clients sharing the server's pool of ${DEFAULT_DATABASE_POOL_SIZE} connections`,
  );
  console.log(
    `  load average before: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );
  const results = await measureLevels(bench, 'PostgreSQL');
  process.stdout.write('  measuring pgbench TPC-B-like, 8 clients… ');
  const pgbench = pgbenchTps(databaseUrl(adminUrl, 'pgbench_bench'), settings.durationSeconds);
  console.log(`${Math.round(pgbench)} tps`);
  const pglite = await measurePglite();

  const levelRow = (database: string) => (r: LevelResult) => ({
    scenario: `ledger transfer, ${r.clients} client${r.clients === 1 ? '' : 's'}, ${database}`,
    'per s': Math.round(r.transfersPerSecond),
    'vs pgbench': `${((r.transfersPerSecond / pgbench) * 100).toFixed(0)}%`,
    'p50 ms': r.latencyMs.p50,
    'p99 ms': r.latencyMs.p99,
    'max ms': r.latencyMs.max,
    count: r.transfers,
    errors: r.errors,
  });
  const rows: Row[] = [
    ...results.map(levelRow('PostgreSQL')),
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
    ...pglite.map(levelRow('PGlite')),
  ];
  printTable('Ledger throughput (PostgreSQL, then PGlite; pgbench on the PostgreSQL cluster)', rows);
  writeResult('ledger', { settings, members: memberCount, levels: results, pgbenchTps: pgbench, pglite });
  if ([...results, ...pglite].some((r) => r.errors > 0 || r.transfers === 0)) {
    console.error('\nledger: some transfers failed');
    process.exitCode = 1;
  }
} finally {
  await bench.db.close();
}
