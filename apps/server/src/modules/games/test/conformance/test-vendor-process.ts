import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import { createTestApp } from '../../../../test/test-app.js';
import { importCatalogue } from '../../../catalogue/import.js';
import { TESTV_WALLET_PATH } from '../../adapters/test-vendor-callbacks.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../../..');
const START_TIMEOUT_MS = 15_000;

/**
 * TESTV as its own process (apps/test-vendor, run through tsx) on a free port, and our real app listening on a
 * real port so the vendor can call it back: the two talk HTTP exactly as in production. The vendor's catalogue
 * is imported for the demo merchant.
 */
export async function startWithTestVendor() {
  const secret = randomBytes(32).toString('hex');
  const vendor = await spawnTestVendor(secret);
  try {
    const t = await createTestApp({ env: { VENDOR_TESTV_URL: vendor.url, VENDOR_TESTV_SECRET: secret } });
    const ourUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const catalogue = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/test-vendor/catalogue.json'), 'utf8'));
    await importCatalogue(t.db.kysely, DEMO_MERCHANT, catalogue);
    await vendor.control('/control/operators', { operatorId: DEMO_MERCHANT, walletUrl: `${ourUrl}${TESTV_WALLET_PATH}` });
    return {
      t,
      vendor,
      secret,
      close: async () => {
        await vendor.stop();
        await t.close();
      },
    };
  } catch (error) {
    await vendor.stop();
    throw error;
  }
}

async function spawnTestVendor(secret: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/test-vendor/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TESTV_SECRET: secret, TESTV_PORT: '0', TESTV_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await firstLine(child);
  return {
    url,
    async control(pathname: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
      const response = await fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`TESTV ${pathname}: HTTP ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('TESTV did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`TESTV exited with ${code}`)));
    if (!child.stdout) return reject(new Error('TESTV has no stdout'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { testVendor: string }).testVendor);
    });
  });
}
