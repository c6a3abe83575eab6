import type { FastifyInstance } from 'fastify';

/** A request slower than this is logged: a player is waiting on it, and the log says which route and how long. */
const SLOW_REQUEST_MS = 2000;
/** How often the event-loop watch ticks, and how late a tick must be before the stall is logged. */
const TICK_MS = 250;
const STALL_MS = 1000;

const isEventStream = (accept: string | undefined) => accept?.includes('text/event-stream') === true;

export interface SlowWorkOptions {
  slowRequestMs?: number;
  stallMs?: number;
}

/**
 * Logs, at warn level (what production and the e2e server keep), the two ways players end up waiting with nothing
 * else in the log: a request answered after `slowRequestMs`, and the process's event loop stalled for `stallMs`
 * (with embedded PGlite every query runs on that loop, so a long statement freezes every request at once).
 * Event streams (the live notification feed) are long by design and not reported: their clients ask for them
 * with `Accept: text/event-stream`.
 */
export function installSlowWorkLog(app: FastifyInstance, options: SlowWorkOptions = {}) {
  const slowRequestMs = options.slowRequestMs ?? SLOW_REQUEST_MS;
  const stallMs = options.stallMs ?? STALL_MS;

  app.addHook('onResponse', (request, reply, done) => {
    if (reply.elapsedTime >= slowRequestMs && !isEventStream(request.headers.accept)) {
      request.log.warn(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'slow request',
      );
    }
    done();
  });

  let expected = performance.now() + TICK_MS;
  const watch = setInterval(() => {
    const late = performance.now() - expected;
    expected = performance.now() + TICK_MS;
    if (late >= stallMs) app.log.warn({ ms: Math.round(late) }, 'event loop stalled');
  }, TICK_MS).unref();
  app.addHook('onClose', async () => clearInterval(watch));
}
