// Growth curves: does the money path stay as fast when the platform grows? On one throwaway PostgreSQL cluster:
// - ledger transfers/s (32 clients, the ledger bench's mix) with 2,000, 100,000 and 1,000,000 funded accounts;
// - lottery settlement time of a draw with 10,000, 100,000 and 1,000,000 tickets (2 instances, the real jobs);
// - the authenticated balance call through the built server with 1,000 and 100,000 live sessions, each request
//   as a random one of them, next to a bare Fastify route.
// Fixtures are set-based (bench/lib/fixtures.ts), the ledger's invariants checked after each, then VACUUM ANALYZE
// (what autovacuum does soon after a bulk load). Each curve says whether it is flat: transfers/s and balance calls/s
// should not fall with accounts or sessions, settlement time should grow no faster than the tickets.
//   BENCH_PG_URL       the cluster's admin URL; the server's database (scripts/bench.sh starts both; required)
//   BENCH_BASE_URL     the built server on that database (required)
//   BENCH_GROWTH_MAX   the largest size to run (default 1000000; 100000 is a quick run)
//   BENCH_GROWTH_CURVES  which curves, comma-separated: sessions,accounts,tickets (default all)
//   BENCH_DURATION     seconds per point (default 10)   BENCH_WARMUP (default 3)   BENCH_CONNECTIONS (default 32)
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { getBalance } from '@tessera/contract/api/wallet';
import { sql } from 'kysely';
import { connectDb, type Db } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../apps/server/src/db/seed/demo-merchant.js';
import { Ledger } from '../apps/server/src/modules/ledger/service.js';
import { ledgerViolations } from '../apps/server/src/modules/ledger/test/invariants.js';
import { LotteryService } from '../apps/server/src/modules/lottery/service.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { startBareFastify } from './lib/bare-fastify.js';
import { fixtureToken, memberIds, seedFundedMembers, seedLotteryTickets, seedSessions } from './lib/fixtures.js';
import {
  addLedgerBenchMembers,
  createDatabases,
  databaseUrl,
  type LevelResult,
  MEMBER_PREFIX,
  MERCHANT,
  measureLedger,
  prepareLedgerBenchOn,
} from './lib/ledger-load.js';
import { type LoadResult, loadSettingsFromEnv, measure, type Scenario } from './lib/load.js';
import { holdDrawOpen, settleDraw } from './lib/lottery-draw.js';
import { printTable, writeResult } from './lib/report.js';

const adminUrl = process.env.BENCH_PG_URL;
const baseURL = process.env.BENCH_BASE_URL;
if (!adminUrl || !baseURL) throw new Error('BENCH_PG_URL and BENCH_BASE_URL must be set (scripts/bench.sh starts both)');
const max = Number(process.env.BENCH_GROWTH_MAX ?? 1_000_000);
if (!Number.isFinite(max) || max <= 0)
  throw new Error(`BENCH_GROWTH_MAX must be a positive number, got ${process.env.BENCH_GROWTH_MAX}`);
const settings = loadSettingsFromEnv();
const curves = (process.env.BENCH_GROWTH_CURVES || 'sessions,accounts,tickets').split(',').map((c) => c.trim());
const sizesOf = (curve: string, sizes: number[]) => (curves.includes(curve) ? sizes.filter((n) => n <= max) : []);
const SESSION_SIZES = sizesOf('sessions', [1_000, 100_000]);
const ACCOUNT_SIZES = sizesOf('accounts', [2_000, 100_000, 1_000_000]);
const TICKET_SIZES = sizesOf('tickets', [10_000, 100_000, 1_000_000]);
const LEDGER_CLIENTS = 32;
const LOTTERY_GAME = 'TS_SEA_LOTTO';
const LOTTERY_MEMBERS = 500;
const LOTTERY_INSTANCES = 2;
/** Below this share of the smallest size's rate a curve is called falling (the shared machine's noise is ~±15 %). */
const FLAT_SHARE = 0.8;

