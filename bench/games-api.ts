// Slot spins end to end through the API on PostgreSQL (`POST /wps/house-games/slots/spin`, the built server
// listening on a port, funded members each in their own game session) with 1 and 32 concurrent players,
// next to the ledger's spread-out transfer rate at 32 clients measured on the same cluster in the same run:
// if the house side of a bet queued on one hot row, 32 players would not scale past one. The deadlocks column
// counts what PostgreSQL broke meanwhile (pg_stat_database), and a profile of the spin path in-process (no HTTP)
// shows where a spin's time goes, statement by statement. The in-process spins also run on PGlite (the default
// database, embedded: one connection, a data directory on disk), members seeded and funded there. Two A/Bs of CPU per
// spin, each on a database of its own: what the loyalty count adds to a spin, and what an active bonus adds to a bet
// (bonus stakes against cash bets, through the server's composed house vendor and stake source).
//   BENCH_BASE_URL   the built server on PostgreSQL (scripts/bench.sh starts it; required)
//   BENCH_PG_URL     that server's cluster (admin URL = the server's database; the ledger reference gets its own)
//   BENCH_DURATION   seconds per level (default 10)   BENCH_WARMUP (default 3)
//   BENCH_SPIN_PLAYERS  comma-separated player counts (default 1,32)   BENCH_LEDGER_MEMBERS (default 2000)
//   BENCH_STATEMENT_ROWS  statements listed in the database profile (default 15)
//   BENCH_SPIN_API_ONLY=1  only the API levels and the database profile (a quick look while changing the spin path;
//                          writes no result)
//   BENCH_SPIN_BONUS_ONLY=1  only an active bonus's cost (BENCH_BONUS_PLAYERS each way, default 32; needs only
//                          BENCH_PG_URL; writes no result)
//   BENCH_BONUS_BREAKDOWN=1  the bonus cost's stretches broken down: CPU by process (bench threads, the cluster's
//                          processes by backend type), GC, heap, the bonus database's statements and vacuums
//   BENCH_SERVER_PID    the server's process: with it, each API level also reports the CPU a spin cost the server
//                       and the cluster (from /proc), the figure that holds up on a loaded machine
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { PromotionInput } from '@tessera/contract/api/back-office-promotions';
import { launchGame } from '@tessera/contract/api/games';
import { GAME_SESSION_HEADER, openHouseGameSession, spinSlot } from '@tessera/contract/api/house-games';
import { sql } from 'kysely';
import { connectDb, type Db } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../apps/server/src/db/seed/demo-merchant.js';
import { PlayChecks } from '../apps/server/src/modules/games/play-checks.js';
import { HouseVendor } from '../apps/server/src/modules/house-vendor/service.js';
import { Ledger } from '../apps/server/src/modules/ledger/service.js';
import { MissionsService } from '../apps/server/src/modules/loyalty/missions.js';
import { LoyaltyService } from '../apps/server/src/modules/loyalty/service.js';
import { LoyaltyTracker } from '../apps/server/src/modules/loyalty/tracker.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { buildServices } from '../apps/server/src/services.js';
import { registerMembers } from './lib/accounts.js';
import { observeGc, printBreakdowns, type StretchBreakdown, startStretch } from './lib/cpu-breakdown.js';
import { memberIds, seedFundedMembers } from './lib/fixtures.js';
import {
  createDatabases,
  databaseUrl,
  type LevelResult,
  measureLedger,
  percentiles,
  prepareLedgerBench,
} from './lib/ledger-load.js';
import { type LoadResult, loadSettingsFromEnv, measure, type Scenario } from './lib/load.js';
import { clusterCpuMs, postmasterPid, processCpuMs } from './lib/proc-cpu.js';
import { QueryTimer } from './lib/query-timer.js';
import { printTable, type Row, writeResult } from './lib/report.js';
import { readStatementProfile, type StatementLine, startStatementProfile } from './lib/statement-profile.js';

