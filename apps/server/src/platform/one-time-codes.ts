import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type QueryExecutorProvider, sql } from 'kysely';

/*
 * One-time codes sent to a player (SMS, mail) and typed back. The tables holding them share the columns id,
 * code_hash, attempts and used_at; each caller finds its newest live row, this piece guesses and uses it up.
 */

/** A fresh 6-digit code, uniformly drawn. */
export const newOneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * What a table stores instead of the code: SHA-256 of the code bound to what it is for (`subject`: purpose,
 * recipient, member), so the database never holds a usable code and one code never answers for another subject.
 */
export const oneTimeCodeHash = (subject: string, code: string) =>
  createHash('sha256').update(`${subject}:${code}`, 'utf8').digest();

/**
 * Counts one guess at the code in row `id` of `table`, then compares it in constant time. The guess is counted in
 * one guarded UPDATE before the comparison, so parallel guesses cannot get past `maxAttempts`; a used or
 * exhausted code answers false like a wrong one.
 */
export async function guessOneTimeCode(
  db: QueryExecutorProvider,
  table: string,
  id: bigint,
  maxAttempts: number,
  guessHash: Buffer,
): Promise<boolean> {
  const { rows } = await sql<{ code_hash: Uint8Array }>`
    UPDATE ${sql.table(table)} SET attempts = attempts + 1
    WHERE id = ${id} AND used_at IS NULL AND attempts < ${maxAttempts}
    RETURNING code_hash`.execute(db);
  const stored = rows[0]?.code_hash;
  return stored !== undefined && stored.length === guessHash.length && timingSafeEqual(Buffer.from(stored), guessHash);
}

/** Marks the code used; false when someone used it first, so of two parallel right answers exactly one counts. */
export async function useOneTimeCode(db: QueryExecutorProvider, table: string, id: bigint): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    UPDATE ${sql.table(table)} SET used_at = now() WHERE id = ${id} AND used_at IS NULL RETURNING id`.execute(db);
  return rows.length > 0;
}
