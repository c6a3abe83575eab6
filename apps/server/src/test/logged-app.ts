import { Writable } from 'node:stream';
import Fastify from 'fastify';

/** A bare Fastify app logging at warn, as production does, into `lines` (one parsed JSON object per line). */
export function appWithLogLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  return { app, lines, messages: (msg: string) => lines.filter((line) => line.msg === msg) };
}
