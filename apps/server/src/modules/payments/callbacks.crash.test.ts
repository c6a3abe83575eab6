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
import { connectDb, type Db, type DbTarget } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { createTestDb } from '../../test/test-db.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { TESTPSP } from './adapters/testpsp.js';
import { callbackPath } from './routes.js';
import { callbacksOf, creditsOf, gatewayChannel, gatewayPlayer, mainBalance } from './test/kit.js';
import { newSecret, spawnTestPsp } from './test/psp-process.js';

const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const AMOUNT = 330_000n;
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const worker = fileURLToPath(new URL('./test/callback-worker.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The app in its own process; resolves once it listens. `lines` collects what it prints. */
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
 * The server is SIGKILLed while it settles an order from the provider's callback, after the ledger credit was
 * written and before the commit; the provider retries until a restarted server answers. The order is credited
 * exactly once and nothing is lost. On PGlite the server runs on an on-disk data directory.
 */
describe('a payment callback across a crash', () => {
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

  it('credits once after a SIGKILL between the callback and its commit', { timeout: 300_000 }, async () => {
    const { target, open } = await database();
    let db = await open();
    const player = await gatewayPlayer(db.kysely);
    const channel = await gatewayChannel(db.kysely, TESTPSP);
    await db.close();

    const secret = newSecret();
    // Retries for minutes: the restarted server may take long to boot on a loaded machine.
    const retryMs = [300, 600, 1000, 2000, ...Array.from({ length: 60 }, () => 4000)];
    const psp = await spawnTestPsp({ secrets: [secret], retryMs });
    cleanups.push(() => psp.stop());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    await psp.control('/control/merchants', { merchantId: 'demo', callbackUrl: `${base}${callbackPath(TESTPSP)}` });
    const args = [JSON.stringify(target), String(port), psp.url, secret];

    const first = await startWorker([...args, 'stall']);
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
    await first.line('stalled');
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startWorker([...args, 'run']);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    await psp.idle();
    second.child.kill('SIGTERM');
    await second.exited;

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
});
