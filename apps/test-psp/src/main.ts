import { serveUntilSignalled } from '@tessera/stand-in/http-server';
import { createTestPsp } from './server.js';

/**
 * `npm start -w @tessera/test-psp`: TESTPSP_SECRETS (comma-separated, each 32+ characters; shared with the
 * operator's PSP_TESTPSP_SECRETS), TESTPSP_PORT (0 = any free port), TESTPSP_HOST, TESTPSP_CALLBACK_URL (the
 * operator's callback, e.g. http://127.0.0.1:8080/payments/testpsp/callback), TESTPSP_RETRY_MS (comma-separated
 * waits between callback retries). Prints one JSON line with its URL once it listens.
 */
const secrets = (process.env.TESTPSP_SECRETS ?? '').split(',').filter(Boolean);
if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
  console.error('TESTPSP_SECRETS must hold one or two secrets of at least 32 characters');
  process.exit(1);
}
const retry = process.env.TESTPSP_RETRY_MS?.split(',').map(Number);
const psp = createTestPsp({
  secrets,
  host: process.env.TESTPSP_HOST ?? '127.0.0.1',
  port: Number(process.env.TESTPSP_PORT ?? 0),
  defaultCallbackUrl: process.env.TESTPSP_CALLBACK_URL,
  ...(retry?.every((ms) => Number.isInteger(ms) && ms >= 0) ? { retryDelaysMs: retry } : {}),
});
await serveUntilSignalled('testPsp', psp);
