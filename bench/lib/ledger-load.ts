// The ledger's spread-out transfer load (random bets, wins and member-to-member transfers over many funded
// members, the house side sharded), shared by bench/ledger.ts and bench/games-api.ts so both quote the
// same figure.
import pg from 'pg';
import { connectDb, type Db } from '../../apps/server/src/db/connect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { type AccountRef, Ledger, type TransferInput } from '../../apps/server/src/modules/ledger/service.js';
import { insertMerchant } from '../../apps/server/src/modules/site-settings/repo.js';
import { DEFAULT_DATABASE_POOL_SIZE } from '../../apps/server/src/platform/config.js';
import { memberIds, seedFundedMembers } from './fixtures.js';

export const MERCHANT = 'bench';
export const MEMBER_PREFIX = 'lb';

export interface LevelResult {
  clients: number;
  transfersPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  transfers: number;
  errors: number;
}

export interface LedgerBench {
  db: Db;
  ledger: Ledger;
  members: bigint[];
}

/** The URL of database `name` on the cluster of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabases(adminUrl: string, names: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const name of names) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database `name` (created first) with `memberCount` members funded well beyond any refusal, opened with
 * the server's own pool size: the clients of a level are concurrent callers queueing for its connections, as a
 * server's requests are, not a backend each.
 */
export async function prepareLedgerBench(adminUrl: string, name: string, memberCount: number): Promise<LedgerBench> {
  await createDatabases(adminUrl, [name]);
  return prepareLedgerBenchOn(
    await connectDb({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: DEFAULT_DATABASE_POOL_SIZE }),
    memberCount,
  );
}

/** The same on an empty database already open (PGlite): migrated, the merchant and its funded members added. */
export async function prepareLedgerBenchOn(db: Db, memberCount: number): Promise<LedgerBench> {
  await migrateToLatest(db.kysely);
  await insertMerchant(db.kysely, MERCHANT, 'Ledger bench');
  await addLedgerBenchMembers(db, 0, memberCount);
  return { db, ledger: new Ledger(db.kysely), members: await memberIds(db.kysely, MERCHANT, MEMBER_PREFIX) };
}

/** Members `from` … `to - 1` of the bench merchant, each funded so that no transfer is refused: what is measured is the write path. */
export async function addLedgerBenchMembers(db: Db, from: number, to: number): Promise<void> {
  await seedFundedMembers(db.kysely, { merchant: MERCHANT, prefix: MEMBER_PREFIX, from, to, amount: 1_000_000_000n });
}

/** p50/p99/max of sorted latencies, in ms with one decimal. */
export function percentiles(sorted: number[]) {
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** `clients` loops of keyed transfers for `seconds`: half bets, 30 % wins, 20 % member-to-member. */
export async function measureLedger({ ledger, members }: LedgerBench, clients: number, seconds: number): Promise<LevelResult> {
  const house: AccountRef = { kind: 'house', purpose: 'games' };
  const main = (i: number): AccountRef => ({ kind: 'member_main', memberId: members[i % members.length] as bigint });
  const pickMember = () => Math.floor(Math.random() * members.length);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const roll = Math.random();
        const a = pickMember();
        const amount = BigInt(1 + Math.floor(Math.random() * 1000));
        const base = {
          merchant: MERCHANT,
          amount,
          cause: { type: 'game_round', id: 'bench' },
          idempotencyKey: crypto.randomUUID(),
        } as const;
        const input: TransferInput =
          roll < 0.5
            ? { ...base, from: main(a), to: house, kind: 'bet' }
            : roll < 0.8
              ? { ...base, from: house, to: main(a), kind: 'win' }
              : {
                  ...base,
                  from: main(a),
                  to: main(a + 1 + Math.floor(Math.random() * (members.length - 1))),
                  kind: 'member_transfer',
                };
        const started = performance.now();
        try {
          await ledger.transfer(input);
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  return {
    clients,
    transfersPerSecond: latencies.length / seconds,
    latencyMs: percentiles(latencies),
    transfers: latencies.length,
    errors,
  };
}