const seconds = (started: number) => Number(((performance.now() - started) / 1000).toFixed(1));
const n = (x: number) => x.toLocaleString('en-US');
const share = (x: number, of: number) => `${((x / of) * 100).toFixed(0)}%`;
const flatness = (rate: number, first: number) => (rate >= first * FLAT_SHARE ? 'flat' : `FALLS to ${share(rate, first)}`);

/** Fails on a broken ledger invariant, then vacuums the fixture's tables; answers how long that took. */
async function checkedInvariants(db: Db, what: string): Promise<number> {
  const started = performance.now();
  const problems = await ledgerViolations(db.kysely);
  if (problems.length > 0) throw new Error(`${what}: ledger invariants broken:\n${problems.slice(0, 10).join('\n')}`);
  // What autovacuum does soon after a bulk insert: hint bits and the visibility map set, statistics fresh. Without
  // it the first read of each fresh row pays for that, which is a bench artefact, not growth.
  await sql`VACUUM ANALYZE members, sessions, ledger_accounts, ledger_transfers, lottery_slips, lottery_tickets`.execute(
    db.kysely,
  );
  return seconds(started);
}

interface SessionPoint {
  sessions: number;
  seedSeconds: number;
  result: LoadResult;
}

/** Balance calls, each as a random one of `tokens`: what an in-process session cache must survive at scale. */
function balanceScenario(tokens: string[]): Scenario {
  return {
    name: `GET ${getBalance.path}`,
    request: {
      url: new URL(getBalance.path, baseURL).href,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, authorization: tokens[Math.floor(Math.random() * tokens.length)] as string },
          }),
        },
      ],
    },
  };
}

async function sessionCurve(db: Db): Promise<{ bare: LoadResult | null; points: SessionPoint[] }> {
  if (SESSION_SIZES.length === 0) return { bare: null, points: [] };
  const secret = randomBytes(18).toString('base64url');
  const prefix = `gs${randomBytes(3).toString('hex')}`;
  const bare = await startBareFastify();
  try {
    process.stdout.write('  bare fastify hello… ');
    const bareResult = await measure({ name: 'bare fastify hello', request: { url: bare.url } }, settings);
    console.log(`${Math.round(bareResult.requestsPerSecond)} req/s`);
    const points: SessionPoint[] = [];
    let seeded = 0;
    for (const size of SESSION_SIZES) {
      process.stdout.write(`  ${n(size)} live sessions: `);
      const started = performance.now();
      await seedFundedMembers(db.kysely, { merchant: DEMO_MERCHANT, prefix, from: seeded, to: size, amount: 100_000n });
      seeded = size;
      const members = await memberIds(db.kysely, DEMO_MERCHANT, prefix);
      await seedSessions(db.kysely, DEMO_MERCHANT, members, secret);
      const seedSeconds = seconds(started);
      const checkSeconds = await checkedInvariants(db, `${size} sessions`);
      process.stdout.write(`seeded in ${seedSeconds} s, invariants hold (${checkSeconds} s with VACUUM); `);
      const tokens = members.map((id) => fixtureToken(secret, id));
      await expectBalance(tokens[tokens.length - 1] as string);
      process.stdout.write('measuring… ');
      const result = await measure(balanceScenario(tokens), settings);
      console.log(`${Math.round(result.requestsPerSecond)} req/s${result.valid ? '' : ' (INVALID: errors or non-2xx)'}`);
      points.push({ sessions: size, seedSeconds, result });
    }
    return { bare: bareResult, points };
  } finally {
    await bare.close();
  }
}

/** The fixture's session is one the server accepts, with the fixture's money: the curve measures real answers. */
async function expectBalance(token: string): Promise<void> {
  const response = await fetch(new URL(getBalance.path, baseURL), { headers: { authorization: token } });
  const body = (await response.json()) as { success: boolean; code: string; value: unknown };
  if (!body.success) throw new Error(`balance with a fixture session failed: ${body.code}`);
  if (!JSON.stringify(body.value).includes('100000'))
    throw new Error(`balance of a fixture member: ${JSON.stringify(body.value)}`);
}

interface AccountPoint {
  accounts: number;
  seedSeconds: number;
  result: LevelResult;
}