const baseURL = process.env.BENCH_BASE_URL;
const adminUrl = process.env.BENCH_PG_URL;
const bonusOnly = process.env.BENCH_SPIN_BONUS_ONLY === '1';
const breakdown = process.env.BENCH_BONUS_BREAKDOWN === '1';
if (!adminUrl || (!baseURL && !bonusOnly)) {
  throw new Error('BENCH_BASE_URL and BENCH_PG_URL must be set (scripts/bench.sh starts both)');
}
const settings = loadSettingsFromEnv();
const serverPid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : null;
const levels = (process.env.BENCH_SPIN_PLAYERS ?? '1,32').split(',').map(Number);
const ledgerMembers = Number(process.env.BENCH_LEDGER_MEMBERS ?? 2000);
const statementRows = Number(process.env.BENCH_STATEMENT_ROWS ?? 15);
const apiOnly = process.env.BENCH_SPIN_API_ONLY === '1';
const LEDGER_CLIENTS = 32;
const GAME = 'TS_LOTUS_FORTUNE';
const BET = '200'; // the game's smallest bet: wins are frequent, so most spins also credit a win
const FUNDS_MINOR = 10n ** 12n; // never runs out: what is measured is the spin path, not refusals

interface Player {
  memberId: bigint;
  gameSession: string;
}

async function call<T>(path: string, init: RequestInit, what: string): Promise<T> {
  const response = await fetch(new URL(path, baseURL), init);
  const body = (await response.json()) as { success: boolean; value: T; code: string };
  if (!body.success) throw new Error(`${what} failed: ${body.code}`);
  return body.value;
}

/** Registers players through the API, funds them in the server's own ledger, launches the slot and opens each one's game session. */
async function preparePlayers(db: Db, count: number): Promise<Player[]> {
  const members = await registerMembers(baseURL as string, count);
  const rows = await db.kysely
    .selectFrom('members')
    .select(['id', 'account'])
    .where('merchant_code', '=', DEMO_MERCHANT)
    .where(
      'account',
      'in',
      members.map((m) => m.username),
    )
    .execute();
  const idOf = new Map(rows.map((r) => [r.account, r.id]));
  const ledger = new Ledger(db.kysely);
  const players: Player[] = [];
  for (const member of members) {
    const memberId = idOf.get(member.username);
    if (memberId === undefined) throw new Error(`registered member ${member.username} not found`);
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'channel_in', channel: 'bench' },
      to: { kind: 'member_main', memberId },
      amount: FUNDS_MINOR,
      kind: 'deposit',
      cause: { type: 'operator', id: `bench-${randomUUID()}` },
    });
    const launch = await call<{ content: { game_url: string } }>(
      launchGame.path,
      {
        method: launchGame.method,
        headers: { 'content-type': 'application/json', authorization: member.token },
        body: JSON.stringify({ gameId: GAME, vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' }),
      },
      'launch',
    );
    const ticket = new URL(launch.content.game_url, baseURL).searchParams.get('session') ?? '';
    const session = await call<{ sessionToken: string }>(
      openHouseGameSession.path,
      { method: openHouseGameSession.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket }) },
      'game session',
    );
    players.push({ memberId, gameSession: session.sessionToken });
  }
  return players;
}

/** Deadlocks PostgreSQL broke in the server's database so far (each retried spin waited deadlock_timeout, 1 s). */
async function deadlocks(db: Db): Promise<number> {
  const { rows } = await sql<{ deadlocks: string }>`
    SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()`.execute(db.kysely);
  return Number(rows[0]?.deadlocks ?? 0);
}

/** Runs `work` and counts the deadlocks PostgreSQL broke meanwhile (the statistics lag by up to a second). */
async function withDeadlocks<T>(db: Db, work: () => Promise<T>): Promise<T & { deadlocks: number }> {
  const before = await deadlocks(db);
  const result = await work();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { ...result, deadlocks: (await deadlocks(db)) - before };
}

/** The cluster's postmaster (the bench runs on the cluster's machine), read from its data directory. */
async function clusterPid(db: Db): Promise<number> {
  const { rows } = await sql<{ dir: string }>`SELECT current_setting('data_directory') AS dir`.execute(db.kysely);
  return postmasterPid(rows[0]?.dir ?? '');
}

interface CpuPerSpin {
  server: number | null;
  postgres: number;
}

/** CPU milliseconds the server (0 without its pid) and the cluster have used so far. */
function cpuNow(postmaster: number) {
  return { server: serverPid === null ? 0 : processCpuMs(serverPid), postgres: clusterCpuMs(postmaster) };
}

/** CPU microseconds per spin since `before` (server null without its pid). */
function cpuPerSpin(postmaster: number, before: ReturnType<typeof cpuNow>, spins: number): CpuPerSpin {
  const now = cpuNow(postmaster);
  const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, spins));
  return { server: serverPid === null ? null : per(now.server - before.server), postgres: per(now.postgres - before.postgres) };
}

