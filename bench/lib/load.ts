// One HTTP load scenario measured with autocannon; later benchmarks (login, ledger, …) add scenarios.
import autocannon, { type Options } from 'autocannon';
import type { Row } from './report.js';

export interface Scenario {
  name: string;
  request: Omit<Options, 'connections' | 'duration'>;
  /** Responses other than 2xx make the result invalid unless this is set. */
  allowNon2xx?: boolean;
}

export interface LoadSettings {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

/** BENCH_DURATION (seconds, default 10), BENCH_WARMUP (seconds, default 3), BENCH_CONNECTIONS (default 32). */
export function loadSettingsFromEnv(): LoadSettings {
  return {
    durationSeconds: positive('BENCH_DURATION', 10),
    warmupSeconds: positive('BENCH_WARMUP', 3),
    connections: positive('BENCH_CONNECTIONS', 32),
  };
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  valid: boolean;
}

/** `afterWarmup` runs when the counted part starts (e.g. to read the CPU clocks the load is charged by). */
export async function measure(
  scenario: Scenario,
  settings: LoadSettings,
  afterWarmup?: () => void | Promise<void>,
): Promise<LoadResult> {
  // A warm-up that is not counted: JIT, connection pools, caches (a fresh server is several times slower
  // in its first seconds).
  await autocannon({ ...scenario.request, connections: settings.connections, duration: settings.warmupSeconds });
  await afterWarmup?.();
  const r = await autocannon({
    ...scenario.request,
    connections: settings.connections,
    duration: settings.durationSeconds,
  });
  const non2xx = r.non2xx;
  return {
    name: scenario.name,
    url: scenario.request.url,
    requestsPerSecond: r.requests.average,
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      average: r.latency.average,
    },
    requests: r.requests.total,
    non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    valid: r.errors === 0 && r.timeouts === 0 && (scenario.allowNon2xx || non2xx === 0) && r.requests.total > 0,
  };
}

export function toRow(r: LoadResult, baseline?: LoadResult): Row {
  return {
    scenario: r.name,
    'req/s': Math.round(r.requestsPerSecond),
    'vs bare': baseline ? `${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%` : null,
    'p50 ms': r.latencyMs.p50,
    'p99 ms': r.latencyMs.p99,
    'max ms': r.latencyMs.max,
    requests: r.requests,
    'non-2xx': r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
