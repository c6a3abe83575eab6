import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

const INT8_OID = 20;
const parseInt8 = (value: string) => BigInt(value);

export type DbTarget =
  /** `from`: start an in-memory database as a copy of a `snapshot()` (tests clone one migrated template). */
  { kind: 'pglite'; dataDir: string | null; from?: Blob } | { kind: 'postgres'; url: string; poolSize: number };

/** Receives NOTIFY payloads of one channel; `onReset` runs when notifications may have been missed. */
export interface Subscriber {
  onMessage(payload: string): void;
  onReset(): void;
}

export interface Db {
  kysely: Kysely<Database>;
  target: DbTarget;
  /** LISTEN on a channel: how several server instances hear of each other's writes (e.g. settings). */
  subscribe(channel: string, subscriber: Subscriber): Promise<void>;
  /** The whole embedded database as a tarball (PGlite only). */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

const CHANNEL_PATTERN = /^[a-z_]{1,40}$/;
const RECONNECT_DELAY_MS = 1000;

/**
 * Opens the database. PGlite (embedded, `dataDir` null = in memory) and PostgreSQL run the same queries;
 * both parse int8 as `bigint` so money never passes through a float.
 */
export async function connectDb(target: DbTarget): Promise<Db> {
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(path.dirname(target.dataDir), { recursive: true });
    const pglite = await PGlite.create(target.dataDir ?? undefined, {
      parsers: { [INT8_OID]: parseInt8 },
      loadDataDir: target.from,
    });
    const kysely = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return {
      kysely,
      target,
      snapshot: () => pglite.dumpDataDir('none'),
      subscribe: async (channel, subscriber) => {
        await pglite.listen(channel, (payload) => subscriber.onMessage(payload));
      },
      close: () => kysely.destroy(),
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover, admin termination) is replaced by the pool on the
  // next checkout; without a listener its 'error' event would crash the process.
  pool.on('error', (error) => process.emitWarning(`idle database connection lost: ${error.message}`));
  // A connection the server drops while it is checked out (a restart between two statements of a transaction)
  // emits 'error' on the client itself, where the pool does not listen: unheard, that too would crash the process.
  // The statement on it fails, and the pool discards the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (error) => process.emitWarning(`database connection lost: ${error.message}`));
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<pg.Client>();
  let closed = false;

  // One dedicated connection per channel (LISTEN does not survive a pooled connection being handed out).
  // When it drops, notifications may have been missed: tell the subscriber, then reconnect.
  const listen = async (channel: string, subscriber: Subscriber): Promise<void> => {
    if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid channel name ${channel}`);
    const client = new pg.Client({ connectionString: target.url });
    let lost = false;
    const handleLost = () => {
      if (lost) return;
      lost = true;
      listeners.delete(client);
      client.end().catch(() => undefined);
      if (closed) return;
      subscriber.onReset();
      setTimeout(() => void listen(channel, subscriber), RECONNECT_DELAY_MS).unref();
    };
    client.on('error', handleLost);
    client.on('end', handleLost);
    client.on('notification', (message) => {
      if (message.channel === channel) subscriber.onMessage(message.payload ?? '');
    });
    listeners.add(client);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      handleLost();
    }
  };

  return {
    kysely,
    target,
    subscribe: listen,
    close: async () => {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await kysely.destroy();
    },
  };
}
