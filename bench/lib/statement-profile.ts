// What the database ran for a stretch of load, from every connection (the server's trackers and caches included,
// which a client-side timer cannot see): pg_stat_statements, on a cluster started with it loaded
// (`PG_STAT_STATEMENTS=1 scripts/pg-throwaway.sh start`). Statements inside functions are listed too
// (track = all), marked nested; a function's own line includes their time.
import { type Kysely, sql } from 'kysely';

export interface StatementLine {
  statement: string;
  nested: boolean;
  perUnit: number;
  msPerUnit: number;
  rowsPerCall: number;
}

/** Starts counting from zero; false when the cluster was started without pg_stat_statements. */
export async function startStatementProfile<T>(db: Kysely<T>): Promise<boolean> {
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
    await sql`SELECT pg_stat_statements_reset()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The statements that took most of the database's time since the start, per `units` (spins, transfers …). */
export async function readStatementProfile<T>(db: Kysely<T>, units: number, top = 15): Promise<StatementLine[]> {
  const { rows } = await sql<{ query: string; toplevel: boolean; calls: string; total_ms: number; rows: string }>`
    SELECT query, toplevel, calls::text, total_exec_time AS total_ms, rows::text
    FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND query NOT LIKE '%pg_stat_statements%'
    ORDER BY total_exec_time DESC
    LIMIT ${top}`.execute(db);
  const per = Math.max(1, units);
  return rows.map((row) => ({
    statement: row.query.replace(/\s+/g, ' ').slice(0, 90),
    nested: !row.toplevel,
    perUnit: Number((Number(row.calls) / per).toFixed(3)),
    msPerUnit: Number((row.total_ms / per).toFixed(4)),
    rowsPerCall: Number((Number(row.rows) / Math.max(1, Number(row.calls))).toFixed(1)),
  }));
}
