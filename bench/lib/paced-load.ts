// A latency target "at N req/s" measured as that rate: request i is due at start + i/N seconds, whatever the answers
// before it, and its latency runs from when it was due (not from when a free connection sent it), so a server that
// falls behind is charged for the wait. autocannon's `overallRate` cannot measure this: each connection sends its
// share of a second back to back when the second starts (bursts at full concurrency), and its coordinated-omission
// correction takes 1/rate seconds for milliseconds, adding a synthetic sample for every millisecond of each answer.
import http from 'node:http';
import type { LoadResult } from './load.js';

export interface PacedRequest {
  url: string;
  headers: Record<string, string>;
}

export interface PacedSettings {
  ratePerSecond: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Keep-alive connections the requests share (more are never opened). */
  connections: number;
}

interface Run {
  latencies: number[];
  non2xx: number;
  errors: number;
  seconds: number;
}

/** The request of each slot: `pick(i)` lets a scenario vary it (e.g. one of many sessions). */
export async function measurePaced(
  name: string,
  pick: (i: number) => PacedRequest,
  settings: PacedSettings,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.connections });
  try {
    await run(agent, pick, settings.ratePerSecond, settings.warmupSeconds);
    const measured = await run(agent, pick, settings.ratePerSecond, settings.durationSeconds);
    const sorted = Float64Array.from(measured.latencies).sort();
    const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
    const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
    const requests = measured.latencies.length + measured.non2xx + measured.errors;
    return {
      name,
      url: pick(0).url,
      requestsPerSecond: requests / measured.seconds,
      latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: round(sorted[sorted.length - 1] ?? 0), average: round(mean) },
      requests,
      non2xx: measured.non2xx,
      errors: measured.errors,
      timeouts: 0,
      valid: measured.errors === 0 && measured.non2xx === 0 && requests > 0,
    };
  } finally {
    agent.destroy();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Sends `rate × seconds` requests on their schedule and waits for every answer. */
function run(agent: http.Agent, pick: (i: number) => PacedRequest, rate: number, seconds: number): Promise<Run> {
  const total = Math.round(rate * seconds);
  const result: Run = { latencies: [], non2xx: 0, errors: 0, seconds };
  const start = performance.now();
  let sent = 0;
  let answered = 0;
  return new Promise((resolve) => {
    const settle = () => {
      answered += 1;
      if (answered === total) {
        result.seconds = (performance.now() - start) / 1000;
        resolve(result);
      }
    };
    const send = (i: number, due: number) => {
      const { url, headers } = pick(i);
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) result.latencies.push(performance.now() - due);
          else result.non2xx += 1;
          settle();
        });
      });
      request.on('error', () => {
        result.errors += 1;
        settle();
      });
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        send(sent, start + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
    };
    tick();
  });
}
