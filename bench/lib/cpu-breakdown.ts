// Where a stretch of load's CPU went, process by process, to tell a cost of the measured work from something beside
// it: this process's threads by name (the main thread, V8's workers, libuv's), the cluster's processes by what
// pg_stat_activity calls them (client backends of the measured database or of others, autovacuum workers,
// checkpointer, walwriter, background writer …) and its exited children (the postmaster's cutime/cstime); next to them
// the stretch's garbage collection, the heap it started with, the measured database's busiest statements (wall µs a
// unit, pg_stat_statements when loaded) and its tables' dead tuples and vacuums so far. Read from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connect.js';
import { printTable } from './report.js';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const TABLES = ['house_rounds', 'house_seeds', 'ledger_accounts', 'ledger_transfers', 'promotion_claims'];

export interface StretchBreakdown {
  stretch: string;
  units: number;
  /** CPU µs a unit by process group. */
  cpuUs: Map<string, number>;
  gcMs: number;
  heapMb: number;
  /** The measured database's tables before the stretch: dead/live tuples and (auto)vacuums so far. */
  tables: string;
  /** Its statements' wall µs and calls a unit, the largest first. */
  statements: string[];
  /** Its client backends' wait events, sampled every 20 ms: the mean number of backends in each. */
  waits: Map<string, number>;
}

/** Samples the wait events of `db`'s client backends every 20 ms until `stop`: wait event → mean backends in it. */
function sampleWaits(db: Db): { stop: () => Promise<Map<string, number>> } {
  const totals = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await sql<{ wait: string; n: number }>`
        SELECT coalesce(wait_event_type || ': ' || wait_event, 'running') AS wait, count(*)::int AS n
        FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND state = 'active'
          AND pid <> pg_backend_pid()
        GROUP BY 1`.execute(db.kysely);
      samples++;
      for (const { wait, n } of rows) totals.set(wait, (totals.get(wait) ?? 0) + n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return new Map([...totals].map(([wait, n]) => [wait, n / Math.max(1, samples)]));
    },
  };
}

/** The process name and fields after it of a /proc stat file (the name may hold spaces), null once it is gone. */
function stat(file: string): { name: string; fields: number[] } | null {
  try {
    const text = readFileSync(file, 'utf8');
    const close = text.lastIndexOf(')');
    return {
      name: text.slice(text.indexOf('(') + 1, close),
      fields: text
        .slice(close + 2)
        .split(' ')
        .map(Number),
    };
  } catch {
    return null;
  }
}

/** utime + stime in ms (fields 14–15; after the name, state is index 0), with cutime + cstime when `reaped`. */
function cpuMs(fields: number[], reaped = false): number {
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
  return ((utime + stime + (reaped ? cutime + cstime : 0)) * 1000) / TICKS_PER_SECOND;
}

function ownThreads(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const thread = stat(`/proc/self/task/${tid}/stat`);
    if (!thread) continue;
    const name = `bench: ${tid === String(process.pid) ? 'main thread' : thread.name.replace(/\d+$/, '').trim()}`;
    byName.set(name, (byName.get(name) ?? 0) + cpuMs(thread.fields));
  }
  return byName;
}

function clusterProcesses(postmaster: number): { byPid: Map<number, number>; exited: number } {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const child = stat(`/proc/${pid}/stat`);
    if (child?.fields[1] === postmaster) byPid.set(pid, cpuMs(child.fields));
  }
  const root = stat(`/proc/${postmaster}/stat`);
  return { byPid, exited: root ? cpuMs(root.fields, true) : 0 };
}

async function processLabels(db: Db): Promise<Map<number, string>> {
  const { rows } = await sql<{ pid: number; backend_type: string; mine: boolean | null }>`
    SELECT pid, backend_type, datname = current_database() AS mine FROM pg_stat_activity`.execute(db.kysely);
  return new Map(
    rows.map(({ pid, backend_type, mine }) => [
      pid,
      `pg: ${backend_type}${mine === null ? '' : mine ? ' (this database)' : ' (other databases)'}`,
    ]),
  );
}

async function statementTotals(db: Db): Promise<Map<string, { calls: number; ms: number }>> {
  try {
    const { rows } = await sql<{ statement: string; calls: string; ms: number }>`
      SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS statement, sum(calls)::text AS calls,
             sum(total_exec_time) AS ms
      FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      GROUP BY 1`.execute(db.kysely);
    return new Map(rows.map((r) => [r.statement, { calls: Number(r.calls), ms: r.ms }]));
  } catch {
    return new Map(); // the cluster runs without pg_stat_statements
  }
}

