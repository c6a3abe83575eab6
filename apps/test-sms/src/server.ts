import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  id: number;
  to: string;
  text: string;
  merchant: string;
}

const BODY_MAX_BYTES = 16 * 1024;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const answer = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** TESTSMS: accepts sends with the bearer token, keeps them, and fails the next few on demand. */
export function createTestSms(options: { token: string; host: string; port: number }) {
  const sent: ReceivedSms[] = [];
  const refused: { status: number; body: Record<string, unknown> | null }[] = [];
  let failing = { left: 0, status: 503 };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/send') {
      const body = await readJson(request);
      if (request.headers.authorization !== `Bearer ${options.token}`) {
        refused.push({ status: 401, body });
        return answer(response, 401, { status: 'UNAUTHORIZED' });
      }
      const to = typeof body?.to === 'string' ? body.to : '';
      const text = typeof body?.text === 'string' ? body.text : '';
      if (!/^\+[0-9]{8,15}$/.test(to) || text.length < 1 || text.length > 1000) {
        refused.push({ status: 400, body });
        return answer(response, 400, { status: 'INVALID' });
      }
      if (failing.left > 0) {
        failing.left -= 1;
        refused.push({ status: failing.status, body });
        return answer(response, failing.status, { status: 'UNAVAILABLE' });
      }
      const received = { id: sent.length + 1, to, text, merchant: typeof body?.merchant === 'string' ? body.merchant : '' };
      sent.push(received);
      return answer(response, 200, { status: 'OK', id: received.id });
    }
    if (request.method === 'POST' && url.pathname === '/control/behaviour') {
      const body = (await readJson(request)) ?? {};
      failing = {
        left: Number.isInteger(body.fail) ? Number(body.fail) : 0,
        status: Number.isInteger(body.status) ? Number(body.status) : 503,
      };
      return answer(response, 200, { status: 'OK' });
    }
    if (request.method === 'GET' && url.pathname === '/control/sent') return answer(response, 200, { sent });
    if (request.method === 'GET' && url.pathname === '/control/refused') return answer(response, 200, { refused });
    return answer(response, 404, { status: 'NOT_FOUND' });
  });

  return {
    async listen(): Promise<string> {
      server.listen(options.port, options.host);
      await once(server, 'listening');
      return `http://${options.host}:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
