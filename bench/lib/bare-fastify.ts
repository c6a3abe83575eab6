// A bare Fastify 5 "hello world" in a worker thread of the bench process: the baseline that shows what
// the framework and the loopback network cost on this machine, measured in the same run as our routes.
// A worker thread keeps its event loop away from autocannon's, which runs on the main thread.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

export async function startBareFastify(): Promise<BareServer> {
  // Resolve the same fastify the server uses (apps/server's dependency, hoisted or not).
  const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
  const fastifyEntry = require.resolve('fastify');
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const fastify = require(workerData.fastifyEntry)({ logger: false });
    fastify.get('/', async () => ({ hello: 'world' }));
    fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      parentPort.postMessage(fastify.server.address().port);
      parentPort.on('message', (msg) => { if (msg === 'close') fastify.close().then(() => process.exit(0)); });
    }, (err) => { throw err; });
    `,
    { eval: true, workerData: { fastifyEntry } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      await worker.terminate();
    },
  };
}
