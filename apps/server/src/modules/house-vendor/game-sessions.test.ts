import { changePassword, logout } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { sealedInject } from '../../test/sealed-call.js';
import type { TestDb } from '../../test/test-db.js';
import { createTwoInstances, type Instance } from '../../test/two-instances.js';
import { MemberAdminService } from '../accounts/member-admin.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import { fundedMember, openGame, spinBody } from './test/kit.js';

const LOTUS = 'TS_LOTUS_FORTUNE';
const SPIN = '/wps/house-games/slots/spin';

/**
 * A game session lives only as long as the site session that launched it: whatever ends that session on one
 * instance stops the next spin on the other at once, and no bet is taken.
 */
describe('game sessions end with the site session, on every instance', () => {
  let db: TestDb;
  let first: Instance;
  let second: Instance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, first, second, close } = await createTwoInstances());
  });
  afterAll(() => close());

  const spinOnSecond = (gameSession: string) =>
    second.inject({ method: 'POST', url: SPIN, headers: { 'x-game-session': gameSession }, payload: spinBody(LOTUS, '200') });
  const roundsOf = async (memberId: bigint) =>
    (await db.kysely.selectFrom('house_rounds').select('id').where('member_id', '=', memberId).execute()).length;

  const endings: [string, (member: Awaited<ReturnType<typeof fundedMember>>) => Promise<unknown>][] = [
    ['logout', (m) => first.inject({ method: logout.method, url: logout.path, headers: { authorization: m.token } })],
    [
      'password change',
      (m) =>
        sealedInject(
          first,
          changePassword,
          { oldPassword: m.password, newPassword: 'Changed987', confirmNewPassword: 'Changed987' },
          { headers: { authorization: m.token } },
        ),
    ],
    [
      'password reset by an operator',
      (m) =>
        new MemberAdminService(db.kysely).setPasswordByOperator(
          DEMO_MERCHANT,
          m.account,
          'Reset9876',
          { expired: false },
          'test',
        ),
    ],
    ['a newer login', (m) => sessionFor(db.kysely, m)],
    ['an operator freeze', (m) => new MemberAdminService(db.kysely).setFrozen(DEMO_MERCHANT, m.account, true, 'test')],
    [
      'self-exclusion',
      (m) =>
        first.inject({
          method: 'POST',
          url: '/wps/member/responsible-gaming/exclusion',
          headers: { authorization: m.token },
          payload: { duration: '24h' },
        }),
    ],
  ];

  it.each(endings)('ends at once after %s', async (_, end) => {
    const member = await fundedMember(db.kysely, 10_000n);
    const { gameSession } = await openGame(first, member, LOTUS);
    expect((await spinOnSecond(gameSession)).statusCode).toBe(200);
    await end(member);
    const spin = await spinOnSecond(gameSession);
    expect(spin.statusCode).toBe(401);
    expect(spin.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
    expect(await roundsOf(member.id)).toBe(1);
  });

  it('answers an ended session before any other refusal of the spin', async () => {
    const member = await fundedMember(db.kysely, 10_000n);
    const { gameSession } = await openGame(first, member, LOTUS);
    await first.inject({ method: logout.method, url: logout.path, headers: { authorization: member.token } });
    for (const bet of ['201', '200000']) {
      const spin = await second.inject({
        method: 'POST',
        url: SPIN,
        headers: { 'x-game-session': gameSession },
        payload: spinBody(LOTUS, bet),
      });
      expect(spin.json()).toMatchObject({ success: false, code: 'game.session.invalid' });
    }
    expect(await roundsOf(member.id)).toBe(0);
  });

  it('keeps a game session while its site session lives, and a password change keeps the site session', async () => {
    const member = await fundedMember(db.kysely, 10_000n);
    const { gameSession } = await openGame(first, member, LOTUS);
    expect((await spinOnSecond(gameSession)).statusCode).toBe(200);
    await sealedInject(
      first,
      changePassword,
      { oldPassword: member.password, newPassword: 'Changed987', confirmNewPassword: 'Changed987' },
      { headers: { authorization: member.token } },
    );
    const relaunched = await openGame(second, member, LOTUS);
    expect((await spinOnSecond(relaunched.gameSession)).statusCode).toBe(200);
  });
});
