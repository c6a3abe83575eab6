import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { appWithLogLines } from '../test/logged-app.js';
import { installSlowWorkLog } from './slow-work.js';

async function appWithLog() {
  const { app, messages } = appWithLogLines();
  installSlowWorkLog(app, { slowRequestMs: 100, stallMs: 300 });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow/:id', async () => {
    await sleep(150);
    return { ok: true };
  });
  app.get('/stream', async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    await sleep(150);
    reply.raw.end();
  });
  await app.ready();
  return { app, messages };
}

describe('slow work log', () => {
  let close: () => Promise<unknown> = async () => {};
  afterEach(() => close());

  it('logs a slow request by its route pattern and duration, and nothing for fast ones or streams', async () => {
    const { app, messages } = await appWithLog();
    close = () => app.close();
    await app.inject('/fast');
    await app.inject({ url: '/stream', headers: { accept: 'text/event-stream' } });
    await app.inject('/slow/42');
    const slow = messages('slow request');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ method: 'GET', route: '/slow/:id', statusCode: 200, level: 40 });
    expect(slow[0]?.ms).toBeGreaterThanOrEqual(100);
  });

  it('logs how long the event loop was blocked', async () => {
    const { app, messages } = await appWithLog();
    close = () => app.close();
    const until = performance.now() + 700;
    while (performance.now() < until) {
      // holds the event loop, as a long synchronous statement on embedded PGlite would
    }
    await sleep(400);
    // The tick due during the 700 ms block ran at least 450 ms late (ticks are 250 ms apart).
    const longest = Math.max(...messages('event loop stalled').map((line) => Number(line.ms)));
    expect(longest).toBeGreaterThanOrEqual(450);
  });
});
