// The money path's targets (one round trip per transfer, spins and settlement at database speed; what the loyalty
// count and an active bonus add to a spin), judged from the latest bench/results/*.json: one line per figure with its
// target, what was measured and PASS or MISS.
// Ratios are taken within one run of `npm run bench` (same machine, same load); each line names the load average
// its figures were measured at, since two shared cores make absolute figures move with the neighbours.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printTable, type Row, resultsDir } from './lib/report.js';

interface Environment {
  loadAverage1m: number;
}
interface Latency {
  p99: number;
}
interface Named {
  name: string;
  requestsPerSecond: number;
  latencyMs: Latency;
}

function read<T>(name: string): (T & { environment: Environment }) | undefined {
  const file = join(resultsDir, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T & { environment: Environment }) : undefined;
}

const rows: Row[] = [];
const load = (e?: { environment: Environment }) => (e ? e.environment.loadAverage1m.toFixed(1) : '—');
function judge(figure: string, target: string, now: string | null, pass: boolean | null, loadAt: string) {
  rows.push({ figure, target, now: now ?? 'not measured', verdict: pass === null ? '—' : pass ? 'PASS' : 'MISS', load: loadAt });
}
const x = (ratio: number) => `${ratio.toFixed(2)}×`;

const ledger = read<{ levels: { clients: number; transfersPerSecond: number }[]; pgbenchTps: number }>('ledger');
const at32 = ledger?.levels.find((level) => level.clients === 32);
if (ledger && at32) {
  const ratio = at32.transfersPerSecond / ledger.pgbenchTps;
  const now = `${Math.round(at32.transfersPerSecond)} / ${Math.round(ledger.pgbenchTps)} = ${x(ratio)}`;
  judge('ledger transfers/s (32 clients) / pgbench TPC-B', '≥ 1.00×', now, ratio >= 1, load(ledger));
} else judge('ledger transfers/s (32 clients) / pgbench TPC-B', '≥ 1.00×', null, null, '—');

// The spins and pgbench run on different clusters at different times; the games-api step measures the ledger on
// the spins' own cluster, so the ratio is chained through it: spins / ledger (same run) × ledger / pgbench (same run).
const games = read<{ spins: { players: number; requestsPerSecond: number }[]; ledger?: { transfersPerSecond: number } }>(
  'games-api',
);
const spins32 = games?.spins.find((spin) => spin.players === 32);
if (spins32 && games?.ledger && ledger && at32) {
  const toLedger = spins32.requestsPerSecond / games.ledger.transfersPerSecond;
  const ratio = toLedger * (at32.transfersPerSecond / ledger.pgbenchTps);
  const now = `${Math.round(spins32.requestsPerSecond)} / ledger ${Math.round(games.ledger.transfersPerSecond)} × ledger/pgbench = ${x(ratio)}`;
  judge('slot spins/s through the API (32 players) / pgbench', '≥ 0.50×', now, ratio >= 0.5, `${load(games)} / ${load(ledger)}`);
} else judge('slot spins/s through the API (32 players) / pgbench', '≥ 0.50×', null, null, '—');

const loyalty = read<{ loyalty?: { ratio: number; players: number } }>('games-api')?.loyalty;
if (loyalty && games) {
  const now = `${x(loyalty.ratio)} CPU a spin (${loyalty.players} players, in-process)`;
  judge('spin cost with VIP, points and missions / without', '≤ 1.30×', now, loyalty.ratio <= 1.3, load(games));
} else judge('spin cost with VIP, points and missions / without', '≤ 1.30×', null, null, '—');

const bonus = read<{ bonus?: { ratio: number; players: number; bonusStakes: number } }>('games-api')?.bonus;
if (bonus && games) {
  const now = `${x(bonus.ratio)} CPU a bet (${bonus.players} players each way, in-process, ${bonus.bonusStakes} bonus stakes)`;
  judge('bet cost with an active bonus / without', '≤ 1.30×', now, bonus.ratio <= 1.3, load(games));
} else judge('bet cost with an active bonus / without', '≤ 1.30×', null, null, '—');

