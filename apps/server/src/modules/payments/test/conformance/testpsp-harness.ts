import { createTestApp } from '../../../../test/test-app.js';
import { TESTPSP } from '../../adapters/testpsp.js';
import { callbackPath } from '../../routes.js';
import { payoutChannel } from '../kit.js';
import { newSecret, spawnTestPsp } from '../psp-process.js';
import type { GatewayHarness } from './harness.js';

/** TESTPSP over HTTP: apps/test-psp in its own process, our app on a real port. */
export async function testPspHarness(): Promise<GatewayHarness> {
  const secrets = { first: newSecret(), second: newSecret(), unknown: newSecret() };
  const psp = await spawnTestPsp({ secrets: [secrets.first] });
  try {
    const t = await createTestApp({
      env: { PSP_TESTPSP_URL: psp.url, PSP_TESTPSP_SECRETS: `${secrets.first},${secrets.second}` },
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await psp.control('/control/merchants', { merchantId: 'demo', callbackUrl: `${base}${callbackPath(TESTPSP)}` });
    const channel = await payoutChannel(t.db.kysely, TESTPSP);
    const paymentIdOf = (order: { payment: { action: { kind: string } } | null }) => {
      const action = order.payment?.action;
      if (action?.kind !== 'redirect' || !('url' in action)) throw new Error('the order has no provider page');
      return psp.paymentIdOf(String(action.url));
    };
    return {
      t,
      provider: TESTPSP,
      channel,
      callbackPath: callbackPath(TESTPSP),
      secrets,
      pay: async (order, outcome = 'confirm') => {
        await psp.control('/control/pay', { paymentId: paymentIdOf(order), outcome });
      },
      settle: async () => {
        await psp.idle();
      },
      misbehave: async (switches) => {
        await psp.behave({ ...switches });
      },
      held: async () => (await psp.held()).map(({ body, headers }) => ({ body, headers })),
      release: async () => {
        await psp.control('/control/release', {});
      },
      replay: async (order, ageSeconds) =>
        (await psp.control<{ httpStatus: number }>('/control/replay', { paymentId: paymentIdOf(order), ageSeconds })).httpStatus,
      answered: async (order) =>
        (await psp.control<{ sent: { httpStatus: number }[] }>(`/control/sent?paymentId=${paymentIdOf(order)}`)).sent.map(
          (entry) => entry.httpStatus,
        ),
      stranger: async (entry) => {
        await psp.control('/control/statement-entry', entry);
        return { reference: entry.reference };
      },
      // The provider signs with the new secret and still accepts our requests under the first, as during a rotation.
      signWith: async (secret) => {
        await psp.control('/control/secrets', { secrets: [secret, secrets.first] });
      },
      close: async () => {
        await psp.stop();
        await t.close();
      },
    };
  } catch (error) {
    await psp.stop();
    throw error;
  }
}
