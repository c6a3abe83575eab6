import { AGENT_CENTRE_TYPES, TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { hashPassword } from '../../platform/passwords.js';
import { type AuditActor, actorFromName, appendAudit } from '../audit-log/service.js';
import { endMemberSessions } from '../sessions/service.js';
import { PASSWORD_MAX_AGE_MS } from './login.js';
import { insertMemberWithCode, isUniqueViolation, type NewMember, newAffiliateCode, takenError } from './members.js';
import * as repo from './repo.js';

/** Who made a change: an actor name (`cli:<user>`, a test), or a staff member with their address. */
export type Actor = string | AuditActor;
const actorName = (actor: Actor) => (typeof actor === 'string' ? actor : `staff:${actor.actor}`);
const auditActor = (actor: Actor) => (typeof actor === 'string' ? actorFromName(actor) : actor);

/**
 * Changes a member's direct upline in the caller's transaction (the agents module's audited move): the tree
 * trigger moves everyone under the member with them.
 */
export async function setUpline(trx: Kysely<Database>, memberId: bigint, parentId: bigint | null): Promise<void> {
  await repo.updateParent(trx, memberId, parentId);
}

/** The operator's side of accounts (`npm run admin -- member`): every change is audited. */
export class MemberAdminService {
  constructor(private readonly db: Kysely<Database>) {}

  list(merchantCode: string, agentType: number | undefined, limit: number) {
    return repo.listMembers(this.db, merchantCode, agentType, limit);
  }

  async show(merchantCode: string, account: string) {
    const member = await repo.selectMemberByAccount(this.db, merchantCode, account);
    if (!member) return null;
    return { member, affiliateCodes: await repo.selectAffiliateCodes(this.db, member.id) };
  }

  /** Changes the agent type; a new agent gets an affiliate code so that it can recruit at once. */
  async setType(merchantCode: string, account: string, agentType: number, actor: Actor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account, true);
      if (!member) return false;
      if (member.agent_type === agentType) throw new AppError('player.state.unchanged');
      // A trial account has no password and exists for free play only; no other account may become one.
      if (member.agent_type === TRIAL_TYPE || agentType === TRIAL_TYPE) throw new AppError('player.type.trial');
      await repo.updateAgentType(trx, member.id, agentType);
      if (AGENT_CENTRE_TYPES.includes(agentType) && (await repo.selectAffiliateCodes(trx, member.id)).length === 0) {
        await repo.insertAffiliateCode(trx, merchantCode, newAffiliateCode(), member.id);
      }
      const detail = { from: member.agent_type, to: agentType };
      await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'set-type', detail, actor: actorName(actor) });
      await appendAudit(trx, auditActor(actor), {
        merchantCode,
        action: 'player.set-type',
        target: member.account,
        before: { agentType: member.agent_type },
        after: { agentType },
      });
      return true;
    });
  }

  /**
   * Freezes an account (no login, no vendor wallet calls) and ends its sessions, and with them its game
   * sessions, at once; or lets it log in again. False for an unknown account.
   */
  async setFrozen(merchantCode: string, account: string, frozen: boolean, actor: Actor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim(), true);
      if (!member) return false;
      const status = frozen ? 'frozen' : 'active';
      if (member.status === status) throw new AppError('player.state.unchanged');
      await repo.updateStatus(trx, member.id, status);
      if (frozen) await endMemberSessions(trx, member.id, 'operator.frozen');
      await repo.insertAudit(trx, {
        merchantCode,
        memberId: member.id,
        action: frozen ? 'freeze' : 'unfreeze',
        detail: {},
        actor: actorName(actor),
      });
      await appendAudit(trx, auditActor(actor), {
        merchantCode,
        action: frozen ? 'player.lock' : 'player.unlock',
        target: member.account,
        before: { status: member.status },
        after: { status },
      });
      return true;
    });
  }

  /** Clears the failed-login counters of an account from every address (an unknown name has counters too). */
  async unlock(merchantCode: string, account: string, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const cleared = await repo.deleteFailures(trx, merchantCode, account.trim().toLowerCase());
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim());
      if (!member) return;
      await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'unlock', detail: {}, actor: actorName(actor) });
      await appendAudit(trx, auditActor(actor), {
        merchantCode,
        action: 'player.clear-login-failures',
        target: member.account,
        before: { failedLogins: cleared },
        after: { failedLogins: 0 },
      });
    });
  }

  /**
   * The next password login must choose a new password (whatever PWDEXPFORCECHANGE3 says); any new password
   * clears it. Refused for an account without a password (trial).
   */
  async requirePasswordChange(merchantCode: string, account: string, actor: Actor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim(), true);
      if (!member) return false;
      if (member.password_hash === null) throw new AppError('player.no.password');
      if (member.password_change_required) throw new AppError('player.state.unchanged');
      await repo.requirePasswordChange(trx, member.id);
      await repo.insertAudit(trx, {
        merchantCode,
        memberId: member.id,
        action: 'require-password-change',
        detail: {},
        actor: actorName(actor),
      });
      await appendAudit(trx, auditActor(actor), {
        merchantCode,
        action: 'player.require-password-change',
        target: member.account,
        before: { passwordChangeRequired: false },
        after: { passwordChangeRequired: true },
      });
      return true;
    });
  }

  /**
   * An account made by an operator (support staff, e2e): hashed and checked for uniqueness like a registration,
   * audited without the password. A password of 123456 is allowed on purpose: it forces a change at first login.
   */
  async createByOperator(input: NewMember & { password: string }, actor: string): Promise<bigint> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const id = await insertMemberWithCode(trx, { ...input, mobileVerified: true, emailVerified: true }, passwordHash);
        const detail = { agentType: input.agentType ?? 0, mobile: input.mobile ?? null, email: input.email ?? null };
        await repo.insertAudit(trx, { merchantCode: input.merchantCode, memberId: id, action: 'create', detail, actor });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError(error);
      throw error;
    }
  }

  /**
   * Sets a password for a player who lost access; `expired` dates it past the maximum age so that, while
   * PWDEXPFORCECHANGE3 is on, the next login must change it. Ends the member's sessions like a reset does.
   */
  async setPasswordByOperator(
    merchantCode: string,
    account: string,
    password: string,
    options: { expired: boolean },
    actor: string,
  ): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim(), true);
      if (!member) return false;
      const changedAt = options.expired ? new Date(Date.now() - PASSWORD_MAX_AGE_MS - 24 * 3600_000) : new Date();
      await repo.updatePasswordHash(trx, member.id, passwordHash, changedAt);
      await endMemberSessions(trx, member.id, 'password.reset');
      await repo.deleteFailures(trx, merchantCode, member.account.toLowerCase());
      const detail = { expired: options.expired };
      await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'set-password', detail, actor });
      return true;
    });
  }

  audit(merchantCode: string, limit: number) {
    return repo.selectAudit(this.db, merchantCode, limit);
  }
}