const lottery = read<{ tickets: number; settlement: { seconds: number } }>('lottery-settlement');
if (lottery) {
  const seconds = lottery.settlement.seconds;
  const now = `${seconds.toFixed(1)} s for ${lottery.tickets.toLocaleString('en-US')} tickets`;
  judge('settle a 100,000-ticket draw (2 instances)', '≤ 5 s (quiet machine)', now, seconds <= 5, load(lottery));
} else judge('settle a 100,000-ticket draw (2 instances)', '≤ 5 s (quiet machine)', null, null, '—');

const growth = read<{ settlementByTickets?: { tickets: number; settleSeconds: number }[] }>('growth');
const curve = growth?.settlementByTickets ?? [];
if (curve.length >= 2) {
  const perTicket = curve.map((p) => p.settleSeconds / p.tickets);
  const best = Math.min(...perTicket);
  const worst = perTicket[perTicket.length - 1] as number;
  const largest = curve[curve.length - 1] as { tickets: number };
  const now = `${largest.tickets.toLocaleString('en-US')} tickets at ${x(worst / best)} the best time per ticket`;
  judge('settlement linear in tickets (growth curve)', '≤ 1.25× per ticket', now, worst <= best * 1.25, load(growth));
} else judge('settlement linear in tickets (growth curve)', '≤ 1.25× per ticket', null, null, '—');

const api = read<{ results: Named[] }>('api-throughput');
const bare = api?.results.find((r) => r.name === 'bare fastify hello');
const balance = api?.results.find((r) => r.name === 'GET /wps/v2/wallets/balance (token, PostgreSQL)');
if (bare && balance) {
  const ratio = balance.requestsPerSecond / bare.requestsPerSecond;
  const now = `${Math.round(balance.requestsPerSecond)} / ${Math.round(bare.requestsPerSecond)} = ${(ratio * 100).toFixed(0)}%`;
  judge('balance call (PostgreSQL) / bare Fastify route', '≥ 20%', now, ratio >= 0.2, load(api));
} else judge('balance call (PostgreSQL) / bare Fastify route', '≥ 20%', null, null, '—');
const steady = api?.results.find((r) => r.name.startsWith('GET /wps/v2/wallets/balance at '));
if (steady) {
  const now = `p99 ${steady.latencyMs.p99} ms at ${Math.round(steady.requestsPerSecond)} req/s`;
  judge('balance call p99 at 1,000 req/s (PostgreSQL)', '≤ 20 ms', now, steady.latencyMs.p99 <= 20, load(api));
} else judge('balance call p99 at 1,000 req/s (PostgreSQL)', '≤ 20 ms', null, null, '—');

const agents = read<{
  downline: number;
  bets: number;
  settleSeconds: number;
  results: { call: string; p99: string; target: string }[];
}>('agents');
const readsTimed = agents?.results.filter((row) => row.target.startsWith('p99')) ?? [];
if (agents && readsTimed.length > 0) {
  const slowest = readsTimed.reduce((worst, row) => (Number.parseFloat(row.p99) > Number.parseFloat(worst.p99) ? row : worst));
  const p99 = Number.parseFloat(slowest.p99);
  const now = `p99 ${p99} ms (${slowest.call}; ${agents.downline.toLocaleString('en-US')} members, ${agents.bets.toLocaleString('en-US')} bets)`;
  judge('agent team overview and user P&L, slowest p99 (PostgreSQL)', '< 300 ms', now, p99 < 300, load(agents));
  judge(
    'settle 10,000 agent contracts for a day',
    '< 30 s',
    `${agents.settleSeconds} s`,
    agents.settleSeconds < 30,
    load(agents),
  );
} else {
  judge('agent team overview and user P&L, slowest p99 (PostgreSQL)', '< 300 ms', null, null, '—');
  judge('settle 10,000 agent contracts for a day', '< 30 s', null, null, '—');
}

printTable('Money-path targets (latest bench/results; the load column is the 1-minute load average on 2 CPUs)', rows);
