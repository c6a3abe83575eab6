import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { DepositOrder } from '@tessera/contract/api/deposits';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connectDb, type Db, type DbTarget } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import type { Services } from '../../services.js';
import { createTestDb } from '../../test/test-db.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { TESTPSP } from './adapters/testpsp.js';
import { callbackPath } from './routes.js';
import {
  callbacksOf,
  creditsOf,
  gatewayPlayer,
  mainBalance,
  payoutCallbacksOf,
  payoutChannel,
  pendingWithdrawal,
  withdrawalState,
} from './test/kit.js';
import { newSecret, spawnTestPsp } from './test/psp-process.js';

const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const AMOUNT = 330_000n;
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const worker = fileURLToPath(new URL('./test/callback-worker.ts', import.meta.url));
const SECRET_KEY = 'crash-test-secret-key-crash-test-secret-key';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The app in its own process, stalling the first callback decision on `table`; resolves once it listens. */
async function startWorker(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', worker, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines: string[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.line === line)) waiter.resolve();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = (wanted: string) =>
    new Promise<void>((resolve, reject) => {
      if (lines.includes(wanted)) return resolve();
      waiters.push({ line: wanted, resolve });
      void exited.then(() => reject(new Error(`worker exited before "${wanted}": ${stderr}`)));
    });
  await line('listening');
  return { child, line, exited };
}

/**
 * The server is SIGKILLed while it settles a callback, after the ledger posting was written and before the commit:
 * a deposit's credit, a payout's posted hold. The provider retries until the restarted server (here, in the test's
 * own process: only the crash needs a process of its own) answers. Each is settled exactly once and nothing is
 * lost. On PGlite the server runs on an on-disk data directory.
 */
describe('payment callbacks across a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function database(): Promise<{ target: DbTarget; open: () => Promise<Db> }> {
    if (ON_POSTGRES) {
      const db = await createTestDb();
      cleanups.push(() => db.close());
      await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
      return { target: { ...db.target, poolSize: 4 } as DbTarget, open: async () => ({ ...db, close: async () => undefined }) };
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'payments-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const target: DbTarget = { kind: 'pglite', dataDir: path.join(dir, 'data') };
    const db = await connectDb(target);
    await migrateToLatest(db.kysely);
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    await db.close();
    return { target, open: () => connectDb(target) };
  }

  /** The app on `db`, in this process; `port` 0 leaves it unlistened. */
  async function inProcess(db: Db, pspUrl: string, secret: string, port: number) {
    let services: Services | undefined;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SECRET_KEY,
      PSP_TESTPSP_URL: pspUrl,
      PSP_TESTPSP_SECRETS: secret,
    });
    const app = await buildApp({
      config,
      db,
      extend: (_app, built) => {
        services = built;
      },
    });
    if (!services) throw new Error('buildApp did not call extend');
    if (port !== 0) await app.listen({ port, host: '127.0.0.1' });
    return { app, services };
  }

  /** A crash scene: the database, the provider (retrying for minutes: a loaded machine boots slowly) and a port. */
  async function scene() {
    const { target, open } = await database();
    const secret = newSecret();
    const retryMs = [300, 600, 1000, ...Array.from({ length: 120 }, () => 2000)];
    const psp = await spawnTestPsp({ secrets: [secret], retryMs });
    cleanups.push(() => psp.stop());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    await psp.control('/control/merchants', { merchantId: DEMO_MERCHANT, callbackUrl: `${base}${callbackPath(TESTPSP)}` });
    const workerArgs = (table: string) => [JSON.stringify(target), String(port), psp.url, secret, table];
    /** The restarted server: answers the provider's retries until none is in flight, then closes. */
    const recover = async () => {
      const { app } = await inProcess(await open(), psp.url, secret, port);
      try {
        await psp.idle();
      } finally {
        await app.close();
      }
    };
    return { open, psp, secret, base, workerArgs, recover };
  }

  async function crash(first: Awaited<ReturnType<typeof startWorker>>) {
    await first.line('stalled');
    first.child.kill('SIGKILL');
    await first.exited;
  }

  it('credits a deposit once after a SIGKILL between its callback and the commit', { timeout: 120_000 }, async () => {
    const { open, psp, base, workerArgs, recover } = await scene();
    let db = await open();
    const player = await gatewayPlayer(db.kysely);
    const channel = await payoutChannel(db.kysely, TESTPSP);
    await db.close();

    const first = await startWorker(workerArgs('deposit_orders'));
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const created = await fetch(`${base}/wps/deposit/orders`, {
      method: 'POST',
      headers: { ...player.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ channel, amountMinor: AMOUNT.toString(), requestId: randomUUID() }),
    });
    const order = ((await created.json()) as { value: DepositOrder }).value;
    expect(order.status).toBe('pending');
    const action = order.payment?.action;
    if (action?.kind !== 'redirect') throw new Error('no provider page');
    await psp.control('/control/pay', { paymentId: psp.paymentIdOf(action.url) });
    await crash(first);
    await recover();

    db = await open();
    try {
      expect(await creditsOf(db.kysely, order.id)).toBe(1);
      expect(await mainBalance(db.kysely, player.member.id)).toBe(AMOUNT);
      expect((await callbacksOf(db.kysely, order.id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'processing:ignored',
        'completed:credited',
      ]);
      const status = await db.kysely
        .selectFrom('deposit_orders')
        .select('status')
        .where('id', '=', BigInt(order.id))
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('approved');
      expect(await ledgerViolations(db.kysely)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('posts a payout once after a SIGKILL between its callback and the commit', { timeout: 120_000 }, async () => {
    const { open, psp, secret, workerArgs, recover } = await scene();
    const db = await open();
    await payoutChannel(db.kysely, TESTPSP);
    // Approved before the crashing server starts: its job loop takes the payout job at once.
    const approver = await inProcess(db, psp.url, secret, 0);
    const withdrawal = await pendingWithdrawal(db.kysely, approver.services.withdrawals, 500_000n, AMOUNT);
    await approver.services.withdrawals.approve(DEMO_MERCHANT, withdrawal.id, 'staff:crash-test');
    await approver.app.close();

    const first = await startWorker(workerArgs('withdrawals'));
    cleanups.push(() => void first.child.kill('SIGKILL'));
    await crash(first);
    await recover();

    const after = await open();
    try {
      expect(await withdrawalState(after.kysely, withdrawal.id)).toEqual({ status: 'awaiting_confirmation', reject_reason: null });
      expect(await mainBalance(after.kysely, withdrawal.member.id)).toBe(500_000n - AMOUNT);
      expect((await payoutCallbacksOf(after.kysely, withdrawal.id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'processing:ignored',
        'completed:paid_out',
      ]);
      expect(await ledgerViolations(after.kysely)).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