async function tableStats(db: Db): Promise<string> {
  const { rows } = await sql<{ relname: string; dead: string; live: string; vacuums: string; hot: string }>`
    SELECT relname, n_dead_tup::text AS dead, n_live_tup::text AS live,
           (autovacuum_count + vacuum_count)::text AS vacuums, n_tup_hot_upd || '/' || n_tup_upd AS hot
    FROM pg_stat_user_tables WHERE relname = ANY (${TABLES}) ORDER BY relname`.execute(db.kysely);
  return rows.map((r) => `${r.relname} ${r.dead}/${r.live} dead, ${r.hot} updates HOT, ${r.vacuums} vacuums`).join('; ');
}

/** Garbage collection of this process, in ms, since it started observing. */
export function observeGc(): { ms: () => number; stop: () => void } {
  let ms = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) ms += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  return { ms: () => ms, stop: () => observer.disconnect() };
}

/** Starts a stretch on `db` (the measured database) of the cluster `postmaster`; `finish` reads it per unit. */
export async function startStretch(
  db: Db,
  postmaster: number,
  gc: { ms: () => number },
): Promise<{ finish: (stretch: string, units: number) => Promise<StretchBreakdown> }> {
  const [tables, statements, labels] = await Promise.all([tableStats(db), statementTotals(db), processLabels(db)]);
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  const gcBefore = gc.ms();
  const cluster = clusterProcesses(postmaster);
  const own = ownThreads();
  const sampler = sampleWaits(db);
  return {
    finish: async (stretch, units) => {
      const waits = await sampler.stop();
      const clusterAfter = clusterProcesses(postmaster);
      const ownAfter = ownThreads();
      const gcMs = gc.ms() - gcBefore;
      const [statementsAfter, labelsAfter] = await Promise.all([statementTotals(db), processLabels(db)]);
      const cpuUs = new Map<string, number>();
      const add = (label: string, ms: number) => cpuUs.set(label, (cpuUs.get(label) ?? 0) + (ms * 1000) / units);
      for (const [name, ms] of ownAfter) add(name, ms - (own.get(name) ?? 0));
      for (const [pid, ms] of clusterAfter.byPid) {
        add(labels.get(pid) ?? labelsAfter.get(pid) ?? 'pg: (exited before it was named)', ms - (cluster.byPid.get(pid) ?? 0));
      }
      add('pg: exited children, postmaster', clusterAfter.exited - cluster.exited);
      const ranked = [...statementsAfter]
        .map(([statement, now]) => {
          const then = statements.get(statement) ?? { calls: 0, ms: 0 };
          return { statement, calls: (now.calls - then.calls) / units, us: ((now.ms - then.ms) * 1000) / units };
        })
        .filter((s) => s.calls > 0)
        .sort((x, y) => y.us - x.us)
        .slice(0, 8)
        .map((s) => `${Math.round(s.us).toString().padStart(6)} µs ${s.calls.toFixed(2).padStart(5)}× ${s.statement}`);
      return { stretch, units, cpuUs, gcMs, heapMb, tables, statements: ranked, waits };
    },
  };
}

export function printBreakdowns(title: string, unit: string, breakdowns: StretchBreakdown[]): void {
  for (const b of breakdowns) {
    console.log(`\n  ${b.stretch}: ${b.tables}`);
    for (const line of b.statements) console.log(`    ${line}`);
  }
  const labels = [...new Set(breakdowns.flatMap((b) => [...b.cpuUs.keys()]))].sort();
  const row = (part: string, value: (b: StretchBreakdown) => number) =>
    Object.fromEntries([['part', part], ...breakdowns.map((b) => [b.stretch, Math.round(value(b))])]);
  printTable(title, [
    ...labels
      .map((label) => row(`${label}, µs a ${unit}`, (b) => b.cpuUs.get(label) ?? 0))
      .filter((r) => Object.values(r).some((v) => typeof v === 'number' && Math.abs(v) >= 5)),
    row(`total, µs a ${unit}`, (b) => [...b.cpuUs.values()].reduce((s, x) => s + x, 0)),
    row(`${unit}s`, (b) => b.units),
    row('GC ms in the stretch', (b) => b.gcMs),
    row('heap MB at its start', (b) => b.heapMb),
  ]);
  const waits = [...new Set(breakdowns.flatMap((b) => [...b.waits.keys()]))].sort();
  printTable(
    `Active backends of the measured database by wait event (mean of samples every 20 ms)`,
    waits.map((wait) =>
      Object.fromEntries([['wait', wait], ...breakdowns.map((b) => [b.stretch, (b.waits.get(wait) ?? 0).toFixed(2)])]),
    ),
  );
}
