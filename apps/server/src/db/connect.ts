import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

const INT8_OID = 20;
const parseInt8 = (value: string) => BigInt(value);

export type DbTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize: number };

export interface Db {
  kysely: Kysely<Database>;
  target: DbTarget;
  close(): Promise<void>;
}

/**
 * Opens the database. PGlite (embedded, `dataDir` null = in memory) and PostgreSQL run the same queries;
 * both parse int8 as `bigint` so money never passes through a float.
 */
export async function connectDb(target: DbTarget): Promise<Db> {
  if (target.kind === 'pglite') {
    if (target.dataDir) fs.mkdirSync(path.dirname(target.dataDir), { recursive: true });
    const pglite = await PGlite.create(target.dataDir ?? undefined, { parsers: { [INT8_OID]: parseInt8 } });
    const kysely = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return { kysely, target, close: () => kysely.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, target, close: () => kysely.destroy() };
}
