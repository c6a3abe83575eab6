// The stand-in payment provider (apps/test-psp) the server under test was started with: its control calls, which
// switch how it behaves (fail, hold callbacks…). scripts/serve-for-e2e.sh writes its URL beside DATA_DIR.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eEnv } from './env.js';

const pspUrl = () => readFileSync(join(e2eEnv.dataDir, '..', 'psp-url'), 'utf8').trim();

export async function pspControl(path: string, body: Record<string, unknown> = {}): Promise<void> {
  const response = await fetch(`${pspUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`TESTPSP ${path}: HTTP ${response.status}`);
}

/** Every switch off: payments and payouts complete, callbacks go out at once. */
export const pspBehavesNormally = () => pspControl('/control/behaviour', {});
