import { serveUntilSignalled } from '@tessera/stand-in/http-server';
import { createTestVendor } from './server.js';

/**
 * `npm start -w @tessera/test-vendor`: TESTV_SECRET (shared with the operator's VENDOR_TESTV_SECRET), TESTV_PORT
 * (0 = any free port), TESTV_HOST, TESTV_WALLET_URL (the operator's callback base, e.g.
 * http://127.0.0.1:8080/vendors/TESTV/wallet). Prints one JSON line with its URL once it listens.
 */
const secret = process.env.TESTV_SECRET ?? '';
if (secret.length < 32) {
  console.error('TESTV_SECRET must be at least 32 characters');
  process.exit(1);
}
const vendor = createTestVendor({
  secret,
  host: process.env.TESTV_HOST ?? '127.0.0.1',
  port: Number(process.env.TESTV_PORT ?? 0),
  defaultWalletUrl: process.env.TESTV_WALLET_URL,
});
await serveUntilSignalled('testVendor', vendor);