/**
 * Each player spins one at a time, as a person does (a player's spins racing each other would cost retries no
 * player causes): a request takes an idle player and gives it back with the answer. autocannon starts each request
 * with a fresh context, so the player cannot stay with a connection; with one request in flight per connection
 * there is always an idle one.
 */
function spinScenario(players: Player[]): Scenario {
  const idle = [...players];
  let next = 0;
  return {
    name: `POST ${spinSlot.path}`,
    request: {
      url: new URL(spinSlot.path, baseURL).href,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          setupRequest: (request, context) => {
            // A request lost to a timeout never gives its player back: then a busy one is shared.
            const player = idle.shift() ?? (players[next++ % players.length] as Player);
            context.player = player;
            return {
              ...request,
              headers: { ...request.headers, [GAME_SESSION_HEADER]: player.gameSession },
              body: JSON.stringify({ gameCode: GAME, bet: BET, clientRoundId: randomUUID() }),
            };
          },
          onResponse: (_status, _body, context) => {
            if (context.player) idle.push(context.player as Player);
          },
        },
      ],
    },
  };
}

/** The house vendor without promotions, with the server's own caches (catalogue entry, exclusions, trial flag). */
async function cashOnlyVendor(db: Db): Promise<HouseVendor> {
  const checks = new PlayChecks(db.kysely);
  await checks.listen(db);
  return new HouseVendor(db.kysely, new Ledger(db.kysely), checks);
}

interface InProcessResult {
  players: number;
  spinsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  spins: number;
  /** Per query shape: executions per spin and mean milliseconds (round trip, in the transaction). */
  queries: { query: string; perSpin: number; meanMs: number; msPerSpin: number }[];
  meanSpinMs: number;
}

/**
 * The service's spin without HTTP, every statement timed when `timer` times `db`'s: where a spin's time goes. `house`:
 * a composed vendor to spin with; else one paying every bet in cash, its caches listening as the server's are.
 */
async function spinInProcess(
  db: Db,
  timer: QueryTimer | null,
  players: Player[],
  seconds: number,
  composed?: HouseVendor,
): Promise<InProcessResult> {
  const house = composed ?? (await cashOnlyVendor(db));
  timer?.start();
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await house.spin(DEMO_MERCHANT, player.memberId, { gameCode: GAME, bet: BET, clientRoundId: randomUUID() });
        latencies.push(performance.now() - started);
      }
    }),
  );
  timer?.stop();
  const spins = latencies.length;
  const meanSpinMs = latencies.reduce((s, x) => s + x, 0) / spins;
  latencies.sort((x, y) => x - y);
  return {
    players: players.length,
    spinsPerSecond: spins / seconds,
    latencyMs: percentiles(latencies),
    spins,
    queries: (timer?.summary() ?? []).map((q) => ({
      query: q.label,
      perSpin: q.count / spins,
      meanMs: q.totalMs / q.count,
      msPerSpin: q.totalMs / spins,
    })),
    meanSpinMs,
  };
}

