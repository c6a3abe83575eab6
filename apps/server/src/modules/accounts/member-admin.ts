import { AGENT_CENTRE_TYPES } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../platform/passwords.js';
import { endMemberSessions } from '../sessions/service.js';
import { PASSWORD_MAX_AGE_MS } from './login.js';
import { insertMemberWithCode, isUniqueViolation, type NewMember, newAffiliateCode, takenError } from './members.js';
import * as repo from './repo.js';

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
  async setType(merchantCode: string, account: string, agentType: number, actor: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account, true);
      if (!member) return false;
      await repo.updateAgentType(trx, member.id, agentType);
      if (AGENT_CENTRE_TYPES.includes(agentType) && (await repo.selectAffiliateCodes(trx, member.id)).length === 0) {
        await repo.insertAffiliateCode(trx, merchantCode, newAffiliateCode(), member.id);
      }
      const detail = { from: member.agent_type, to: agentType };
      await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'set-type', detail, actor });
      return true;
    });
  }

  /**
   * Freezes an account (no login, no vendor wallet calls) and ends its sessions, and with them its game
   * sessions, at once; or lets it log in again. False for an unknown account.
   */
  async setFrozen(merchantCode: string, account: string, frozen: boolean, actor: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim(), true);
      if (!member) return false;
      await repo.updateStatus(trx, member.id, frozen ? 'frozen' : 'active');
      if (frozen) await endMemberSessions(trx, member.id, 'operator.frozen');
      await repo.insertAudit(trx, {
        merchantCode,
        memberId: member.id,
        action: frozen ? 'freeze' : 'unfreeze',
        detail: {},
        actor,
      });
      return true;
    });
  }

  /** Clears the failed-login counters of an account from every address (an unknown name has counters too). */
  async unlock(merchantCode: string, account: string, actor: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.deleteFailures(trx, merchantCode, account.trim().toLowerCase());
      const member = await repo.selectMemberByAccount(trx, merchantCode, account.trim());
      if (member) await repo.insertAudit(trx, { merchantCode, memberId: member.id, action: 'unlock', detail: {}, actor });
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
