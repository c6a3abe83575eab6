import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Json = Record<string, unknown>;

/** Handles one request whose body was read in full (as UTF-8 text). */
export type StandInRoute = (request: IncomingMessage, response: ServerResponse, raw: string) => Promise<void>;

const MAX_BODY_BYTES = 64 * 1024;

/**
 * A stand-in party's HTTP server: reads each body whole (a larger one than 64 KiB ends the connection), hands it
 * to `route`, answers 500 `INTERNAL_ERROR` when the route throws, and listens where the options say (port 0: any
 * free port). `close` ends open connections first, so a test's stop never waits for a hanging answer.
 */
export function createStandInServer(options: { host?: string; port?: number }, route: StandInRoute) {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      route(request, response, Buffer.concat(chunks).toString('utf8')).catch(() =>
        send(response, 500, { status: 'INTERNAL_ERROR' }),
      );
    });
  });
  const baseUrl = () => `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    async listen(): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, host, resolve);
      });
      return baseUrl();
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON object, or null for anything else (bad JSON, an array, a scalar). */
export function parseJson(raw: string): Json | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

export function send(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

/** Starts a stand-in from its `main.ts`: prints `{"<key>": "<url>"}` once it listens and stops on SIGTERM/SIGINT. */
export async function serveUntilSignalled(key: string, party: { listen(): Promise<string>; close(): Promise<void> }) {
  const url = await party.listen();
  console.log(JSON.stringify({ [key]: url }));
  const stop = () => void party.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