/** In-process spins on PGlite with 1 and all players (members seeded and funded there; a fresh data directory, deleted after). */
async function spinsOnPglite(count: number): Promise<InProcessResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-pglite-'));
  try {
    const pglite = await connectDb({ kind: 'pglite', dataDir: path.join(dir, 'data') });
    try {
      await migrateToLatest(pglite.kysely);
      await seedDemoMerchant(pglite.kysely, new SiteSettingsService(pglite.kysely));
      await seedFundedMembers(pglite.kysely, {
        merchant: DEMO_MERCHANT,
        prefix: 'spin',
        from: 0,
        to: count,
        amount: FUNDS_MINOR,
      });
      const players = (await memberIds(pglite.kysely, DEMO_MERCHANT, 'spin')).map((memberId) => ({ memberId, gameSession: '' }));
      const results: InProcessResult[] = [];
      for (const group of [players.slice(0, 1), players]) {
        process.stdout.write(`  in-process on PGlite, ${group.length} player(s)… `);
        await spinInProcess(pglite, null, group, settings.warmupSeconds);
        const result = await spinInProcess(pglite, null, group, settings.durationSeconds);
        console.log(`${Math.round(result.spinsPerSecond)} spins/s`);
        results.push(result);
      }
      return results;
    } finally {
      await pglite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printStatements(statements: StatementLine[]) {
  if (statements.length === 0) return;
  printTable(
    `What the database ran per spin via the API, ${Math.max(...levels)} players (pg_stat_statements, every connection)`,
    statements.map((line) => ({
      statement: `${line.nested ? '  ↳ ' : ''}${line.statement}`,
      'calls per spin': line.perUnit,
      'ms per spin': line.msPerUnit,
      'rows per call': line.rowsPerCall,
    })),
  );
}

interface LoyaltyCost {
  players: number;
  /** CPU of this process and the cluster per spin, without and with the loyalty count, alternated. */
  withoutUs: number[];
  withUs: number[];
  ratio: number;
}

/**
 * What VIP ranks, points and missions cost a spin: in-process spins of `count` players on a database of their own
 * (no server listening, so nothing else counts them), alternately without and with the server's loyalty tracker
 * listening and counting (demo merchant: VIP levels, points on slots, missions running). The cost is CPU per spin,
 * this process's and the cluster's, the tracker's catch-ups after the spins included: the figure that holds on a
 * loaded machine. Target: with ≤ 1.3× without.
 */
async function loyaltyCost(count: number, rounds = 2): Promise<LoyaltyCost> {
  await createDatabases(adminUrl as string, ['games_api_loyalty']);
  const db = await connectDb({ kind: 'postgres', url: databaseUrl(adminUrl as string, 'games_api_loyalty'), poolSize: 10 });
  try {
    await migrateToLatest(db.kysely);
    const siteSettings = new SiteSettingsService(db.kysely);
    await seedDemoMerchant(db.kysely, siteSettings);
    await seedFundedMembers(db.kysely, { merchant: DEMO_MERCHANT, prefix: 'loyal', from: 0, to: count, amount: FUNDS_MINOR });
    const players = (await memberIds(db.kysely, DEMO_MERCHANT, 'loyal')).map((memberId) => ({ memberId, gameSession: '' }));
    const { rows } = await sql<{ dir: string }>`SELECT current_setting('data_directory') AS dir`.execute(db.kysely);
    const postmaster = postmasterPid(rows[0]?.dir ?? '');
    const ledger = new Ledger(db.kysely);
    const settingsOf = async (merchant: string) => {
      const settings = await siteSettings.cached(merchant);
      if (!settings) throw new Error(`no settings for ${merchant}`);
      return settings;
    };
    const loyalty = new LoyaltyService(db.kysely, ledger, settingsOf, new MissionsService(db.kysely, ledger));
    const cpuUs = () => {
      const own = process.cpuUsage();
      return own.user + own.system + clusterCpuMs(postmaster) * 1000;
    };
    /** CPU µs per spin over one stretch of spins; with the tracker, its catch-ups of them included. */
    const perSpin = async (withTracker: boolean) => {
      // The tracker hears the ledger on a connection of its own, closed after the stretch: the next one without it
      // is heard by no one.
      const listener = withTracker
        ? await connectDb({ kind: 'postgres', url: databaseUrl(adminUrl as string, 'games_api_loyalty'), poolSize: 1 })
        : null;
      const tracker = new LoyaltyTracker(loyalty, (err) => {
        throw err;
      });
      try {
        if (listener) await tracker.listen(listener);
        const others = await otherDatabasesBackends(db);
        const before = cpuUs();
        const result = await spinInProcess(db, null, players, settings.durationSeconds);
        await new Promise((resolve) => setTimeout(resolve, 100)); // the last commits' NOTIFYs still on their way
        await tracker.idle();
        return (cpuUs() - before - others.spentUs()) / result.spins;
      } finally {
        await listener?.close();
        // A catch-up's own points credits are heard too: the one they started runs before the database closes.
        await tracker.idle();
      }
    };
    await spinInProcess(db, null, players, settings.warmupSeconds);
    await sql`VACUUM ANALYZE`.execute(db.kysely); // analysed tables, as in the bonus cost (see there)
    const withoutUs: number[] = [];
    const withUs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      withoutUs.push(await perSpin(false));
      withUs.push(await perSpin(true));
    }
    return { players: count, withoutUs, withUs, ratio: median(withUs) / median(withoutUs) };
  } finally {
    await db.close();
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;

/** A bonus player's cash: below the bet, so every bet is paid from the bonus (cash first, then bonus). */
const BONUS_PLAYER_CASH = 100n;
/** The bonus each one holds: 1,000,000.00, 30× to wager, far more than a run's spins bet. */
const BONUS_MINOR = '100000000';
const BONUS_WAGERING = 30;
const BONUS_MAX_BET = '10000';

interface BonusCost {
  players: number;
  /** CPU of this process and the cluster per spin: players without a bonus (cash), then with one (bonus stakes). */
  withoutUs: number[];
  withUs: number[];
  ratio: number;
  /** The bonus players' bets in the measured stretches: from the bonus balance, from cash (should be 0). */
  bonusStakes: number;
  cashStakes: number;
  /** Their claims still running after the run (all of them: the requirement was never met). */
  running: number;
}

/**
 * The backends of the cluster's other databases, and the CPU µs they spend from now until `spentUs()`: in a full run
 * the built server of the HTTP legs still runs beside the in-process legs (its draws, its loyalty pass), and its work
 * is not a cost of their spins. A backend that exits meanwhile is not subtracted (its last CPU is not readable).
 */
async function otherDatabasesBackends(db: Db): Promise<{ spentUs: () => number }> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname IS DISTINCT FROM current_database() AND backend_type = 'client backend'`.execute(
    db.kysely,
  );
  const start = rows.map(({ pid }) => ({ pid, ms: processCpuMs(pid) }));
  return {
    spentUs: () =>
      start.reduce((sum, { pid, ms }) => {
        const now = processCpuMs(pid);
        return now >= ms ? sum + (now - ms) * 1000 : sum;
      }, 0),
  };
}

/**
 * What an active bonus adds to a bet: in-process spins on a database of its own through the server's composition
 * (`buildServices`: the house vendor with the promotions' stake source, its caches listening as the server's), `count`
 * players without a bonus and, alternately, `count` players each holding a free bonus with a 30× requirement (far
 * from met in a run, so no conversion) and cash below the bet, so each bet is paid from the bonus and its wagering
 * counted in the round's statement. The cost is CPU per spin, this process's and the cluster's (other databases'
 * backends excepted), measured on analysed tables in pairs of stretches whose order turns each round. Target: with
 * ≤ 1.3× without.
 */
async function bonusCost(count: number, rounds = 2): Promise<BonusCost> {
  const name = 'games_api_bonus';
  await createDatabases(adminUrl as string, [name]);
  const url = databaseUrl(adminUrl as string, name);
  const db = await connectDb({ kind: 'postgres', url, poolSize: 10 });
  try {
    await migrateToLatest(db.kysely);
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    await seedFundedMembers(db.kysely, { merchant: DEMO_MERCHANT, prefix: 'cash', from: 0, to: count, amount: FUNDS_MINOR });
    await seedFundedMembers(db.kysely, {
      merchant: DEMO_MERCHANT,
      prefix: 'bonus',
      from: 0,
      to: count,
      amount: BONUS_PLAYER_CASH,
    });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: url,
      SECRET_KEY: randomUUID().repeat(2),
    });
    const services = buildServices({ config, db, log: null });
    await services.playChecks.listen(db);
    await services.bonusStakes.listen(db);
    const promotion = await services.promotionsAdmin.create(DEMO_MERCHANT, benchBonus(), 'en', {
      actor: 'bench',
      kind: 'staff',
      ip: null,
    });
    const asPlayers = (ids: bigint[]) => ids.map((memberId) => ({ memberId, gameSession: '' }));
    const cashPlayers = asPlayers(await memberIds(db.kysely, DEMO_MERCHANT, 'cash'));
    const bonusPlayers = asPlayers(await memberIds(db.kysely, DEMO_MERCHANT, 'bonus'));
    for (const { memberId } of bonusPlayers) {
      await services.promotions.join(DEMO_MERCHANT, memberId, BigInt(promotion.id), { requested: 'en', fallback: 'en' });
    }
    const bonusIds = bonusPlayers.map((p) => p.memberId);
    const issued = await db.kysely
      .selectFrom('promotion_claims')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', 'in', bonusIds)
      .where('state', '=', 'issued')
      .executeTakeFirstOrThrow();
    if (Number(issued.n) !== count) throw new Error(`bonus cost: ${issued.n} of ${count} bonuses issued`);

    const { rows } = await sql<{ dir: string }>`SELECT current_setting('data_directory') AS dir`.execute(db.kysely);
    const postmaster = postmasterPid(rows[0]?.dir ?? '');
    const cpuUs = () => {
      const own = process.cpuUsage();
      return own.user + own.system + clusterCpuMs(postmaster) * 1000;
    };
    if (breakdown) await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db.kysely).catch(() => undefined);
    const gc = breakdown ? observeGc() : null;
    const breakdowns: StretchBreakdown[] = [];
    const perSpin = async (players: Player[], stretch: string) => {
      const parts = gc ? await startStretch(db, postmaster, gc) : null;
      const others = await otherDatabasesBackends(db);
      const before = cpuUs();
      const result = await spinInProcess(db, null, players, settings.durationSeconds, services.houseVendor);
      const spent = (cpuUs() - before - others.spentUs()) / result.spins;
      if (parts) breakdowns.push(await parts.finish(stretch, result.spins));
      return spent;
    };
    // Each player's seed is made on a first spin; the bets counted below are the measured stretches' only.
    await spinInProcess(db, null, [...cashPlayers, ...bonusPlayers], settings.warmupSeconds, services.houseVendor);
    // The tables as a live database has them, analysed and vacuumed, whenever autovacuum first comes by: until it has
    // analysed the fresh `house_rounds`, the round's duplicate check grows with the table (10 s stretches: ~200 → ~800
    // µs wall a bet; analysed, an index-only scan of three buffers), a cost of the database's age that lands on
    // whichever stretches run before that visit, a different one in each run.
    await sql`VACUUM ANALYZE`.execute(db.kysely);
    const { rows: mark } = await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM ledger_transfers`.execute(
      db.kysely,
    );
    const withoutUs: number[] = [];
    const withUs: number[] = [];
    // Without and with in turn, the pair's order reversed each round (cash, bonus; bonus, cash; …): what drifts over
    // the run (the tables' growth, their dead tuples between vacuums) falls on both sides alike.
    for (let round = 0; round < rounds; round++) {
      const cashFirst = round % 2 === 0;
      if (cashFirst) withoutUs.push(await perSpin(cashPlayers, `${round + 1} without`));
      withUs.push(await perSpin(bonusPlayers, `${round + 1} with`));
      if (!cashFirst) withoutUs.push(await perSpin(cashPlayers, `${round + 1} without`));
    }
    gc?.stop();
    if (breakdown) {
      printBreakdowns("Where an active bonus's stretches spent their CPU (BENCH_BONUS_BREAKDOWN)", 'bet', breakdowns);
    }
    const { rows: stakes } = await sql<{ kind: string; n: string }>`
      SELECT a.kind, count(*)::text AS n
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE t.id > ${mark[0]?.id ?? '0'}::int8 AND t.kind = 'bet' AND a.owner_id = ANY(${bonusIds.map(String)}::int8[])
      GROUP BY a.kind`.execute(db.kysely);
    const stakesFrom = (kind: string) => Number(stakes.find((s) => s.kind === kind)?.n ?? 0);
    const running = await db.kysely
      .selectFrom('promotion_claims')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', 'in', bonusIds)
      .where('state', '=', 'issued')
      .executeTakeFirstOrThrow();
    return {
      players: count,
      withoutUs,
      withUs,
      ratio: median(withUs) / median(withoutUs),
      bonusStakes: stakesFrom('member_bonus'),
      cashStakes: stakesFrom('member_main'),
      running: Number(running.n),
    };
  } finally {
    await db.close();
  }
}

/** A free bonus paid on opt-in to everyone, its requirement out of a run's reach, slots weighted 100 %. */
function benchBonus(): PromotionInput {
  return {
    type: 'free',
    texts: { en: { title: 'Bench bonus', body: 'A free bonus for the spin bench.' } },
    image: null,
    startTime: Date.now() - 3600_000,
    endTime: null,
    audience: 'all',
    newMemberDays: 30,
    matchPercent: null,
    bonusCapMinor: BONUS_MINOR,
    minDepositMinor: null,
    fixedBonusMinor: BONUS_MINOR,
    wageringMultiplier: BONUS_WAGERING,
    wageringBase: 'bonus',
    weights: { RNG: 100, LOTT: 10 },
    maxBetMinor: BONUS_MAX_BET,
    expiryHours: 72,
    maxConversionMinor: null,
    maxClaimsPerMember: 1,
    maxClaimsTotal: null,
    budgetMinor: null,
    review: false,
    referralTrigger: null,
    referralValidBetMinor: null,
  };
}

async function measureBonusCost(count: number): Promise<BonusCost> {
  process.stdout.write(`  an active bonus's cost, ${count} players in-process (without, with, three times)… `);
  const bonus = await bonusCost(count, 3);
  console.log(`${bonus.ratio.toFixed(2)}× (load ${loadavg()[0]?.toFixed(1)})`);
  if (bonus.cashStakes > 0 || bonus.running !== count) {
    throw new Error(`bonus cost: ${bonus.cashStakes} cash stakes, ${bonus.running} of ${count} bonuses still running`);
  }
  return bonus;
}

function printBonusCost(bonus: BonusCost) {
  printTable(
    `What an active bonus costs a bet (in-process, ${bonus.players} players each way; with: cash ${BONUS_PLAYER_CASH} below the bet ${BET}, so every bet is a bonus stake, ${bonus.bonusStakes} of them, counted toward a ${BONUS_WAGERING}× requirement; CPU of the spinning process and PostgreSQL)`,
    [
      ...bonus.withoutUs.map((us, i) => ({
        stretch: `${i + 1}`,
        'without µs a bet': Math.round(us),
        'with µs a bet': Math.round(bonus.withUs[i] ?? 0),
      })),
      { stretch: 'with / without (medians)', 'without µs a bet': null, 'with µs a bet': `${bonus.ratio.toFixed(2)}×` },
    ],
  );
}

if (bonusOnly) {
  console.log(`games-api, the bonus cost only: ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per stretch`);
  printBonusCost(await measureBonusCost(Number(process.env.BENCH_BONUS_PLAYERS ?? 32)));
  process.exit(0);
}

const timer = new QueryTimer();
const db = await connectDb({ kind: 'postgres', url: adminUrl, poolSize: 10 }, { log: timer.log });
try {
  console.log(
    `games-api: slot spins through ${baseURL} (PostgreSQL 15, throwaway: fsync off), ${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s per level`,
  );
  const players = await preparePlayers(db, Math.max(...levels));
  console.log(
    `  load average before: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs (figures are noisy above ~1 per CPU)`,
  );
  const postmaster = await clusterPid(db);
  let statements: StatementLine[] = [];
  const spinResults: (LoadResult & { players: number; deadlocks: number; cpuUsPerSpin: CpuPerSpin })[] = [];
  for (const count of levels) {
    process.stdout.write(`  measuring spins, ${count} player(s)… `);
    let before = cpuNow(postmaster);
    let cpu: CpuPerSpin = { server: null, postgres: 0 };
    let profiling = false;
    const result = await withDeadlocks(db, async () => {
      const measured = await measure(spinScenario(players.slice(0, count)), { ...settings, connections: count }, async () => {
        // Analysed tables, as pgbench vacuums before its run and as the bonus cost does (see there): the server's
        // cached plans are made again against the tables' real size.
        await sql`VACUUM ANALYZE`.execute(db.kysely);
        before = cpuNow(postmaster);
        profiling = count === Math.max(...levels) && (await startStatementProfile(db.kysely));
      });
      // Read at once: the deadlock count's one-second wait is not the spins' work.
      cpu = cpuPerSpin(postmaster, before, measured.requests);
      if (profiling) statements = await readStatementProfile(db.kysely, measured.requests, statementRows);
      return measured;
    });
    console.log(
      `${Math.round(result.requestsPerSecond)} spins/s${result.valid ? '' : ' (INVALID: errors or non-2xx)'}; CPU µs a spin: server ${cpu.server ?? '?'}, PostgreSQL ${cpu.postgres} (load ${loadavg()[0]?.toFixed(1)})`,
    );
    spinResults.push({ ...result, players: count, cpuUsPerSpin: cpu });
  }
  if (apiOnly) {
    printStatements(statements);
    await db.close();
    process.exit(0);
  }

  process.stdout.write('  profiling the spin in-process (no HTTP), 1 player… ');
  await spinInProcess(db, null, players.slice(0, 1), settings.warmupSeconds);
  const profile = await withDeadlocks(db, () => spinInProcess(db, timer, players.slice(0, 1), settings.durationSeconds));
  console.log(`${Math.round(profile.spinsPerSecond)} spins/s`);
  process.stdout.write(`  in-process, ${players.length} players… `);
  const inProcess = await withDeadlocks(db, () => spinInProcess(db, null, players, settings.durationSeconds));
  console.log(`${Math.round(inProcess.spinsPerSecond)} spins/s`);

  process.stdout.write(`  preparing the ledger reference (${ledgerMembers} members)… `);
  const ledgerBench = await prepareLedgerBench(adminUrl, 'games_api_ledger', ledgerMembers);
  let ledger: LevelResult;
  try {
    await measureLedger(ledgerBench, LEDGER_CLIENTS, settings.warmupSeconds);
    ledger = await measureLedger(ledgerBench, LEDGER_CLIENTS, settings.durationSeconds);
  } finally {
    await ledgerBench.db.close();
  }
  console.log(`${Math.round(ledger.transfersPerSecond)} transfers/s`);
  process.stdout.write(`  the loyalty count's cost, ${players.length} players in-process (without, with, twice)… `);
  const loyalty = await loyaltyCost(players.length);
  console.log(`${loyalty.ratio.toFixed(2)}×`);
  const bonus = await measureBonusCost(players.length);
  const pglite = await spinsOnPglite(players.length);

  const vsLedger = (perSecond: number) => `${((perSecond / ledger.transfersPerSecond) * 100).toFixed(0)}%`;
  const rows: Row[] = [
    ...spinResults.map((r) => ({
      scenario: `slot spin via the API, ${r.players} player${r.players === 1 ? '' : 's'}`,
      'per s': Math.round(r.requestsPerSecond),
      'vs ledger': vsLedger(r.requestsPerSecond),
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'max ms': r.latencyMs.max,
      count: r.requests,
      errors: r.errors + r.timeouts + r.non2xx,
      deadlocks: r.deadlocks,
      'server CPU µs': r.cpuUsPerSpin.server,
      'PG CPU µs': r.cpuUsPerSpin.postgres,
    })),
    ...[
      ...[profile, inProcess].map((r) => ({ r, database: 'PostgreSQL' })),
      ...pglite.map((r) => ({ r, database: 'PGlite' })),
    ].map(({ r, database }) => ({
      scenario: `slot spin in-process (no HTTP), ${r.players} player${r.players === 1 ? '' : 's'}, ${database}`,
      'per s': Math.round(r.spinsPerSecond),
      'vs ledger': vsLedger(r.spinsPerSecond),
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'max ms': r.latencyMs.max,
      count: r.spins,
      errors: 0,
      deadlocks: 'deadlocks' in r ? (r.deadlocks as number) : null,
    })),
    {
      scenario: `ledger transfer, ${LEDGER_CLIENTS} clients over ${ledgerMembers} members`,
      'per s': Math.round(ledger.transfersPerSecond),
      'vs ledger': '100%',
      'p50 ms': ledger.latencyMs.p50,
      'p99 ms': ledger.latencyMs.p99,
      'max ms': ledger.latencyMs.max,
      count: ledger.transfers,
      errors: ledger.errors,
      deadlocks: null,
    },
  ];
  printTable('Slot spins end to end (PostgreSQL) next to the ledger in the same run', rows);
  const ms = (x: number) => Number(x.toFixed(2));
  const inQueries = profile.queries.reduce((s, q) => s + q.msPerSpin, 0);
  printTable(`Where a spin's ${ms(profile.meanSpinMs)} ms go (in-process, 1 player, mean per spin)`, [
    ...profile.queries.map((q) => ({
      query: q.query,
      'per spin': ms(q.perSpin),
      'mean ms': ms(q.meanMs),
      'ms per spin': ms(q.msPerSpin),
      share: `${((q.msPerSpin / profile.meanSpinMs) * 100).toFixed(0)}%`,
    })),
    {
      query: 'BEGIN/COMMIT, engine math, JS',
      'per spin': null,
      'mean ms': null,
      'ms per spin': ms(profile.meanSpinMs - inQueries),
      share: `${(((profile.meanSpinMs - inQueries) / profile.meanSpinMs) * 100).toFixed(0)}%`,
    },
  ]);
  printStatements(statements);
  printTable(
    `What VIP ranks, points and missions cost a spin (in-process, ${loyalty.players} players; CPU of the spinning process and PostgreSQL)`,
    [
      ...loyalty.withoutUs.map((us, i) => ({
        stretch: `${i + 1}`,
        'without µs a spin': Math.round(us),
        'with µs a spin': Math.round(loyalty.withUs[i] ?? 0),
      })),
      { stretch: 'with / without (medians)', 'without µs a spin': null, 'with µs a spin': `${loyalty.ratio.toFixed(2)}×` },
    ],
  );
  printBonusCost(bonus);
  writeResult('games-api', {
    settings: { ...settings, levels, game: GAME, betMinor: BET, ledgerMembers },
    spins: spinResults,
    inProcess: [profile, inProcess],
    inProcessPglite: pglite,
    ledger,
    statements,
    loyalty,
    bonus,
  });
  if (spinResults.some((r) => !r.valid) || ledger.errors > 0) {
    console.error('\ngames-api: some spins or transfers failed');
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
