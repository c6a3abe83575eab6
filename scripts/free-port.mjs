#!/usr/bin/env node
// Print free TCP port(s) on 127.0.0.1, one per line: `node scripts/free-port.mjs [count]`.
// The kernel picks each port (listen on 0); all sockets stay open until every port is chosen, so the
// ports printed are distinct. There is an unavoidable window between printing and use: callers must
// start their server with the exact port (no fallback) and fail loudly if it is taken.
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

export async function freePorts(count = 1, host = '127.0.0.1') {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, host, resolve);
      });
      servers.push(server);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number.parseInt(process.argv[2] ?? '1', 10);
  if (!Number.isInteger(count) || count < 1) {
    console.error('usage: free-port.mjs [count]');
    process.exit(2);
  }
  for (const port of await freePorts(count)) process.stdout.write(`${port}\n`);
}
