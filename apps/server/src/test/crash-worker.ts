import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { connectDb, type Db, type DbTarget } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoMerchant } from '../db/seed/demo-merchant.js';
import { SiteSettingsService } from '../modules/site-settings/service.js';
import { loadConfig } from '../platform/config.js';
import { createTestDb } from './test-db.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface CrashWorkerExit {
  lines: string[];
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

/**
 * A crash test's worker: `worker` (a TypeScript file run through tsx from its sources) with `args`, its stdout read
 * line by line. With `killWhenStalled` it is SIGKILLed the moment it prints `stalled` (it holds its transaction open
 * there, so the kill lands before the commit). Resolves when it has exited.
 */
export function runCrashWorker(worker: string, args: readonly string[], killWhenStalled: boolean): Promise<CrashWorkerExit> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', worker, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (killWhenStalled && line === 'stalled') child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ lines, signal, code, stderr })));
}

/**
 * The database a crash test's workers share, with the demo merchant: a fresh PostgreSQL database (TEST_DB=postgres),
 * or a PGlite data directory that one process opens at a time. `open` gives the test its own handle; what to undo
 * afterwards is pushed on `cleanups`.
 */
export async function crashTestDatabase(
  prefix: string,
  cleanups: (() => Promise<void> | void)[],
): Promise<{ target: DbTarget; open: () => Promise<Db> }> {
  if (process.env.TEST_DB === 'postgres') {
    const db = await createTestDb();
    cleanups.push(() => db.close());
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    return { target: { ...db.target, poolSize: 4 } as DbTarget, open: async () => ({ ...db, close: async () => undefined }) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const target: DbTarget = { kind: 'pglite', dataDir: path.join(dir, 'data') };
  const db = await connectDb(target);
  await migrateToLatest(db.kysely);
  await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
  await db.close();
  return { target, open: () => connectDb(target) };
}

/**
 * The server's configuration in a crash test and its workers: quiet, no web files, a fixed secret (nothing written to
 * a data directory); `testClock` turns on the settlement test clock the settlement and rebate jobs read.
 */
export const crashTestConfig = ({ testClock = false } = {}) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SECRET_KEY: 'crash-test-secret-crash-test-secret-crash-test',
    ...(testClock ? { AGENT_SETTLEMENT_TEST_CLOCK: 'on' } : {}),
  });
