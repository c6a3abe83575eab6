// API throughput: req/s and latency of our routes on the built server, next to a bare Fastify hello
// route measured in the same run (the ratio is what to compare across runs on a shared machine).
//   BENCH_BASE_URL     the built server on PGlite (scripts/bench.sh starts it; required)
//   BENCH_PG_BASE_URL  the same build on PostgreSQL (optional; bench.sh starts one on a throwaway cluster):
//                      the account scenarios (argon2id login, token-checked member info and balance) run there too
//   BENCH_DURATION   seconds per scenario (default 10)   BENCH_WARMUP (default 3)   BENCH_CONNECTIONS (default 32)
//   BENCH_SCENARIOS  comma-separated scenario names to run (default: all; the bare route always runs)
import { availableParallelism, loadavg } from 'node:os';
import { getMemberInfo } from '@tessera/contract/api/accounts';
import { getBalance } from '@tessera/contract/api/wallet';
import { loginScenario, registerMembers, tokenReadScenario } from './lib/accounts.js';
import { startBareFastify } from './lib/bare-fastify.js';
import { type LoadResult, loadSettingsFromEnv, measure, type Scenario, toRow } from './lib/load.js';
import { measurePaced } from './lib/paced-load.js';
import { printTable, writeResult } from './lib/report.js';

const baseURL = process.env.BENCH_BASE_URL;
if (!baseURL) throw new Error('BENCH_BASE_URL is not set (scripts/bench.sh starts the server and sets it)');
const pgBaseURL = process.env.BENCH_PG_BASE_URL || undefined;

const settings = loadSettingsFromEnv();

/** A scenario made just before it is measured: sealed login bodies expire two minutes after sealing. */
type Plan = { name: string } & ({ make: () => Scenario | Promise<Scenario> } | { paced: () => Promise<LoadResult> });

/** The issue's latency target is the balance call's p99 at this steady rate (lib/paced-load.ts), not at saturation. */
const BALANCE_RATE = 1000;
const BALANCE_AT_RATE = `GET /wps/v2/wallets/balance at ${BALANCE_RATE.toLocaleString('en-US')} req/s (token, PostgreSQL)`;

/** Login and member-info on one server; separate members for each, since a login ends the member's older session. */
async function accountPlans(url: string, database: string): Promise<Plan[]> {
  const readers = await registerMembers(url, settings.connections);
  const loginMembers = await registerMembers(url, settings.connections);
  // argon2id caps logins far below reads; seal enough bodies for a generous upper bound of that rate.
  const loginBodies = Math.ceil((settings.durationSeconds + settings.warmupSeconds) * 400);
  const named = (name: string, scenario: Scenario): Scenario => ({ ...scenario, name });
  const tokens = readers.map((m) => m.token);
  const infoName = `GET /wps/member/info (token, ${database})`;
  const balanceName = `GET /wps/v2/wallets/balance (token, ${database})`;
  const loginName = `POST /wps/session/login (argon2id, ${database})`;
  return [
    {
      name: infoName,
      make: () => named(infoName, tokenReadScenario(url, getMemberInfo.path, tokens)),
    },
    {
      name: balanceName,
      make: () => named(balanceName, tokenReadScenario(url, getBalance.path, tokens)),
    },
    ...(database === 'PostgreSQL'
      ? [
          {
            name: BALANCE_AT_RATE,
            paced: () => {
              const balanceUrl = new URL(getBalance.path, url).href;
              const pick = (i: number) => ({ url: balanceUrl, headers: { authorization: tokens[i % tokens.length] as string } });
              return measurePaced(BALANCE_AT_RATE, pick, { ...settings, ratePerSecond: BALANCE_RATE });
            },
          },
        ]
      : []),
    {
      name: loginName,
      make: async () =>
        named(
          loginName,
          await loginScenario(
            url,
            loginMembers.map((m) => m.username),
            loginBodies,
          ),
        ),
    },
  ];
}

const bare = await startBareFastify();
try {
  const plans: Plan[] = [
    { name: 'bare fastify hello', make: () => ({ name: 'bare fastify hello', request: { url: bare.url } }) },
    {
      name: 'GET /wps/system/status',
      make: () => ({ name: 'GET /wps/system/status', request: { url: new URL('/wps/system/status', baseURL).href } }),
    },
    ...(await accountPlans(baseURL, 'PGlite')),
    ...(pgBaseURL ? await accountPlans(pgBaseURL, 'PostgreSQL') : []),
  ];
  const only = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
  const selected = only ? plans.filter((p) => only.includes(p.name) || p.name === 'bare fastify hello') : plans;

  console.log(
    `api-throughput: ${settings.connections} connections, ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per scenario, server ${baseURL}${pgBaseURL ? ` and ${pgBaseURL} (PostgreSQL)` : ''}`,
  );
  console.log(
    `  load average before: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );
  const results: LoadResult[] = [];
  for (const plan of selected) {
    process.stdout.write(`  measuring ${plan.name}… `);
    const result = 'paced' in plan ? await plan.paced() : await measure(await plan.make(), settings);
    console.log(`${Math.round(result.requestsPerSecond)} req/s${result.valid ? '' : ' (INVALID: errors or non-2xx)'}`);
    results.push(result);
  }
  const baseline = results.find((r) => r.name === 'bare fastify hello');
  printTable(
    'API throughput',
    results.map((r) => toRow(r, baseline)),
  );
  writeResult('api-throughput', { settings, server: baseURL, pgServer: pgBaseURL ?? null, results });
  if (results.some((r) => !r.valid)) {
    console.error('\napi-throughput: some scenarios had errors, timeouts or non-2xx answers');
    process.exitCode = 1;
  }
} finally {
  await bare.close();
}
