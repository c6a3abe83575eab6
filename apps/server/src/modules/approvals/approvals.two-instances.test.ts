import { randomUUID } from 'node:crypto';
import { DEFAULT_ROLES } from '@tessera/contract/staff-permissions';
import { type Kysely, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { type AuditActor, type AuditEvent, AuditLog } from '../audit-log/service.js';
import { DepositsService } from '../deposits/service.js';
import { Ledger } from '../ledger/service.js';
import { MoneyDesk } from '../money-desk/service.js';
import { SecurityCentreService } from '../security-centre/service.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { enrolledStaff } from '../staff/test/kit.js';
import { payoutAccountInUse, WithdrawalsService } from '../withdrawals/service.js';
import { availableOf, balanceOf, PAYMENT_PASSWORD, playerWithBalance } from '../withdrawals/test/kit.js';
import { ApprovalsService, type StaffActor } from './service.js';

const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const THRESHOLD = 10_000n;

/** An audit log whose instance dies while it records a confirmation: after the money moved, before the commit. */
class DyingAuditLog extends AuditLog {
  override async append(who: AuditActor, event: AuditEvent, trx?: Kysely<Database>) {
    if (event.action === 'approval.confirm' && trx) {
      if (ON_POSTGRES) await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(trx as Transaction<Database>);
      throw new Error('the instance died');
    }
    return super.append(who, event, trx);
  }
}

/** One server instance's money services over its own connections. */
function instance(db: Kysely<Database>, auditLog = new AuditLog(db)) {
  const settings = new SiteSettingsService(db);
  const ledger = new Ledger(db);
  const withdrawals = new WithdrawalsService(
    db,
    ledger,
    new SecurityCentreService(db, payoutAccountInUse),
    async (merchant) => (await settings.get(merchant, 0)) ?? Promise.reject(new Error(merchant)),
  );
  const approvals = new ApprovalsService(db, auditLog, async () => THRESHOLD);
  const moneyDesk = new MoneyDesk(db, { approvals, auditLog, deposits: new DepositsService(db, ledger), withdrawals, ledger });
  return { approvals, moneyDesk, withdrawals };
}

/* On PostgreSQL each instance has its own pool, so the two really run at once; on PGlite they take turns. */
describe('four-eyes approvals on two instances', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: Db;
  let first: ReturnType<typeof instance>;
  let second: ReturnType<typeof instance>;
  let asker: StaffActor;
  let confirmer: StaffActor;
  let owner: StaffActor;

  const staffActor = async (name: string, role: 'finance' | 'owner'): Promise<StaffActor> => {
    await enrolledStaff(t.app, t.services, name, role);
    const row = await t.db.kysely.selectFrom('staff').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return { staffId: row.id, name, permissions: DEFAULT_ROLES[role], ip: '10.0.0.1' };
  };

  const waitingWithdrawal = async () => {
    const player = await playerWithBalance(t.db.kysely, 50_000n);
    const created = await first.withdrawals.create(
      { merchant: DEMO_MERCHANT, memberId: player.member.id },
      { requestId: randomUUID(), amount: '30000', payoutAccountId: player.accountId, paymentPassword: PAYMENT_PASSWORD },
    );
    const asked = await first.moneyDesk.approveWithdrawal(asker, DEMO_MERCHANT, BigInt(created.id));
    expect(asked.outcome).toBe('awaiting_second');
    return { memberId: player.member.id, withdrawalId: BigInt(created.id), approvalId: BigInt(asked.approvalId ?? '0') };
  };
  const codesOf = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code?: string }).code)).sort();

  beforeAll(async () => {
    t = await createTestApp();
    other = await t.db.reopen();
    first = instance(t.db.kysely);
    second = instance(other.kysely);
    asker = await staffActor('fin.ask', 'finance');
    confirmer = await staffActor('fin.check', 'finance');
    owner = await staffActor('big.boss', 'owner');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('pays once when two staff confirm the same approval on two instances at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { memberId, approvalId } = await waitingWithdrawal();
      const results = await Promise.allSettled([
        first.approvals.confirm(confirmer, DEMO_MERCHANT, approvalId),
        second.approvals.confirm(owner, DEMO_MERCHANT, approvalId),
      ]);
      expect(codesOf(results)).toEqual(['approval.state', 'ok']);
      expect(await balanceOf(t.db.kysely, memberId)).toBe(20_000n);
    }
  });

  it('leaves neither the payout nor the decision when an instance dies mid-confirmation, and the survivor confirms once', async () => {
    const { memberId, withdrawalId, approvalId } = await waitingWithdrawal();
    const dying = instance(other.kysely, new DyingAuditLog(other.kysely));
    await expect(dying.approvals.confirm(confirmer, DEMO_MERCHANT, approvalId)).rejects.toThrow();
    const row = await t.db.kysely
      .selectFrom('money_actions')
      .select('status')
      .where('id', '=', approvalId)
      .executeTakeFirstOrThrow();
    const withdrawal = await t.db.kysely
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', withdrawalId)
      .executeTakeFirstOrThrow();
    expect([row.status, withdrawal.status]).toEqual(['pending', 'pending']);
    expect([await balanceOf(t.db.kysely, memberId), await availableOf(t.db.kysely, memberId)]).toEqual([50_000n, 20_000n]);

    const confirmed = await first.approvals.confirm(confirmer, DEMO_MERCHANT, approvalId);
    expect(confirmed.status).toBe('executed');
    await expect(second.approvals.confirm(owner, DEMO_MERCHANT, approvalId)).rejects.toMatchObject({ code: 'approval.state' });
    expect(await balanceOf(t.db.kysely, memberId)).toBe(20_000n);
    expect(await t.services.auditLog.verify()).toMatchObject({ intact: true });
  });
});
