// API throughput: req/s and latency of our routes on the built server, next to a bare Fastify hello
// route measured in the same run (the ratio is what to compare across runs on a shared machine).
//   BENCH_BASE_URL   the built server (scripts/bench.sh starts it; required)
//   BENCH_DURATION   seconds per scenario (default 10)   BENCH_WARMUP (default 3)   BENCH_CONNECTIONS (default 32)
//   BENCH_SCENARIOS  comma-separated scenario names to run (default: all; the bare route always runs)
import { availableParallelism, loadavg } from 'node:os';
import { loginScenario, memberInfoScenario, registerMembers } from './lib/accounts.js';
import { startBareFastify } from './lib/bare-fastify.js';
import { type LoadResult, loadSettingsFromEnv, measure, type Scenario, toRow } from './lib/load.js';
import { printTable, writeResult } from './lib/report.js';

const baseURL = process.env.BENCH_BASE_URL;
if (!baseURL) throw new Error('BENCH_BASE_URL is not set (scripts/bench.sh starts the server and sets it)');

const settings = loadSettingsFromEnv();
const bare = await startBareFastify();
try {
  // Separate members for the two account scenarios: a login ends that member's previous session.
  const readers = await registerMembers(baseURL, settings.connections);
  const loginMembers = await registerMembers(baseURL, settings.connections);
  // argon2id caps logins far below reads; seal enough bodies for a generous upper bound of that rate.
  const loginBodies = Math.ceil((settings.durationSeconds + settings.warmupSeconds) * 400);
  const scenarios: Scenario[] = [
    { name: 'bare fastify hello', request: { url: bare.url } },
    { name: 'GET /wps/system/status', request: { url: new URL('/wps/system/status', baseURL).href } },
    memberInfoScenario(
      baseURL,
      readers.map((member) => member.token),
    ),
    await loginScenario(
      baseURL,
      loginMembers.map((member) => member.username),
      loginBodies,
    ),
  ];
  const only = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
  const selected = only ? scenarios.filter((s) => only.includes(s.name) || s.name === 'bare fastify hello') : scenarios;

  console.log(
    `api-throughput: ${settings.connections} connections, ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per scenario, server ${baseURL}`,
  );
  console.log(
    `  load average before: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );
  const results: LoadResult[] = [];
  for (const scenario of selected) {
    process.stdout.write(`  measuring ${scenario.name}… `);
    const result = await measure(scenario, settings);
    console.log(`${Math.round(result.requestsPerSecond)} req/s${result.valid ? '' : ' (INVALID: errors or non-2xx)'}`);
    results.push(result);
  }
  const baseline = results.find((r) => r.name === 'bare fastify hello');
  printTable(
    'API throughput',
    results.map((r) => toRow(r, baseline)),
  );
  writeResult('api-throughput', { settings, server: baseURL, results });
  if (results.some((r) => !r.valid)) {
    console.error('\napi-throughput: some scenarios had errors, timeouts or non-2xx answers');
    process.exitCode = 1;
  }
} finally {
  await bare.close();
}
