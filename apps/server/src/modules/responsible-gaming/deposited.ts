import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What counts against a deposit limit: the member's deposit orders created since each window's start that are
 * approved or still pending (an order waiting for the operator may yet be credited), read from the deposits
 * module's table (read-only). One query for all windows.
 */
export async function depositedSince(
  db: Kysely<Database>,
  merchantCode: string,
  memberId: bigint,
  windowStarts: Date[],
): Promise<bigint[]> {
  if (windowStarts.length === 0) return [];
  const earliest = new Date(Math.min(...windowStarts.map((d) => d.getTime())));
  const row = await db
    .selectFrom('deposit_orders')
    .select(
      windowStarts.map((start, i) =>
        sql<bigint>`coalesce(sum(amount_minor) FILTER (WHERE created_at >= ${start}), 0)::int8`.as(`w${i}`),
      ),
    )
    .where('merchant_code', '=', merchantCode)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['approved', 'pending'])
    .where('created_at', '>=', earliest)
    .executeTakeFirstOrThrow();
  const sums = row as Record<string, bigint>;
  return windowStarts.map((_, i) => BigInt(sums[`w${i}`] ?? 0n));
}
