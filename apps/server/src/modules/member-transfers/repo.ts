import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Read-only view of the accounts module's members table: who is who in the agent tree. */
export function selectMember(db: Kysely<Database>, merchantCode: string, memberId: bigint) {
  return db
    .selectFrom('members as m')
    .leftJoin('members as p', 'p.id', 'm.parent_id')
    .select([
      'm.id',
      'm.account',
      'm.agent_type',
      'm.parent_id',
      'm.status',
      'p.account as parent_account',
      'p.status as parent_status',
    ])
    .where('m.id', '=', memberId)
    .where('m.merchant_code', '=', merchantCode)
    .executeTakeFirst();
}

/**
 * A member of the agent's downline at any depth (children, their children, …) by account name; never the agent. The
 * account's unique index finds the member and the agent tree's closure (owned by the agents module) says in one
 * primary-key read whether they are under the agent.
 */
export async function selectDownline(db: Kysely<Database>, merchantCode: string, agentId: bigint, account: string) {
  const result = await sql<{ id: bigint; account: string; status: string }>`
    SELECT m.id, m.account, m.status FROM members m
    JOIN agent_tree t ON t.ancestor_id = ${agentId} AND t.descendant_id = m.id AND t.depth > 0
    WHERE m.merchant_code = ${merchantCode} AND lower(m.account) = ${account.toLowerCase()}`.execute(db);
  return result.rows[0];
}

export function selectByRequest(db: Kysely<Database>, fromMemberId: bigint, requestId: string) {
  return db
    .selectFrom('member_transfers as t')
    .innerJoin('members as m', 'm.id', 't.to_member_id')
    .select(['t.id', 't.to_member_id', 'm.account as to_account', 't.relation', 't.amount_minor', 't.created_at'])
    .where('from_member_id', '=', fromMemberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Inserts the record; null when the same request id committed first on another connection. */
export async function insertTransfer(
  db: Kysely<Database>,
  row: {
    merchantCode: string;
    from: bigint;
    to: bigint;
    relation: 'upline' | 'downline';
    amount: bigint;
    requestId: string;
    ledgerTransferId: bigint;
  },
): Promise<bigint | null> {
  const inserted = await db
    .insertInto('member_transfers')
    .values({
      merchant_code: row.merchantCode,
      from_member_id: row.from,
      to_member_id: row.to,
      relation: row.relation,
      amount_minor: row.amount,
      request_id: row.requestId,
      ledger_transfer_id: row.ledgerTransferId,
    })
    .onConflict((oc) => oc.columns(['from_member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function selectHistory(db: Kysely<Database>, memberId: bigint, limit: number) {
  return db
    .selectFrom('member_transfers as t')
    .innerJoin('members as f', 'f.id', 't.from_member_id')
    .innerJoin('members as r', 'r.id', 't.to_member_id')
    .select([
      't.id',
      't.from_member_id',
      't.relation',
      't.amount_minor',
      't.created_at',
      'f.account as from_account',
      'r.account as to_account',
    ])
    .where((eb) => eb.or([eb('t.from_member_id', '=', memberId), eb('t.to_member_id', '=', memberId)]))
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}