async function accountCurve(): Promise<AccountPoint[]> {
  await createDatabases(adminUrl as string, ['ledger_growth']);
  const db = await connectDb({
    kind: 'postgres',
    url: databaseUrl(adminUrl as string, 'ledger_growth'),
    poolSize: LEDGER_CLIENTS,
  });
  try {
    const bench = await prepareLedgerBenchOn(db, 0);
    const points: AccountPoint[] = [];
    let seeded = 0;
    for (const size of ACCOUNT_SIZES) {
      process.stdout.write(`  ${n(size)} accounts: `);
      const started = performance.now();
      await addLedgerBenchMembers(db, seeded, size);
      seeded = size;
      const members = await memberIds(db.kysely, MERCHANT, MEMBER_PREFIX);
      const seedSeconds = seconds(started);
      const checkSeconds = await checkedInvariants(db, `${size} accounts`);
      process.stdout.write(`seeded in ${seedSeconds} s, invariants hold (${checkSeconds} s with VACUUM); `);
      process.stdout.write('measuring… ');
      const sized = { ...bench, members };
      await measureLedger(sized, LEDGER_CLIENTS, settings.warmupSeconds);
      const result = await measureLedger(sized, LEDGER_CLIENTS, settings.durationSeconds);
      console.log(`${Math.round(result.transfersPerSecond)} transfers/s${result.errors ? ` (${result.errors} ERRORS)` : ''}`);
      points.push({ accounts: size, seedSeconds, result });
    }
    await checkedInvariants(db, 'after the transfers');
    return points;
  } finally {
    await db.close();
  }
}

interface TicketPoint {
  tickets: number;
  winners: number;
  seedSeconds: number;
  settleSeconds: number;
}

/** Each size on its own fresh database (dropped after): one draw of `size` tickets from 500 members, settled by 2 instances. */
async function ticketCurve(): Promise<TicketPoint[]> {
  const points: TicketPoint[] = [];
  for (const size of TICKET_SIZES) {
    const name = `lottery_growth_${size}_${randomBytes(3).toString('hex')}`;
    await createDatabases(adminUrl as string, [name]);
    const url = databaseUrl(adminUrl as string, name);
    const db = await connectDb({ kind: 'postgres', url, poolSize: 4 });
    try {
      await migrateToLatest(db.kysely);
      await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
      const lottery = new LotteryService(db.kysely, new Ledger(db.kysely));
      await lottery.ensureSchedule();
      const open = (await lottery.current(LOTTERY_GAME)).open;
      if (!open) throw new Error('no open SEA draw');
      const drawId = BigInt(open.drawId);
      await holdDrawOpen(db, drawId);
      process.stdout.write(`  ${n(size)} tickets: `);
      const started = performance.now();
      await seedFundedMembers(db.kysely, {
        merchant: DEMO_MERCHANT,
        prefix: 'lg',
        from: 0,
        to: LOTTERY_MEMBERS,
        amount: 10n ** 12n,
      });
      const members = await memberIds(db.kysely, DEMO_MERCHANT, 'lg');
      await seedLotteryTickets(db.kysely, {
        merchant: DEMO_MERCHANT,
        gameCode: LOTTERY_GAME,
        drawId,
        members,
        tickets: size,
        perSlip: 50,
      });
      const seedSeconds = seconds(started);
      const checkSeconds = await checkedInvariants(db, `${size} tickets`);
      process.stdout.write(`seeded in ${seedSeconds} s, invariants hold (${checkSeconds} s with VACUUM); `);
      process.stdout.write('settling… ');
      const draw = await settleDraw(db, url, drawId, LOTTERY_INSTANCES);
      if (draw.tickets !== size) throw new Error(`the draw counted ${draw.tickets} tickets, not ${size}`);
      await checkedInvariants(db, `${size} tickets settled`);
      console.log(`${draw.seconds.toFixed(1)} s`);
      points.push({ tickets: size, winners: draw.winners, seedSeconds, settleSeconds: Number(draw.seconds.toFixed(2)) });
    } finally {
      await db.close();
    }
    const admin = await connectDb({ kind: 'postgres', url: adminUrl as string, poolSize: 1 });
    try {
      await sql`DROP DATABASE ${sql.id(name)}`.execute(admin.kysely);
    } finally {
      await admin.close();
    }
  }
  return points;
}

