import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type Logger, PGliteDialect, PostgresDialect } from 'kysely';
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

export interface SubscribeOptions {
  /**
   * This process's own writes reach the subscriber before the statement that committed them resolves (on
   * PostgreSQL the channel must be announced by `notify_change`, whose NOTICE tells the writing connection; PGlite
   * hears its own notifications at commit): what a cache needs so that a request right after a change, on the same
   * instance, never sees the old value.
   */
  ownWritesFirst?: boolean;
}

export interface Db {
  kysely: Kysely<Database>;
  target: DbTarget;
  /** LISTEN on a channel: how several server instances hear of each other's writes (e.g. settings). */
  subscribe(channel: string, subscriber: Subscriber, options?: SubscribeOptions): Promise<void>;
  /** The whole embedded database as a tarball (PGlite only). */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Told of every statement run and its round trip (a profiler's hook: Kysely adds no timing without it). */
  log?: Logger;
}

/** Statement texts PostgreSQL keeps parsed and planned on each pooled connection, by name (`prepareOnEachConnection`). */
const namedStatements = new Map<string, string>();

/**
 * Asks every pooled PostgreSQL connection to keep this exact statement text prepared: after its first run on a
 * connection, a run sends only the parameters (no parse, no plan). For the few statements nearly every call runs;
 * each name costs a prepared statement per connection, so this is not for dynamic SQL. PGlite runs it as before.
 */
export function prepareOnEachConnection(text: string): void {
  if (!namedStatements.has(text)) namedStatements.set(text, `tessera_${namedStatements.size + 1}`);
}

/** The message of `notify_change`'s NOTICE (migration 2026-12-01-0200): detail the channel, hint the payload. */
const OWN_CHANGE_NOTICE = 'tessera.change';
const CHANNEL_PATTERN = /^[a-z_]{1,40}$/;
const RECONNECT_DELAY_MS = 1000;

/**
 * Opens the database. PGlite (embedded, `dataDir` null = in memory) and PostgreSQL run the same queries;
 * both parse int8 as `bigint` so money never passes through a float.
 */
export async function connectDb(target: DbTarget, options: ConnectOptions = {}): Promise<Db> {
  const log = options.log ? { log: options.log } : {};
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(path.dirname(target.dataDir), { recursive: true });
    const pglite = await PGlite.create(target.dataDir ?? undefined, {
      parsers: { [INT8_OID]: parseInt8 },
      loadDataDir: target.from,
    });
    const kysely = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), ...log });
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
    // own_changes: notify_change also tells this connection of its own cache changes (a NOTICE, applied when it comes
    // back to the pool). JIT compilation pays off only for long analytical scans: on a read of a large team's
    // summaries it cost a quarter of a second a query, more than the rest of the plan saved.
    options: '-c tessera.own_changes=on -c jit=off',
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
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? namedStatements.get(text) : undefined;
      return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
    }) as typeof client.query;
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...log });
  const subscribers = new Map<string, Set<Subscriber>>();
  const dispatch = (message: pg.Notification) => {
    for (const subscriber of subscribers.get(message.channel) ?? []) subscriber.onMessage(message.payload ?? '');
  };
  let closed = false;

  // This process's own changes (`ownWritesFirst`): the database's `notify_change` sends a connection that set
  // `tessera.own_changes` a NOTICE beside its NOTIFY; they are applied when the connection comes back to the pool,
  // after its commit and before the caller's statement resolves. The NOTIFY reaches only the dedicated listener
  // below (and the other instances'): PostgreSQL wakes every listening backend on every NOTIFY, whatever the channel.
  const ownChannels = new Set<string>();
  const ownChanges = new WeakMap<pg.Client, pg.Notification[]>();
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.message !== OWN_CHANGE_NOTICE || !notice.detail || !ownChannels.has(notice.detail)) return;
      const change = { processId: 0, channel: notice.detail, payload: notice.hint ?? '' };
      const pending = ownChanges.get(client);
      if (pending) pending.push(change);
      else ownChanges.set(client, [change]);
    });
  });
  pool.on('release', (_error: Error | undefined, client: pg.Client) => {
    const pending = ownChanges.get(client);
    if (!pending) return;
    ownChanges.delete(client);
    for (const change of pending) dispatch(change);
  });

  // One dedicated connection LISTENs on every channel (LISTEN does not survive a pooled connection being closed).
  // When it drops, notifications may have been missed: every subscriber is told, then it reconnects, and is told again
  // once it listens (what was read while nobody listened may have changed unheard). Connecting and adding channels run
  // one after the other, so no channel is missed by a reconnection under way.
  let listener: { client: pg.Client; channels: Set<string> } | undefined;
  let steps: Promise<void> = Promise.resolve();
  const inOrder = (step: () => Promise<void>) => {
    steps = steps.then(step, step);
    return steps;
  };
  const resetAll = () => {
    for (const group of subscribers.values()) for (const subscriber of group) subscriber.onReset();
  };
  const connectListener = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: target.url });
    const channels = new Set<string>();
    let lost = false;
    const handleLost = () => {
      if (lost) return;
      lost = true;
      if (listener?.client === client) listener = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      resetAll();
      setTimeout(() => void inOrder(connectListener), RECONNECT_DELAY_MS).unref();
    };
    client.on('error', handleLost);
    client.on('end', handleLost);
    client.on('notification', dispatch);
    try {
      await client.connect();
      if (closed) {
        await client.end();
        return;
      }
      for (const channel of subscribers.keys()) {
        await client.query(`LISTEN ${channel}`);
        channels.add(channel);
      }
      if (lost) return;
      listener = { client, channels };
      resetAll();
    } catch {
      handleLost();
    }
  };
  let listenerStarted = false;

  const subscribe = async (channel: string, subscriber: Subscriber, options: SubscribeOptions = {}): Promise<void> => {
    if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid channel name ${channel}`);
    const group = subscribers.get(channel);
    if (group) group.add(subscriber);
    else subscribers.set(channel, new Set([subscriber]));
    if (options.ownWritesFirst) ownChannels.add(channel);
    if (!listenerStarted) {
      listenerStarted = true;
      return inOrder(connectListener);
    }
    return inOrder(async () => {
      if (!listener || listener.channels.has(channel)) return;
      await listener.client.query(`LISTEN ${channel}`).catch(() => undefined);
      listener.channels.add(channel);
    });
  };

  return {
    kysely,
    target,
    subscribe,
    close: async () => {
      closed = true;
      await listener?.client.end().catch(() => undefined);
      await kysely.destroy();
    },
  };
}
