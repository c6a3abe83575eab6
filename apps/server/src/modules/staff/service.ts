import { randomBytes } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@tessera/contract/staff-permissions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { checkPassword, hashPassword } from '../../platform/passwords.js';
import type { SealedAtRest } from '../../platform/sealed-at-rest.js';
import {
  acceptedStep,
  enrolmentQr,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
} from '../../platform/totp.js';
import type { AuditActor, AuditLog } from '../audit-log/service.js';
import { hashToken } from '../sessions/service.js';
import * as repo from './repo.js';

export const STAFF_LIMITS = {
  /** An enrolment link is good for three days. */
  enrolmentMs: 72 * 3600_000,
  /** Between the password and the second factor. */
  secondFactorStepMs: 5 * 60_000,
  /** A session ends after this long without a call… */
  idleMs: 30 * 60_000,
  /** …and after this long in any case. */
  absoluteMs: 12 * 3600_000,
  /** Failed passwords or codes in a row before the account locks… */
  failuresBeforeLock: 5,
  /** …for this long. */
  lockMs: 15 * 60_000,
  /** A session's last-seen time is written at most this often. */
  touchEveryMs: 60_000,
} as const;

/** The staff member behind a live, fully logged-in back-office session. */
export interface StaffPrincipal {
  staffId: bigint;
  name: string;
  role: string;
  permissions: Permission[];
  sessionId: bigint;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** What an authenticator app names the staff entry. */
const STAFF_TOTP_ISSUER = 'Tessera back office';

const newToken = () => randomBytes(32).toString('base64url');
const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/**
 * Staff accounts of the back office, apart from members: created with a one-time enrolment link, enrolled with a
 * password (argon2id) and a mandatory TOTP second factor with ten recovery codes; a login is the password, then a
 * code; sessions end when idle, can be listed and revoked; repeated failures lock the account. Every change is
 * written to the audit log in the same transaction.
 */
export class StaffService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly auditLog: AuditLog,
    /** Seals TOTP secrets at rest (SEAL_PURPOSES.staffTotpSecret). */
    private readonly totpSeal: SealedAtRest,
    private readonly now: () => number = Date.now,
  ) {}

  /** The member's TOTP secret opened, or null before enrolment made one. */
  private totpSecretOf(member: { id: bigint; totp_secret_sealed: Uint8Array | null }): string | null {
    return member.totp_secret_sealed === null ? null : this.totpSeal.open(member.totp_secret_sealed, String(member.id));
  }

  /** A new staff member waiting for enrolment; returns the enrolment token, which is shown once and stored hashed. */
  async create(name: string, role: string, by: AuditActor): Promise<{ id: bigint; enrolmentToken: string; expiresAt: Date }> {
    const enrolmentToken = newToken();
    const expiresAt = new Date(this.now() + STAFF_LIMITS.enrolmentMs);
    const id = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.selectRole(trx, role))) throw new AppError('staff.role.unknown');
      const inserted = await repo.insertStaff(trx, {
        name,
        role,
        enrolTokenHash: hashToken(enrolmentToken),
        enrolExpiresAt: expiresAt,
        createdBy: by.actor,
      });
      if (inserted === null) throw new AppError('staff.name.taken');
      await this.auditLog.append(by, { action: 'staff.create', target: name, after: { name, role } }, trx);
      return inserted;
    });
    return { id, enrolmentToken, expiresAt };
  }

  /** The enrolment's QR code: the TOTP secret is made on the first look and kept, so a reload shows the same one. */
  async enrolmentStart(token: string): Promise<{ name: string; otpauthUri: string; qrDataUrl: string; secret: string }> {
    const { name, secret } = await this.db.transaction().execute(async (trx) => {
      const member = await this.enrollable(trx, token);
      const stored = this.totpSecretOf(member);
      const secret = stored ?? newTotpSecret();
      if (stored === null)
        await repo.updateStaff(trx, member.id, { totp_secret_sealed: this.totpSeal.seal(secret, String(member.id)) });
      return { name: member.name, secret };
    });
    const { uri, qrDataUrl } = await enrolmentQr(STAFF_TOTP_ISSUER, name, secret);
    return { name, otpauthUri: uri, qrDataUrl, secret };
  }

  /** Sets the password once the first code proves the authenticator works; returns the recovery codes, shown once. */
  async enrolmentComplete(
    token: string,
    password: string,
    code: string,
    client: ClientInfo,
  ): Promise<{ recoveryCodes: string[] }> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction().execute(async (trx) => {
      const member = await this.enrollable(trx, token);
      const secret = this.totpSecretOf(member);
      if (secret === null) throw new AppError('staff.enrolment.invalid');
      // The code proves the authenticator works; it is not spent, so the login right after may show the same one.
      if (acceptedStep(secret, code, null) === null) throw new AppError('staff.code.invalid');
      const recoveryCodes = newRecoveryCodes();
      await repo.updateStaff(trx, member.id, {
        password_hash: passwordHash,
        enrol_token_hash: null,
        enrol_expires_at: null,
        enrolled_at: new Date(this.now()),
        failed_attempts: 0,
        locked_until: null,
      });
      await repo.replaceRecoveryCodes(trx, member.id, recoveryCodes.map(recoveryCodeHash));
      await this.auditLog.append(
        { actor: member.name, kind: 'staff', ip: client.ip },
        { action: 'staff.enrol', target: member.name, after: { recoveryCodes: recoveryCodes.length } },
        trx,
      );
      return { recoveryCodes };
    });
  }

  private async enrollable(trx: Kysely<Database>, token: string) {
    const member = await repo.lockStaffByEnrolToken(trx, hashToken(token));
    const expired = !member?.enrol_expires_at || member.enrol_expires_at.getTime() <= this.now();
    if (!member || expired || member.disabled_at) throw new AppError('staff.enrolment.invalid');
    return member;
  }

  /** The password step: a short-lived challenge for the second factor. */
  async login(name: string, password: string, client: ClientInfo): Promise<{ challenge: string }> {
    return this.withFailureCount<{ challenge: string }>(name, client, async (trx, member) => {
      if (!(await checkPassword(member?.password_hash ?? null, password)) || !member) return { failed: 'staff.login.invalid' };
      const challenge = newToken();
      await repo.insertSession(trx, {
        tokenHash: hashToken(challenge),
        staffId: member.id,
        secondFactorDone: false,
        ...client,
        expiresAt: new Date(this.now() + STAFF_LIMITS.secondFactorStepMs),
      });
      return { ok: { challenge } };
    });
  }

  /** The second step: a current TOTP code (once) or an unused recovery code turns the challenge into a session. */
  async secondFactor(challenge: string, code: string, client: ClientInfo): Promise<{ token: string }> {
    const step = await repo.selectLiveSession(this.db, hashToken(challenge));
    if (!step || step.second_factor_done || step.expires_at.getTime() <= this.now()) throw new AppError('staff.code.invalid');
    return this.withFailureCount<{ token: string }>(step.name, client, async (trx, member) => {
      const secret = member && member.id === step.staffId ? this.totpSecretOf(member) : null;
      if (!member || secret === null) return { failed: 'staff.code.invalid' };
      let usedRecoveryCode = false;
      const totpStep = acceptedStep(secret, code.trim(), member.totp_last_step);
      if (totpStep !== null) await repo.updateStaff(trx, member.id, { totp_last_step: totpStep });
      else if (isRecoveryCodeShape(code) && (await repo.useRecoveryCode(trx, member.id, recoveryCodeHash(code)))) {
        usedRecoveryCode = true;
      } else return { failed: 'staff.code.invalid' };
      if (!(await repo.endSession(trx, step.sessionId, 'second factor'))) return { failed: 'staff.code.invalid' };
      const token = newToken();
      await repo.insertSession(trx, {
        tokenHash: hashToken(token),
        staffId: member.id,
        secondFactorDone: true,
        ...client,
        expiresAt: new Date(this.now() + STAFF_LIMITS.absoluteMs),
      });
      await this.auditLog.append(
        { actor: member.name, kind: 'staff', ip: client.ip },
        { action: 'staff.login', target: member.name, after: { secondFactor: usedRecoveryCode ? 'recovery code' : 'totp' } },
        trx,
      );
      return { ok: { token } };
    });
  }

  /**
   * Runs a login step under the member's row lock. A failure counts against the account (and locks it after too
   * many); the count and the lock are committed even though the step itself is refused.
   */
  private async withFailureCount<T>(
    name: string,
    client: ClientInfo,
    attempt: (
      trx: Kysely<Database>,
      member: Awaited<ReturnType<typeof repo.lockStaffByName>>,
    ) => Promise<{ ok: T } | { failed: 'staff.login.invalid' | 'staff.code.invalid' }>,
  ): Promise<T> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const found = await repo.lockStaffByName(trx, name);
      const member = found?.enrolled_at && !found.disabled_at ? found : undefined;
      if (member?.locked_until && member.locked_until.getTime() > this.now()) return { failed: 'staff.login.locked' as const };
      const result = await attempt(trx, member);
      if ('ok' in result) {
        if (member && member.failed_attempts > 0) await repo.updateStaff(trx, member.id, { failed_attempts: 0 });
        return result;
      }
      if (member) {
        const failures = member.failed_attempts + 1;
        const locks = failures >= STAFF_LIMITS.failuresBeforeLock;
        await repo.updateStaff(trx, member.id, {
          failed_attempts: locks ? 0 : failures,
          locked_until: locks ? new Date(this.now() + STAFF_LIMITS.lockMs) : null,
        });
        await this.auditLog.append(
          { actor: member.name, kind: 'staff', ip: client.ip },
          { action: locks ? 'staff.locked' : 'staff.login.failed', target: member.name, after: { failures } },
          trx,
        );
      }
      return result;
    });
    if ('failed' in outcome) throw new AppError(outcome.failed);
    return outcome.ok;
  }

  /** The staff member of a live session token; keeps the session alive. Null for any other token (a player's too). */
  async verify(token: string): Promise<StaffPrincipal | null> {
    const session = await repo.selectLiveSession(this.db, hashToken(token));
    if (!session?.second_factor_done || session.disabled_at) return null;
    const now = this.now();
    if (session.expires_at.getTime() <= now) return null;
    if (now - session.last_seen_at.getTime() > STAFF_LIMITS.idleMs) {
      await repo.endSession(this.db, session.sessionId, 'idle');
      return null;
    }
    if (now - session.last_seen_at.getTime() > STAFF_LIMITS.touchEveryMs)
      await repo.touchSession(this.db, session.sessionId, new Date(now));
    return {
      staffId: session.staffId,
      name: session.name,
      role: session.role,
      permissions: session.permissions.filter(isPermission),
      sessionId: session.sessionId,
    };
  }

  async logout(principal: StaffPrincipal, client: ClientInfo): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.endSession(trx, principal.sessionId, 'logout');
      await this.auditLog.append(
        { actor: principal.name, kind: 'staff', ip: client.ip },
        { action: 'staff.logout', target: principal.name },
        trx,
      );
    });
  }

  /** The member's live sessions, the current one marked. */
  async sessions(principal: StaffPrincipal) {
    const now = this.now();
    const rows = await repo.selectLiveSessions(this.db, principal.staffId, new Date(now - STAFF_LIMITS.idleMs), new Date(now));
    return rows.map((row) => ({
      id: row.id.toString(),
      ip: row.ip,
      userAgent: row.user_agent,
      createdAt: row.created_at.getTime(),
      lastSeenAt: row.last_seen_at.getTime(),
      current: row.id === principal.sessionId,
    }));
  }

  /** Ends one of the member's own sessions. */
  async revokeSession(principal: StaffPrincipal, sessionId: bigint, client: ClientInfo): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.endSession(trx, sessionId, 'revoked', principal.staffId))) throw new AppError('staff.session.unknown');
      await this.auditLog.append(
        { actor: principal.name, kind: 'staff', ip: client.ip },
        { action: 'staff.session.revoke', target: principal.name, after: { session: sessionId.toString() } },
        trx,
      );
    });
  }

  async list() {
    const now = this.now();
    const rows = await repo.selectStaffList(this.db);
    return rows.map((row) => ({
      id: row.id.toString(),
      name: row.name,
      role: row.role,
      state: row.disabled_at
        ? ('disabled' as const)
        : !row.enrolled_at
          ? ('invited' as const)
          : row.locked_until && row.locked_until.getTime() > now
            ? ('locked' as const)
            : ('active' as const),
      createdAt: row.created_at.getTime(),
      createdBy: row.created_by,
    }));
  }

  async roles() {
    const rows = await repo.selectRoles(this.db);
    return rows.map((row) => ({ name: row.name, permissions: row.permissions.filter(isPermission) }));
  }

  /**
   * Replaces a role's permissions. Refused (409 `staff.role.last.owner`) when afterwards no active staff member's
   * role would hold every permission: someone must always be able to do everything, staff and roles included.
   * Each session reads its role on every call, so the change applies to its staff at their next call.
   */
  async setRolePermissions(name: string, permissions: Permission[], by: AuditActor): Promise<void> {
    const next = [...new Set(permissions)].sort();
    await this.db.transaction().execute(async (trx) => {
      await repo.lockRoles(trx);
      const role = await repo.lockRole(trx, name);
      if (!role) throw new AppError('staff.role.unknown');
      await repo.updateRole(trx, name, next);
      if ((await repo.countFullyPermittedStaff(trx, PERMISSIONS)) === 0) throw new AppError('staff.role.last.owner');
      await this.auditLog.append(by, { action: 'role.update', target: name, before: role.permissions, after: next }, trx);
    });
  }

  /** Adds a role (409 `staff.role.exists` when the name is taken). */
  async createRole(name: string, permissions: Permission[], by: AuditActor): Promise<void> {
    const next = [...new Set(permissions)].sort();
    await this.db.transaction().execute(async (trx) => {
      await repo.lockRoles(trx);
      if (!(await repo.insertRole(trx, name, next))) throw new AppError('staff.role.exists');
      await this.auditLog.append(by, { action: 'role.create', target: name, after: next }, trx);
    });
  }

  /**
   * Deletes a role no staff account has, disabled ones included (409 `staff.role.in.use`); the owner role stays
   * (409 `staff.role.protected`): the operator command creates the first owner with it.
   */
  async deleteRole(name: string, by: AuditActor): Promise<void> {
    if (name === 'owner') throw new AppError('staff.role.protected');
    await this.db.transaction().execute(async (trx) => {
      await repo.lockRoles(trx);
      const role = await repo.lockRole(trx, name);
      if (!role) throw new AppError('staff.role.unknown');
      if (await repo.roleInUse(trx, name)) throw new AppError('staff.role.in.use');
      await repo.deleteRole(trx, name);
      await this.auditLog.append(by, { action: 'role.delete', target: name, before: role.permissions }, trx);
    });
  }
}
