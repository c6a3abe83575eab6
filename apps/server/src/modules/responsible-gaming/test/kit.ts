import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { TestMember } from '../../../test/factories.js';
import { startSession } from '../../sessions/service.js';

/**
 * Test helpers shared by the responsible-gaming, records, cashback and member-transfer tests: a live session
 * without going through the (sealed, throttled) login call, and an injector that sends its token.
 */
export async function sessionFor(db: Kysely<Database>, member: TestMember): Promise<string> {
  return db
    .transaction()
    .execute((trx) => startSession(trx, { memberId: member.id, merchantCode: member.merchantCode, ip: '127.0.0.1' }));
}

export function asMember(app: FastifyInstance, token: string) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
