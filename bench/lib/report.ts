// Shared output of every benchmark: a readable table on stdout and bench/results/<name>.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export type Row = Record<string, string | number | null>;

export function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  const first = rows[0];
  if (!first) {
    console.log('  (no rows)');
    return;
  }
  const columns = Object.keys(first);
  const cell = (v: Row[string]) => (v === null ? '—' : typeof v === 'number' ? format(v) : v);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(cell(r[c] ?? null)).length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  console.log(`  ${line(columns)}`);
  console.log(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(`  ${line(columns.map((c) => String(cell(row[c] ?? null))))}`);
}

function format(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

/** Where and when a result was measured: needed to compare runs (the machine is shared and noisy). */
export function environment() {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // no commit yet
  }
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? null,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverage1m: loadavg()[0] ?? null,
  };
}

export function writeResult(name: string, data: unknown, { quiet = false } = {}): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = `${resultsDir}${name}.json`;
  writeFileSync(file, `${JSON.stringify({ name, environment: environment(), ...(data as object) }, null, 2)}\n`);
  if (!quiet) console.log(`\nwrote ${file}`);
  return file;
}
