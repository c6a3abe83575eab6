// Soak and fault run (`npm run soak`, not CI): mixed player traffic (browse, log in, deposit, spin, lottery, withdraw)
// over two instances of the built server on one throwaway PostgreSQL 15 cluster, while one instance is SIGKILLed and
// restarted twice and the database is restarted once. A request whose connection a kill broke is sent again, with the
// same request id, to the other instance, as a client would. At the end: errors, p99 per call, RSS over time and the
// ledger invariant (the balances sum to zero, every balance equals its transfers, no request applied twice).
//   SOAK_MINUTES  duration (default 30)      SOAK_PLAYERS  concurrent players (default 24)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { login } from '@tessera/contract/api/accounts';
import { createDeposit } from '@tessera/contract/api/deposits';
import { launchGame } from '@tessera/contract/api/games';
import { GAME_SESSION_HEADER, openHouseGameSession, spinSlot } from '@tessera/contract/api/house-games';
import { getCurrentDraw, placeLotterySlip } from '@tessera/contract/api/lottery';
import { getSystemStatus } from '@tessera/contract/api/system';
import { createWithdrawal } from '@tessera/contract/api/withdrawals';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import { sql } from 'kysely';
import { connectDb } from '../apps/server/src/db/connect.js';
import { DEMO_MERCHANT } from '../apps/server/src/db/seed/demo-merchant.js';
import { switchAccountChecks } from '../apps/server/src/modules/bot-check/switch.js';
import { setPaymentPassword } from '../apps/server/src/modules/security-centre/payment-password.js';
import { SecurityCentreService } from '../apps/server/src/modules/security-centre/service.js';
import { DEFAULT_REGISTER_RULES } from '../apps/server/src/modules/site-settings/defaults.js';
import { SiteSettingsService } from '../apps/server/src/modules/site-settings/service.js';
import { payoutAccountInUse } from '../apps/server/src/modules/withdrawals/service.js';
import { registerMembers } from './lib/accounts.js';
import { writeResult } from './lib/report.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 24);
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(tmpdir(), 'tessera-soak-'));
const PASSWORD = 'Bench-pass-1'; // bench/lib/accounts.ts registers with it
const PAYMENT_PASSWORD = '482916';
const SLOT = 'TS_LOTUS_FORTUNE';
const LOTTERY = 'TS_ELOTT_1M';
const PG_BIN = '/usr/lib/postgresql/15/bin';

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── the cluster and the instances ──

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, encoding: 'utf8' }).trim();

