import type { TwoFactorEnrolment, TwoFactorStatus } from '@tessera/contract/api/two-factor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { SealedAtRest } from '../../platform/sealed-at-rest.js';
import {
  acceptedStep,
  enrolmentUri,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
} from '../../platform/totp.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import * as repo from './repo.js';

/** Wrong codes in a row before the factor locks: six digits with a step either side leave 3 in a million per guess. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

export type Checked = 'off' | 'ok' | 'wrong' | 'locked';

/**
 * A player's two-factor login (the "Google code"): an authenticator secret sealed at rest, asked after the password
 * at every login (through modules/login-verification) and before withdrawals and security changes (`require`).
 * A code is accepted once (a replayed one is refused, as is one outside a step either side of now); five wrong in
 * a row lock the factor 15 minutes, so guessing cannot outrun the six digits. An operator reset is audited.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Seals secrets at rest (SEAL_PURPOSES.memberTotpSecret). */
    private readonly seal: SealedAtRest,
  ) {}

  isEnabled(memberId: bigint): Promise<boolean> {
    return repo.isEnabled(this.db, memberId);
  }

  async status(memberId: bigint): Promise<TwoFactorStatus> {
    const enabled = await repo.isEnabled(this.db, memberId);
    return { enabled, recoveryCodesLeft: enabled ? await repo.unusedRecoveryCodes(this.db, memberId) : 0 };
  }

  /** A new secret each time (a restarted enrolment discards the previous one); refused while the factor is on. */
  async startEnrolment(member: { id: bigint; account: string }, issuer: string): Promise<TwoFactorEnrolment> {
    const secret = newTotpSecret();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.selectForUpdate(trx, member.id);
      if (row?.enabled_at) throw new AppError('twofactor.already.enabled');
      await repo.upsertPending(trx, member.id, this.seal.seal(secret, String(member.id)));
    });
    return { secret, uri: enrolmentUri(issuer, member.account, secret) };
  }

  /** The first right code turns the factor on; answers the recovery codes, which are shown this once. */
  async confirmEnrolment(memberId: bigint, code: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.selectForUpdate(trx, memberId);
      if (!row || row.enabled_at) throw new AppError('twofactor.not.enrolling');
      const step = acceptedStep(this.seal.open(row.secret_sealed, String(memberId)), code.trim(), null);
      if (step === null) throw new AppError('twofactor.invalid');
      const codes = newRecoveryCodes();
      await repo.enable(trx, memberId, step, codes.map(recoveryCodeHash));
      return codes;
    });
  }

  /**
   * For a guarded call: nothing when the factor is off; otherwise the code must be given (twofactor.required) and
   * right (twofactor.invalid, twofactor.locked). A recovery code is used up.
   */
  async require(memberId: bigint, code: string | undefined): Promise<void> {
    if (!(await repo.isEnabled(this.db, memberId))) return;
    if (!code?.trim()) throw new AppError('twofactor.required');
    const checked = await this.verify(memberId, code);
    if (checked === 'wrong') throw new AppError('twofactor.invalid');
    if (checked === 'locked') throw new AppError('twofactor.locked');
  }

  /** The member turns the factor off, proving it once more. */
  async disable(memberId: bigint, code: string): Promise<void> {
    if (!(await repo.isEnabled(this.db, memberId))) return;
    await this.require(memberId, code);
    await this.db.transaction().execute((trx) => repo.remove(trx, memberId));
  }

  /** An operator removes a member's factor (a lost phone and lost recovery codes); audited. */
  async reset(member: { id: bigint; merchantCode: string; account: string }, who: AuditActor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const wasOn = await repo.remove(trx, member.id);
      await appendAudit(trx, who, {
        merchantCode: member.merchantCode,
        action: 'player.two-factor.reset',
        target: member.account,
        before: { twoFactor: wasOn ? 'on' : 'off' },
        after: { twoFactor: 'off' },
      });
      return wasOn;
    });
  }

  /**
   * Checks a code in one transaction with the row locked, so two requests carrying the same code cannot both pass;
   * a wrong code is counted in the same committed transaction (the caller throws after it).
   */
  verify(memberId: bigint, code: string): Promise<Checked> {
    return this.db.transaction().execute(async (trx): Promise<Checked> => {
      const row = await repo.selectForUpdate(trx, memberId);
      if (!row?.enabled_at) return 'off';
      if (row.locked_until && row.locked_until.getTime() > Date.now()) return 'locked';
      const given = code.trim();
      if (/^\d{6}$/.test(given)) {
        const step = acceptedStep(this.seal.open(row.secret_sealed, String(memberId)), given, row.last_step);
        if (step !== null) {
          await repo.acceptStep(trx, memberId, step);
          return 'ok';
        }
      } else if (isRecoveryCodeShape(given) && (await repo.useRecoveryCode(trx, memberId, recoveryCodeHash(given)))) {
        return 'ok';
      }
      await repo.countFailure(trx, memberId, MAX_FAILURES, LOCK_MS);
      return 'wrong';
    });
  }
}
