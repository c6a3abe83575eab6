import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function isKnownAddress(db: Kysely<Database>, memberId: bigint, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_known_addresses')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberAddress(db: Kysely<Database>, memberId: bigint, ip: string) {
  await db
    .insertInto('member_known_addresses')
    .values({ member_id: memberId, ip })
    .onConflict((conflict) => conflict.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: new Date() }))
    .execute();
}

export async function forgetAddresses(db: Kysely<Database>, memberId: bigint): Promise<number> {
  const result = await db.deleteFrom('member_known_addresses').where('member_id', '=', memberId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertTicket(
  db: Kysely<Database>,
  ticket: {
    ticketHash: Buffer;
    memberId: bigint;
    merchantCode: string;
    ip: string;
    passwordExpired: boolean;
    mustChange: boolean;
    secondFactor: boolean;
    expiresAt: Date;
  },
) {
  await db
    .insertInto('login_verification_tickets')
    .values({
      ticket_hash: ticket.ticketHash,
      member_id: ticket.memberId,
      merchant_code: ticket.merchantCode,
      ip: ticket.ip,
      password_expired: ticket.passwordExpired,
      must_change: ticket.mustChange,
      second_factor: ticket.secondFactor,
      method: null,
      code_hash: null,
      code_expires_at: null,
      expires_at: ticket.expiresAt,
      used_at: null,
    })
    .execute();
}

export type OpenTicket = NonNullable<Awaited<ReturnType<typeof selectOpenTicket>>>;

/** A ticket still open: not used, not expired, opened for this merchant from this address. */
export function selectOpenTicket(db: Kysely<Database>, ticketHash: Buffer, merchantCode: string, ip: string) {
  return db
    .selectFrom('login_verification_tickets')
    .select([
      'member_id',
      'method',
      'code_hash',
      'code_expires_at',
      'attempts',
      'password_expired',
      'must_change',
      'second_factor',
    ])
    .where('ticket_hash', '=', ticketHash)
    .where('merchant_code', '=', merchantCode)
    .where('ip', '=', ip)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function storeCode(db: Kysely<Database>, ticketHash: Buffer, method: string, codeHash: Buffer, codeExpiresAt: Date) {
  await db
    .updateTable('login_verification_tickets')
    .set({ method, code_hash: codeHash, code_expires_at: codeExpiresAt })
    .where('ticket_hash', '=', ticketHash)
    .execute();
}

export async function countWrongCode(db: Kysely<Database>, ticketHash: Buffer, kind: 'code' | 'answer') {
  await db
    .updateTable('login_verification_tickets')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      wrong_answers: kind === 'answer' ? eb('wrong_answers', '+', 1) : eb.ref('wrong_answers'),
    }))
    .where('ticket_hash', '=', ticketHash)
    .execute();
}

/** Wrong knowledge answers of a member over all its tickets opened since `since`. */
export async function countWrongAnswers(db: Kysely<Database>, memberId: bigint, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_verification_tickets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('wrong_answers'), eb.lit(0)).as('wrong'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.wrong);
}

/** Uses the ticket up; false when another request used it first or its attempts ran out meanwhile. */
export async function useTicket(db: Kysely<Database>, ticketHash: Buffer, maxAttempts: number): Promise<boolean> {
  const row = await db
    .updateTable('login_verification_tickets')
    .set({ used_at: new Date() })
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Tickets opened before `before`: dead, and past the window in which their wrong answers count. */
export async function sweepTickets(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('login_verification_tickets').where('created_at', '<', before).execute();
}
