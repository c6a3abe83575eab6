import { logout } from '@tessera/contract/api/accounts';
import { getBalance } from '@tessera/contract/api/wallet';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from './db/seed/demo-merchant.js';
import { MemberAdminService } from './modules/accounts/member-admin.js';
import { fundedMember, openGame, spinBody } from './modules/house-vendor/test/kit.js';
import { ResponsibleGamingService } from './modules/responsible-gaming/service.js';
import type { TestDb } from './test/test-db.js';
import { createTwoInstances, type Instance } from './test/two-instances.js';

const LOTUS = 'TS_LOTUS_FORTUNE';
const SPIN = '/wps/house-games/slots/spin';
/** What the caches promise: a change is honoured on every instance within a second (in practice, at its commit). */
const WITHIN = { timeout: 1000, interval: 10 };
const ON_POSTGRES = process.env.TEST_DB === 'postgres';

/**
 * The per-process caches of the hot calls (token sessions, game sessions, catalogue entries, exclusions and trial
 * flags; services.ts) across two instances: each has served the cached value before the change, and must not after —
 * the instance that wrote it (through `db`, the first's own pool) as soon as the write returns.
 */
describe('caches of the hot calls across instances', () => {
  let db: TestDb;
  let first: Instance;
  let second: Instance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, first, second, close } = await createTwoInstances());
  });
  afterAll(() => close());

  const balanceOn = async (app: Instance, token: string) =>
    (await app.inject({ method: getBalance.method, url: getBalance.path, headers: { authorization: token } })).statusCode;
  const spinOn = async (app: Instance, gameSession: string) => {
    const reply = await app.inject({
      method: 'POST',
      url: SPIN,
      headers: { 'x-game-session': gameSession },
      payload: spinBody(LOTUS, '200'),
    });
    return reply.statusCode === 200 ? 'spun' : (reply.json() as { code: string }).code;
  };
  const setGameStatus = (status: 'active' | 'maintenance') =>
    db.kysely.updateTable('catalogue_games').set({ status }).where('game_code', '=', LOTUS).execute();

  it('refuses a token on the other instance once it logged out, and on its own at once', async () => {
    const member = await fundedMember(db.kysely, 0n);
    expect(await balanceOn(second, member.token)).toBe(200);
    expect(await balanceOn(first, member.token)).toBe(200);
    await first.inject({ method: logout.method, url: logout.path, headers: { authorization: member.token } });
    expect(await balanceOn(first, member.token)).toBe(401);
    await expect.poll(() => balanceOn(second, member.token), WITHIN).toBe(401);
  });

  it("refuses a frozen member's token on every instance, the freeze written by the operator tool", async () => {
    const member = await fundedMember(db.kysely, 0n);
    expect(await balanceOn(first, member.token)).toBe(200);
    expect(await balanceOn(second, member.token)).toBe(200);
    // Written through the first instance's own pool: its caches must have forgotten the member when the write returns.
    await new MemberAdminService(db.kysely).setFrozen(DEMO_MERCHANT, member.account, true, 'test');
    expect(await balanceOn(first, member.token)).toBe(401);
    await expect.poll(() => balanceOn(second, member.token), WITHIN).toBe(401);
  });

  it('stops the bets of a member a new exclusion reaches, and takes them again once an operator lifts it', async () => {
    const member = await fundedMember(db.kysely, 10_000n);
    const { gameSession } = await openGame(first, member, LOTUS);
    expect(await spinOn(first, gameSession)).toBe('spun');
    expect(await spinOn(second, gameSession)).toBe('spun');
    // Written straight to the table, as any writer might: the session stays, only the exclusion stops the bet.
    await db.kysely
      .insertInto('rg_exclusions')
      .values({
        member_id: member.id,
        merchant_code: DEMO_MERCHANT,
        kind: 'timeout',
        duration: '24h',
        starts_at: new Date(Date.now() - 1000),
        ends_at: new Date(Date.now() + 86_400_000),
        lifted_at: null,
        lifted_by: null,
      })
      .execute();
    expect(await spinOn(first, gameSession)).toBe('rg.excluded');
    await expect.poll(() => spinOn(second, gameSession), WITHIN).toBe('rg.excluded');
    await new ResponsibleGamingService(db.kysely).operatorLift(DEMO_MERCHANT, member.account, 'test');
    await expect.poll(() => spinOn(second, gameSession), WITHIN).toBe('spun');
  });

  it('stops the bets on a game switched to maintenance, and takes them again when it is back', async () => {
    const member = await fundedMember(db.kysely, 10_000n);
    const { gameSession } = await openGame(first, member, LOTUS);
    expect(await spinOn(first, gameSession)).toBe('spun');
    expect(await spinOn(second, gameSession)).toBe('spun');
    try {
      await setGameStatus('maintenance');
      expect(await spinOn(first, gameSession)).toBe('game.maintenance');
      await expect.poll(() => spinOn(second, gameSession), WITHIN).toBe('game.maintenance');
    } finally {
      await setGameStatus('active');
    }
    await expect.poll(() => spinOn(second, gameSession), WITHIN).toBe('spun');
  });

  // PGlite runs in process: it has no connection to lose.
  if (ON_POSTGRES) {
    it('drops every cached value when its listening connection is lost, so a missed change shows after the reconnect', async () => {
      const member = await fundedMember(db.kysely, 10_000n);
      const { gameSession } = await openGame(first, member, LOTUS);
      expect(await spinOn(second, gameSession)).toBe('spun');
      try {
        // A change whose notification is lost: written with the database's triggers off.
        await db.kysely.transaction().execute(async (trx) => {
          await sql`SET LOCAL session_replication_role = replica`.execute(trx);
          await trx.updateTable('catalogue_games').set({ status: 'maintenance' }).where('game_code', '=', LOTUS).execute();
        });
        expect(await spinOn(second, gameSession)).toBe('spun');
        await sql`
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %'`.execute(db.kysely);
        await expect.poll(() => spinOn(second, gameSession), { timeout: 5000, interval: 20 }).toBe('game.maintenance');
      } finally {
        await setGameStatus('active');
      }
      await expect.poll(() => spinOn(second, gameSession), { timeout: 5000, interval: 20 }).toBe('spun');
    });
  }
});
