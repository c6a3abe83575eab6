// A built static site (the bare React shell of bench/web-shell) served as the player site's server serves its
// build (apps/server/src/platform/web-app.ts): the build's precompressed .br/.gz files as they are, the page
// itself compressed when sent (brotli at quality 4, else gzip), in a worker thread so the bench's own work does not
// delay its answers.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ON_THE_FLY_BROTLI } from '../../apps/server/src/platform/compression.js';

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

export async function serveStaticSite(root: string): Promise<StaticSite> {
  const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    const path = require('node:path');
    const zlib = require('node:zlib');
    const app = require(workerData.fastify)({ logger: false });
    const page = fs.readFileSync(path.join(workerData.root, 'index.html'), 'utf8');
    app.register(require(workerData.fastifyStatic), {
      root: workerData.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        const asset = path.relative(workerData.root, file).startsWith('assets' + path.sep);
        reply.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (/\\bbr\\b/.test(accepted)) return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(page, workerData.brotli));
      if (/\\bgzip\\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(page));
      return reply.send(page);
    });
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      parentPort.postMessage(app.server.address().port);
      parentPort.on('message', () => app.close().then(() => process.exit(0)));
    }, (error) => { throw error; });
    `,
    {
      eval: true,
      workerData: {
        root,
        fastify: require.resolve('fastify'),
        fastifyStatic: require.resolve('@fastify/static'),
        brotli: ON_THE_FLY_BROTLI,
      },
    },
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
