import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { DepositOrder } from '@tessera/contract/api/deposits';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connectDb, type Db, type DbTarget } from '../../db/connect.js';
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

function pgliteTemplate(): string {
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('no PGlite template: the server project runs src/test/global-setup.ts first');
  return file;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The app in its own process, stalling callback decisions. It loads its code at once (the slow part: compiling the
 * server) and opens the database only on `listen()`, so the loading overlaps the test's set-up; resolves once loaded.
 */
async function startWorker(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', worker, ...args], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines: string[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((w) => line.startsWith(w.line))) waiter.resolve();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** Resolves once the worker printed a line starting with `wanted`. */
  const line = (wanted: string) =>
    new Promise<void>((resolve, reject) => {
      if (lines.some((seen) => seen.startsWith(wanted))) return resolve();
      waiters.push({ line: wanted, resolve });
      void exited.then(() => reject(new Error(`worker exited before "${wanted}": ${stderr}`)));
    });
  await line('loaded');
  /** Opens the database and listens: the database must be free by then (PGlite is one process's). */
  const listen = async () => {
    child.stdin?.write('go\n');
    await line('listening');
  };
  return { child, line, exited, listen };
}

/**
 * The server is SIGKILLed while it settles callbacks, after the ledger posting was written and before the commit:
 * a deposit's credit and a payout's posted hold. The provider retries until the restarted server (in the test's own
 * process: only the crash needs a process of its own) answers. Each is settled exactly once and nothing is lost.
 * On PostgreSQL both transactions are stalled at the kill; on PGlite (an on-disk data directory, one connection)
 * the first stalls and the other waits behind it.
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
      return { target: { ...db.target, poolSize: 6 } as DbTarget, open: async () => ({ ...db, close: async () => undefined }) };
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'payments-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const target: DbTarget = { kind: 'pglite', dataDir: path.join(dir, 'data') };
    // The on-disk database starts as a copy of the migrated template (global-setup.ts), as every test database does.
    const db = await connectDb({ ...target, from: new Blob([readFileSync(pgliteTemplate())]) });
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    // The first to open it gets this connection: a PGlite start saved.
    let seeded: Db | undefined = db;
    const open = async () => {
      const first = seeded;
      seeded = undefined;
      return first ?? connectDb(target);
    };
    return { target, open };
  }

  /** The app on `db`, in this process, listening on `port` (0: not listening). */
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

  it('credits a deposit and posts a payout once each after a SIGKILL between their callbacks and the commit', {
    timeout: 300_000,
  }, async () => {
    const __t0 = performance.now();
    const { target, open } = await database();
    const secret = newSecret();
    // Retries for minutes: the restarted server may take long to start on a loaded machine.
    const psp = await spawnTestPsp({ secrets: [secret], retryMs: [300, ...Array.from({ length: 480 }, () => 500)] });
    cleanups.push(() => psp.stop());
    const port = await freePort();
    await psp.control('/control/merchants', {
      merchantId: DEMO_MERCHANT,
      callbackUrl: `http://127.0.0.1:${port}${callbackPath(TESTPSP)}`,
    });

    const first = await startWorker([JSON.stringify(target), String(port), psp.url, secret, 'deposit_orders,withdrawals']);
    cleanups.push(() => void first.child.kill('SIGKILL'));

    // Before the crash: a deposit order waiting for its payment, and an approved withdrawal whose payout job is due.
    const before = await inProcess(await open(), psp.url, secret, 0);
    const kysely = before.services.db;
    const channel = await payoutChannel(kysely, TESTPSP);
    const player = await gatewayPlayer(kysely);
    const created = await before.app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: player.headers,
      payload: { channel, amountMinor: AMOUNT.toString(), requestId: randomUUID() },
    });
    const order = created.json().value as DepositOrder;
    expect(order.status).toBe('pending');
    const action = order.payment?.action;
    if (action?.kind !== 'redirect') throw new Error('no provider page');
    const withdrawal = await pendingWithdrawal(kysely, before.services.withdrawals, 500_000n, AMOUNT);
    await before.services.withdrawals.approve(DEMO_MERCHANT, withdrawal.id, 'staff:crash-test');
    await before.app.close();

    // The crashing server takes the payout job as it starts; the payer pays the deposit meanwhile.
    await first.listen();
    await psp.control('/control/pay', { paymentId: psp.paymentIdOf(action.url) });
    if (ON_POSTGRES) await Promise.all([first.line('stalled deposit_orders'), first.line('stalled withdrawals')]);
    else await first.line('stalled');
    first.child.kill('SIGKILL');
    await first.exited;

    const restarted = await inProcess(await open(), psp.url, secret, port);
    try {
      await psp.idle();
    } finally {
      await restarted.app.close();
    }

    const after = await open();
    try {
      expect(await creditsOf(after.kysely, order.id)).toBe(1);
      expect(await mainBalance(after.kysely, player.member.id)).toBe(AMOUNT);
      expect((await callbacksOf(after.kysely, order.id)).map((row) => `${row.event}:${row.outcome}`)).toEqual([
        'processing:ignored',
        'completed:credited',
      ]);
      const status = await after.kysely
        .selectFrom('deposit_orders')
        .select('status')
        .where('id', '=', BigInt(order.id))
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('approved');

      expect(await withdrawalState(after.kysely, withdrawal.id)).toEqual({
        status: 'awaiting_confirmation',
        reject_reason: null,
      });
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
