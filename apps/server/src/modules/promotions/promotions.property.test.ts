import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import * as repo from './repo.js';
import { createPromotion, depositNow, freeBonusInput, LANGUAGE, spin } from './test/kit.js';

const action = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), member: fc.nat(2), amount: fc.integer({ min: 10_000, max: 60_000 }) }),
  fc.record({ kind: fc.constant('claim' as const), member: fc.nat(2) }),
  fc.record({ kind: fc.constant('spin' as const), member: fc.nat(2), bet: fc.constantFrom(200, 2_000, 6_000) }),
  fc.record({ kind: fc.constant('forfeit' as const), member: fc.nat(2) }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

describe('bonus money keeps the ledger whole', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('cash, bonus and house always sum to zero, and bonus money exists only while its bonus runs', async () => {
    const promotion = await createPromotion(
      t.services,
      freeBonusInput('8000', { wageringMultiplier: 3, maxClaimsPerMember: 100, maxBetMinor: '4000', maxConversionMinor: '6000' }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 20 }), async (actions) => {
        const members = await Promise.all([0, 1, 2].map(() => newMember(t.db.kysely)));
        for (const step of actions) {
          const member = 'member' in step ? members[step.member] : undefined;
          const id = member?.id ?? 0n;
          const expected = (work: Promise<unknown>, codes: string[]) =>
            work.catch((error: { code?: string }) => {
              if (!codes.includes(error.code ?? '')) throw error;
            });
          if (step.kind === 'deposit') await depositNow(t.services, id, BigInt(step.amount));
          if (step.kind === 'claim')
            await expected(t.services.promotions.join(DEMO_MERCHANT, id, BigInt(promotion.id), LANGUAGE), [
              'promo.not.available',
            ]);
          if (step.kind === 'spin')
            await expected(spin(t.services, id, BigInt(step.bet)), ['wallet.insufficient.funds', 'promo.bet.above.max']);
          if (step.kind === 'forfeit')
            await t.db.kysely
              .transaction()
              .execute((trx) => t.services.promotions.beforeWithdrawal(trx, DEMO_MERCHANT, id, true));
          if (step.kind === 'expire') {
            await sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE kind = 'promotions.bonus-expiry' AND done_at IS NULL`.execute(
              t.db.kysely,
            );
            await t.services.jobs.runDue();
            // The app's own runner may hold a job meanwhile: wait for it to finish.
            await expect
              .poll(async () => {
                const { rows } = await sql<{ n: number }>`
                  SELECT count(*)::int AS n FROM jobs
                  WHERE kind = 'promotions.bonus-expiry' AND done_at IS NULL AND run_at <= now()`.execute(t.db.kysely);
                return rows[0]?.n;
              })
              .toBe(0);
          }
        }
        const { rows } = await sql<{ total: string }>`
          SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE merchant_code = ${DEMO_MERCHANT}`.execute(
          t.db.kysely,
        );
        expect(rows[0]?.total).toBe('0');
        for (const member of members) {
          const running = (await repo.selectMemberClaims(t.db.kysely, member.id)).some((claim) => claim.state === 'issued');
          const bonus = await t.services.ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_bonus', memberId: member.id });
          expect(bonus.balance >= 0n).toBe(true);
          if (!running) expect(bonus.balance).toBe(0n);
        }
      }),
      { numRuns: 8 },
    );
  });
});