function restartPostgres(): Promise<void> {
  const args = [
    `${PG_BIN}/pg_ctl`,
    '-D',
    path.join(pgDir, 'data'),
    '-l',
    path.join(pgDir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-s',
    '-m',
    'fast',
    'restart',
  ];
  const [command, ...rest] = process.getuid?.() === 0 ? ['runuser', '-u', 'tessera-pg', '--', ...args] : args;
  return new Promise((resolve, reject) => {
    spawn(command as string, rest, { stdio: 'ignore' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited ${code}`)),
    );
  });
}

if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')) || !fs.existsSync(path.join(root, 'apps/web/dist'))) {
  log('no build: npm run build');
  run('npm', ['run', '--silent', 'build']);
}
const pgDir = fs.mkdtempSync(path.join(tmpdir(), 'tessera-soak-pg-'));
const adminUrl = run('bash', ['scripts/pg-throwaway.sh', 'start', pgDir]);
run(`${PG_BIN}/psql`, [adminUrl, '-qc', 'CREATE DATABASE tessera_soak']);
const databaseUrl = adminUrl.replace(/\/postgres$/, '/tessera_soak');
log(`PostgreSQL 15 at ${databaseUrl}`);

interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess | null;
  up: boolean;
}
const secretKey = randomBytes(32).toString('hex');
const freePort = () => Number(run('node', ['scripts/free-port.mjs']));
const instances: Instance[] = ['a', 'b'].map((name) => {
  const port = freePort();
  return { name, port, url: `http://127.0.0.1:${port}`, process: null, up: false };
});

async function startInstance(instance: Instance) {
  const dataDir = path.join(work, `data-${instance.name}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const out = fs.openSync(path.join(work, `server-${instance.name}.log`), 'a');
  instance.process = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY: secretKey,
      LOG_LEVEL: 'warn',
      LOTTERY_DRAW_INTERVAL_SECONDS: '60',
    },
    stdio: ['ignore', out, out],
  });
  const child = instance.process;
  child.on('exit', (code, signal) => {
    // Killed or stopped by the run, the instance's process is no longer the current one.
    if (instance.process === child) {
      errors.push(
        `instance ${instance.name} exited by itself (code ${code}, signal ${signal}): see ${work}/server-${instance.name}.log`,
      );
      instance.up = false;
    }
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${instance.url}/readyz`)).ok) {
        instance.up = true;
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`instance ${instance.name} did not become ready (log: ${work}/server-${instance.name}.log)`);
}

function killInstance(instance: Instance) {
  instance.up = false;
  instance.process?.kill('SIGKILL');
  instance.process = null;
}

// ── what is measured ──

interface CallStats {
  latencies: number[];
  statuses: Map<string, number>;
}
const stats = new Map<string, CallStats>();
const errors: string[] = [];
let retriedAfterBrokenConnection = 0;
const rss: { at: number; a: number | null; b: number | null; load: number }[] = [];

function record(call: string, ms: number, outcome: string) {
  let entry = stats.get(call);
  if (!entry) {
    entry = { latencies: [], statuses: new Map() };
    stats.set(call, entry);
  }
  entry.latencies.push(ms);
  entry.statuses.set(outcome, (entry.statuses.get(outcome) ?? 0) + 1);
}

const rssOf = (instance: Instance) => {
  const pid = instance.process?.pid;
  if (!pid) return null;
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : null;
  } catch {
    return null;
  }
};

let next = 0;
const pickInstance = () => {
  const live = instances.filter((instance) => instance.up);
  return (live.length ? live : instances)[next++ % (live.length || instances.length)] as Instance;
};

interface Envelope<T> {
  success: boolean;
  value: T;
  code: string;
}

/**
 * One call: sent to a live instance; a broken connection (an instance killed under it) is sent again, unchanged,
 * to another. A 5xx or a body that is not the envelope is an error; a refusal (4xx) is counted by its code.
 */
async function call<T>(name: string, path: string, init: RequestInit = {}): Promise<Envelope<T> | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const instance = pickInstance();
    const start = performance.now();
    let response: Response;
    try {
      response = await fetch(`${instance.url}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch {
      retriedAfterBrokenConnection += 1;
      await sleep(250);
      continue;
    }
    const text = await response.text();
    const ms = performance.now() - start;
    let body: Envelope<T>;
    try {
      body = JSON.parse(text);
    } catch {
      record(name, ms, `${response.status} not JSON`);
      errors.push(`${name}: ${response.status} not JSON: ${text.slice(0, 120)}`);
      return null;
    }
    if (response.status >= 500) {
      record(name, ms, `${response.status} ${body.code}`);
      // 503 system.not.ready while the database restarts is what a client is told to retry.
      if (response.status === 503 && attempt < 7) {
        await sleep(500);
        continue;
      }
      errors.push(`${name}: ${response.status} ${body.code}`);
      return null;
    }
    record(name, ms, body.success ? 'ok' : `${response.status} ${body.code}`);
    return body;
  }
  record(name, 0, 'no instance answered');
  errors.push(`${name}: no instance answered after 8 attempts`);
  return null;
}

// ── the players ──

interface Player {
  username: string;
  memberId: bigint;
  token: string;
  payoutAccountId: string;
  gameSession: string | null;
}

const json = (token: string | null, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  body: JSON.stringify(body),
});

let sealingKey: { keyId: string; publicKey: string } | null = null;
async function doLogin(player: Player) {
  sealingKey ??=
    (await call<{ keyId: string; publicKey: string }>('GET /wps/session/key/rsa', '/wps/session/key/rsa'))?.value ?? null;
  if (!sealingKey) return;
  const sealed = await sealRequest(sealingKey, login, { username: player.username, password: PASSWORD, type: 'username' });
  const answer = await call<{ token: string }>(`${login.method} ${login.path}`, login.path, {
    method: login.method,
    headers: { 'content-type': 'application/json', ...sealed.headers },
    body: JSON.stringify(sealed.body),
  });
  if (answer?.success) {
    player.token = answer.value.token;
    player.gameSession = null;
  }
}

async function browse() {
  await call(`GET ${getSystemStatus.path}`, `${getSystemStatus.path}?host=localhost`);
  await call(`GET ${getCurrentDraw.path}`, `${getCurrentDraw.path}?gameCode=${LOTTERY}`);
}

async function deposit(player: Player) {
  const body = { channel: 'demo', amountMinor: '100000', requestId: randomUUID() };
  await call(`POST ${createDeposit.path}`, createDeposit.path, json(player.token, body));
}

async function spin(player: Player) {
  if (!player.gameSession) {
    const launch = await call<{ content: { game_url: string } }>(
      `POST ${launchGame.path}`,
      launchGame.path,
      json(player.token, { gameId: SLOT, vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' }),
    );
    if (!launch?.success) return;
    const ticket = new URL(launch.value.content.game_url, 'http://x').searchParams.get('session') ?? '';
    const session = await call<{ sessionToken: string }>(
      `POST ${openHouseGameSession.path}`,
      openHouseGameSession.path,
      json(null, { ticket }),
    );
    if (!session?.success) return;
    player.gameSession = session.value.sessionToken;
  }
  const answer = await call(`POST ${spinSlot.path}`, spinSlot.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [GAME_SESSION_HEADER]: player.gameSession },
    body: JSON.stringify({ gameCode: SLOT, bet: '200', clientRoundId: randomUUID() }),
  });
  if (answer && !answer.success) player.gameSession = null;
}

async function lottery(player: Player) {
  const draw = await call<{ open: { drawId: string } }>(
    `GET ${getCurrentDraw.path}`,
    `${getCurrentDraw.path}?gameCode=${LOTTERY}`,
  );
  if (!draw?.success) return;
  const body = {
    gameCode: LOTTERY,
    drawId: draw.value.open.drawId,
    clientSlipId: randomUUID(),
    bets: [{ bet: { type: 'bigSmall', pick: Math.random() < 0.5 ? 'big' : 'small' }, stake: '1000' }],
  };
  await call(`POST ${placeLotterySlip.path}`, placeLotterySlip.path, json(player.token, body));
}

async function withdraw(player: Player) {
  sealingKey ??=
    (await call<{ keyId: string; publicKey: string }>('GET /wps/session/key/rsa', '/wps/session/key/rsa'))?.value ?? null;
  if (!sealingKey) return;
  const body = {
    requestId: randomUUID(),
    amount: '10000',
    payoutAccountId: player.payoutAccountId,
    paymentPassword: PAYMENT_PASSWORD,
  };
  const sealed = await sealRequest(sealingKey, createWithdrawal, body);
  await call(`POST ${createWithdrawal.path}`, createWithdrawal.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: player.token, ...sealed.headers },
    body: JSON.stringify(sealed.body),
  });
}

const ACTIONS: [number, (player: Player) => Promise<void>][] = [
  [30, () => browse()],
  [4, doLogin],
  [10, deposit],
  [40, spin],
  [12, lottery],
  [4, withdraw],
];
const totalWeight = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);
function pickAction() {
  let roll = Math.random() * totalWeight;
  for (const [weight, action] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0]?.[1] as (player: Player) => Promise<void>;
}

/** Registers the players through the API, then gives each a payment password and a payout account. */
async function preparePlayers(): Promise<Player[]> {
  const db = await connectDb({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  // What is soaked is play and money, not the bot check's proof of work nor new-address verification (as in the bench).
  await switchAccountChecks(new SiteSettingsService(db.kysely), DEMO_MERCHANT, false, 'soak');
  await sleep(2_000);
  const registered = await registerMembers(instances[0]?.url as string, PLAYERS);
  const players: Player[] = [];
  for (const member of registered) {
    const row = await db.kysely
      .selectFrom('members')
      .select('id')
      .where('merchant_code', '=', DEMO_MERCHANT)
      .where('account', '=', member.username)
      .executeTakeFirstOrThrow();
    await setPaymentPassword(
      db.kysely,
      { merchant: DEMO_MERCHANT, memberId: row.id, rules: DEFAULT_REGISTER_RULES },
      { loginPassword: PASSWORD, newPassword: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD },
    );
    const account = await new SecurityCentreService(db.kysely, payoutAccountInUse).bind(DEMO_MERCHANT, row.id, {
      type: 'bank',
      provider: 'Sonali Bank',
      holderName: 'Karim Ahmed',
      accountNumber: String(1_000_000_000 + players.length),
    });
    players.push({
      username: member.username,
      memberId: row.id,
      token: member.token,
      payoutAccountId: account.id,
      gameSession: null,
    });
  }
  await db.close();
  return players;
}

// ── the ledger at the end ──

async function ledgerInvariant() {
  const db = await connectDb({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const q = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db.kysely)).rows;
  const [sum] = await q(sql<{ total: string; accounts: string }>`
    SELECT coalesce(sum(balance), 0)::text AS total, count(*)::text AS accounts FROM ledger_accounts`);
  const [transfers] = await q(sql<{ posted: string; pending: string }>`
    SELECT count(*) FILTER (WHERE state = 'posted')::text AS posted, count(*) FILTER (WHERE state = 'pending')::text AS pending
    FROM ledger_transfers`);
  const mismatched = await q(sql<{ id: string; balance: string; computed: string }>`
    SELECT a.id::text, a.balance::text, (coalesce(c.amount, 0) - coalesce(d.amount, 0))::text AS computed
    FROM ledger_accounts a
    LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS amount FROM ledger_transfers WHERE state = 'posted' GROUP BY 1) c ON c.id = a.id
    LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS amount FROM ledger_transfers WHERE state = 'posted' GROUP BY 1) d ON d.id = a.id
    WHERE a.balance <> coalesce(c.amount, 0) - coalesce(d.amount, 0)`);
  const heldMismatched = await q(sql<{ id: string }>`
    SELECT a.id::text FROM ledger_accounts a
    LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS amount FROM ledger_transfers WHERE state = 'pending' GROUP BY 1) h ON h.id = a.id
    WHERE a.held <> coalesce(h.amount, 0)`);
  // Every request the players sent carried its own id (resent unchanged after a broken connection): one row each.
  const doubleApplied = await q(sql<{ key: string; copies: string }>`
    SELECT key, copies::text FROM (
      SELECT 'deposit ' || request_id AS key, count(*) AS copies FROM deposit_orders GROUP BY request_id
      UNION ALL SELECT 'spin ' || client_round_id, count(*) FROM house_rounds GROUP BY client_round_id
      UNION ALL SELECT 'slip ' || client_slip_id, count(*) FROM lottery_slips GROUP BY client_slip_id
      UNION ALL SELECT 'withdrawal ' || request_id, count(*) FROM withdrawals GROUP BY request_id
    ) requests WHERE copies > 1 LIMIT 20`);
  const [requests] = await q(sql<{ deposits: string; spins: string; slips: string; withdrawals: string }>`
    SELECT (SELECT count(*) FROM deposit_orders)::text AS deposits, (SELECT count(*) FROM house_rounds)::text AS spins,
      (SELECT count(*) FROM lottery_slips)::text AS slips, (SELECT count(*) FROM withdrawals)::text AS withdrawals`);
  const doubleKeys = await q(sql<{ key: string }>`
    SELECT idempotency_key AS key FROM ledger_transfers WHERE idempotency_key IS NOT NULL
    GROUP BY merchant_code, idempotency_key HAVING count(*) > 1 LIMIT 20`);
  await db.close();
  return {
    accounts: Number(sum?.accounts),
    postedTransfers: Number(transfers?.posted),
    pendingTransfers: Number(transfers?.pending),
    balanceSum: sum?.total,
    accountsNotEqualToTransfers: mismatched.length,
    heldNotEqualToPendingTransfers: heldMismatched.length,
    storedRequests: requests,
    requestsAppliedTwice: doubleApplied.length,
    repeatedIdempotencyKeys: doubleKeys.length,
    examples: [...mismatched.slice(0, 5), ...doubleApplied.slice(0, 5)],
  };
}

// ── the run ──

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  log(`work dir ${work}; ${MINUTES} min, ${PLAYERS} players, Node ${process.version}`);
  await startInstance(instances[0] as Instance);
  await startInstance(instances[1] as Instance);
  log(`instances on ${instances.map((i) => i.url).join(' and ')}`);
  const players = await preparePlayers();
  log(`${players.length} players registered, each with a payment password and a payout account`);

  const durationMs = MINUTES * 60_000;
  const started = Date.now();
  const end = started + durationMs;
  const sampler = setInterval(() => {
    rss.push({
      at: Math.round((Date.now() - started) / 1000),
      a: rssOf(instances[0] as Instance),
      b: rssOf(instances[1] as Instance),
      load: loadavg()[0] ?? 0,
    });
  }, 10_000);

  const faults = (async () => {
    const b = instances[1] as Instance;
    const at = (fraction: number) => sleep(Math.max(0, started + durationMs * fraction - Date.now()));
    await at(0.2);
    log('fault: SIGKILL instance b');
    killInstance(b);
    await sleep(5_000);
    await startInstance(b);
    log('instance b restarted');
    await at(0.45);
    log('fault: restart PostgreSQL (fast shutdown)');
    // Asynchronously, so the traffic goes on meanwhile; -l keeps the new postmaster off this process's pipes.
    await restartPostgres();
    log('PostgreSQL back');
    await at(0.7);
    log('fault: SIGKILL instance b');
    killInstance(b);
    await sleep(5_000);
    await startInstance(b);
    log('instance b restarted');
  })();

  await Promise.all(
    players.map(async (player) => {
      while (Date.now() < end) await pickAction()(player);
    }),
  );
  await faults;
  clearInterval(sampler);
  for (const instance of instances) {
    instance.up = false;
    const child = instance.process;
    instance.process = null;
    child?.kill('SIGTERM');
  }
  await sleep(3_000);

  const invariant = await ledgerInvariant();
  const calls = [...stats].map(([name, entry]) => {
    const sorted = [...entry.latencies].sort((x, y) => x - y);
    return {
      call: name,
      requests: entry.latencies.length,
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      outcomes: Object.fromEntries(entry.statuses),
    };
  });
  console.log('\ncalls:');
  for (const row of calls)
    console.log(
      `  ${row.call.padEnd(36)} ${String(row.requests).padStart(7)}  p50 ${String(row.p50Ms).padStart(5)} ms  p99 ${String(row.p99Ms).padStart(5)} ms  ${JSON.stringify(row.outcomes)}`,
    );
  console.log(`\nerrors: ${errors.length}${errors.length ? `\n  ${errors.slice(0, 20).join('\n  ')}` : ''}`);
  console.log(`requests resent after a broken connection: ${retriedAfterBrokenConnection}`);
  console.log(
    `\nRSS (MiB) every 10 s, instance a / b, load: ${rss.map((s) => `${s.at}s ${s.a}/${s.b} (${s.load.toFixed(1)})`).join(', ')}`,
  );
  console.log(`\nledger: ${JSON.stringify(invariant, null, 2)}`);
  const ok =
    errors.length === 0 &&
    invariant.balanceSum === '0' &&
    invariant.accountsNotEqualToTransfers === 0 &&
    invariant.requestsAppliedTwice === 0 &&
    invariant.repeatedIdempotencyKeys === 0;
  writeResult('soak', {
    minutes: MINUTES,
    players: PLAYERS,
    node: process.version,
    calls,
    errors,
    retriedAfterBrokenConnection,
    rss,
    invariant,
    ok,
  });
  run('bash', ['scripts/pg-throwaway.sh', 'stop', pgDir]);
  console.log(ok ? '\nsoak: OK' : '\nsoak: FAILED');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  for (const instance of instances) instance.process?.kill('SIGKILL');
  try {
    run('bash', ['scripts/pg-throwaway.sh', 'stop', pgDir]);
  } catch {
    // already gone
  }
  process.exitCode = 1;
});
