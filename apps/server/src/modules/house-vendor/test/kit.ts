import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { newMember, type TestMember } from '../../../test/factories.js';
import { Ledger } from '../../ledger/service.js';
import { sessionFor } from '../../responsible-gaming/test/kit.js';

/** A member with `amount` minor units deposited and a live site session. */
export async function fundedMember(db: Kysely<Database>, amount: bigint, overrides: Parameters<typeof newMember>[1] = {}) {
  const member = await newMember(db, overrides);
  if (amount > 0n) {
    await new Ledger(db).transfer({
      merchant: member.merchantCode,
      from: { kind: 'channel_in', channel: 'test' },
      to: { kind: 'member_main', memberId: member.id },
      amount,
      kind: 'deposit',
      cause: { type: 'gateway', id: randomUUID() },
    });
  }
  return { ...member, token: await sessionFor(db, member) };
}

/** Launches a house slot with the site token and exchanges the ticket as the game client does. */
export async function openGame(app: FastifyInstance, member: TestMember & { token: string }, gameId: string) {
  const launch = await app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization: member.token },
    payload: { gameId, vassalage: 'TESSERA_RNG', launchMode: 'GLS', platform: 'html5-desktop' },
  });
  const url = new URL(launch.json().value.content.game_url, 'http://x');
  const ticket = url.searchParams.get('session') ?? '';
  const session = await app.inject({ method: 'POST', url: '/wps/house-games/session', payload: { ticket } });
  return { launch, url, ticket, session: session.json().value, gameSession: session.json().value?.sessionToken as string };
}

export const spinBody = (gameCode: string, bet: string, clientRoundId = randomUUID()) => ({ gameCode, bet, clientRoundId });
