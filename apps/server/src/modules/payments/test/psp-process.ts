import { randomBytes } from 'node:crypto';
import { spawnStandIn } from '../../../test/stand-in-process.js';

export const newSecret = () => randomBytes(32).toString('hex');

export interface HeldCallback {
  paymentId: string;
  event: string;
  body: string;
  headers: Record<string, string>;
}

export type TestPsp = Awaited<ReturnType<typeof spawnTestPsp>>;

/**
 * TESTPSP (apps/test-psp) as its own process: our adapter meets it over real sockets, real retries and real
 * time-outs. Callback retries are quick here (`retryMs`), as a test needs.
 */
export async function spawnTestPsp(options: { secrets: string[]; retryMs?: number[]; callbackUrl?: string }) {
  const psp = await spawnStandIn({
    name: 'TESTPSP',
    main: 'apps/test-psp/src/main.ts',
    readyKey: 'testPsp',
    env: {
      TESTPSP_SECRETS: options.secrets.join(','),
      TESTPSP_PORT: '0',
      TESTPSP_HOST: '127.0.0.1',
      TESTPSP_RETRY_MS: (options.retryMs ?? [100, 200, 400, 800]).join(','),
      ...(options.callbackUrl ? { TESTPSP_CALLBACK_URL: options.callbackUrl } : {}),
    },
  });
  return {
    ...psp,
    behave: (behaviour: Record<string, unknown> = {}) => psp.control('/control/behaviour', behaviour),
    /** Waits until every callback in flight was answered or gave up. */
    idle: () => psp.control('/control/idle', {}),
    held: async () => (await psp.control<{ held: HeldCallback[] }>('/control/held', {})).held,
    paymentIdOf: (redirectUrl: string) => redirectUrl.slice(redirectUrl.lastIndexOf('/') + 1),
  };
}
