import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import { spawnStandIn } from '../../../../test/stand-in-process.js';
import { createTestApp } from '../../../../test/test-app.js';
import { importCatalogue } from '../../../catalogue/import.js';
import { TESTV_WALLET_PATH } from '../../adapters/test-vendor-callbacks.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../../..');

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

function spawnTestVendor(secret: string) {
  return spawnStandIn({
    name: 'TESTV',
    main: 'apps/test-vendor/src/main.ts',
    readyKey: 'testVendor',
    env: { TESTV_SECRET: secret, TESTV_PORT: '0', TESTV_HOST: '127.0.0.1' },
  });
}
