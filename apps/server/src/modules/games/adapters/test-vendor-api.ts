import type { VendorEndpoint } from '../../../platform/config.js';
import { VendorUnreachable } from '../vendor.js';
import { hmacSignature } from './hmac-signature.js';

/** Our calls to TESTV give up after this long: the launch waits for it, and transfer mode reconciles later. */
const CALL_TIMEOUT_MS = 5000;

export const TESTV_TIMESTAMP_HEADER = 'x-testv-timestamp';
export const TESTV_SIGNATURE_HEADER = 'x-testv-signature';

export type TestVendorAnswer = Record<string, unknown> & { status: string };

/**
 * One signed POST to TESTV's API (apps/test-vendor/README.md). Answers the vendor's JSON for any definite
 * answer (2xx or 4xx); a timeout, a network error, a 5xx or an unreadable body is `VendorUnreachable`.
 */
export async function callTestVendor(
  endpoint: VendorEndpoint,
  path: string,
  body: Record<string, string>,
): Promise<TestVendorAnswer> {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TESTV_TIMESTAMP_HEADER]: String(timestamp),
        [TESTV_SIGNATURE_HEADER]: hmacSignature(endpoint.secret, timestamp, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new VendorUnreachable(`TESTV ${path}: ${(error as Error).message}`);
  }
  if (response.status >= 500) throw new VendorUnreachable(`TESTV ${path}: HTTP ${response.status}`);
  const answer = (await response.json().catch(() => null)) as TestVendorAnswer | null;
  if (!answer || typeof answer.status !== 'string') throw new VendorUnreachable(`TESTV ${path}: unreadable answer`);
  return answer;
}