const serverDb = await connectDb({ kind: 'postgres', url: adminUrl, poolSize: 4 });
try {
  console.log(
    `growth: sizes up to ${n(max)} (BENCH_GROWTH_MAX), ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per point, PostgreSQL 15 (throwaway: fsync off)`,
  );
  const loadBefore = loadavg()[0] ?? 0;
  console.log(
    `  load average before: ${loadBefore.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );

  console.log('balance call by live sessions');
  const sessions = await sessionCurve(serverDb);
  console.log('ledger transfers by accounts');
  const accounts = await accountCurve();
  console.log('lottery settlement by tickets');
  const tickets = await ticketCurve();

  const firstBalance = sessions.points[0]?.result.requestsPerSecond ?? 0;
  printTable('Balance call by live sessions (PostgreSQL, each request a random session)', [
    ...sessions.points.map(({ sessions: size, result }) => ({
      sessions: n(size),
      'req/s': Math.round(result.requestsPerSecond),
      'vs bare': sessions.bare ? share(result.requestsPerSecond, sessions.bare.requestsPerSecond) : null,
      'p50 ms': result.latencyMs.p50,
      'p99 ms': result.latencyMs.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      curve: flatness(result.requestsPerSecond, firstBalance),
    })),
    ...(sessions.bare
      ? [
          {
            sessions: 'bare fastify',
            'req/s': Math.round(sessions.bare.requestsPerSecond),
            'vs bare': '100%',
            'p50 ms': sessions.bare.latencyMs.p50,
            'p99 ms': sessions.bare.latencyMs.p99,
            errors: null,
            curve: null,
          },
        ]
      : []),
  ]);
  const firstTransfers = accounts[0]?.result.transfersPerSecond ?? 0;
  printTable(
    `Ledger transfers by accounts (PostgreSQL, ${LEDGER_CLIENTS} clients)`,
    accounts.map(({ accounts: size, seedSeconds, result }) => ({
      accounts: n(size),
      'transfers/s': Math.round(result.transfersPerSecond),
      'vs smallest': share(result.transfersPerSecond, firstTransfers),
      'p50 ms': result.latencyMs.p50,
      'p99 ms': result.latencyMs.p99,
      errors: result.errors,
      'seed s': seedSeconds,
      curve: flatness(result.transfersPerSecond, firstTransfers),
    })),
  );
  // Against the best time per ticket of the sizes so far: the smallest draw carries fixed costs (the draw job, the
  // runners' polling) that would hide a later cliff.
  const perTicketOf = (p: TicketPoint) => p.settleSeconds / p.tickets;
  printTable(
    `Lottery settlement by tickets (PostgreSQL, ${LOTTERY_INSTANCES} instances)`,
    tickets.map((p, i) => {
      const perTicket = perTicketOf(p);
      const best = Math.min(...tickets.slice(0, i + 1).map(perTicketOf));
      return {
        tickets: n(p.tickets),
        'settle s': p.settleSeconds,
        'tickets/s': Math.round(p.tickets / p.settleSeconds),
        'µs per ticket': Math.round(perTicket * 1e6),
        winners: p.winners,
        'seed s': p.seedSeconds,
        curve: perTicket <= best / FLAT_SHARE ? 'linear' : `SLOWER per ticket: ${share(perTicket, best)}`,
      };
    }),
  );
  writeResult('growth', {
    settings: { ...settings, max, flatShare: FLAT_SHARE, ledgerClients: LEDGER_CLIENTS, lotteryInstances: LOTTERY_INSTANCES },
    loadAverageBefore: loadBefore,
    balanceBySessions: { bare: sessions.bare, points: sessions.points },
    transfersByAccounts: accounts,
    settlementByTickets: tickets,
  });
  if (sessions.points.some((p) => !p.result.valid) || accounts.some((p) => p.result.errors > 0 || p.result.transfers === 0)) {
    console.error('\ngrowth: some calls or transfers failed');
    process.exitCode = 1;
  }
} finally {
  await serverDb.close();
}
