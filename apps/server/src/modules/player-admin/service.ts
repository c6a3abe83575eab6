import { PLAYER_EXPORT_MAX, type PlayerProfile, type PlayerSummary } from '@tessera/contract/api/back-office-players';
import { PLAYER_TABLE_COLUMNS, type PlayerTable } from '@tessera/contract/routes/back-office-players';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { csvExport } from '../../http/csv-export.js';
import { AppError } from '../../platform/app-error.js';
import type { MemberAdminService } from '../accounts/member-admin.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import type { BettingRecordService } from '../betting-record/service.js';
import type { LoginVerificationService } from '../login-verification/service.js';
import type { ResponsibleGamingService } from '../responsible-gaming/service.js';
import type { TwoFactorService } from '../two-factor/service.js';
import { fullMobile, maskAccountNumber, maskEmail, maskMobile } from './pii.js';
import * as repo from './repo.js';

/** Who is asking: whether their role sees personal data unmasked. */
export interface Viewer {
  pii: boolean;
}

type Cell = string | number | boolean | null;

const BETS_WINDOW_MS = 31 * 24 * 3600_000;

/** An export's rows as text cells for the one CSV export helper (an absent value is an empty cell). */
const csvOf = (columns: readonly string[], rows: Cell[][], total: number) =>
  csvExport(
    columns,
    rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))),
    total,
  );

/**
 * The back office's players: search, the player page, and the actions on an account. Reads mask personal data
 * here, on the server, for a role without `players.pii`. Actions go through the same services as the operator
 * CLI (`npm run admin -- member …`, `rg lift`), which write the audit log entry with the change.
 */
export class PlayerAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      memberAdmin: MemberAdminService;
      responsibleGaming: ResponsibleGamingService;
      loginVerification: LoginVerificationService;
      twoFactor: TwoFactorService;
      bettingRecord: BettingRecordService;
    },
  ) {}

  async search(viewer: Viewer, search: repo.PlayerSearch, offset: number, limit: number) {
    const { rows, total } = await repo.searchPlayers(this.db, search, offset, limit);
    return { players: rows.map((row) => this.summary(viewer, row)), total };
  }

  async searchCsv(viewer: Viewer, search: repo.PlayerSearch) {
    const { players, total } = await this.search(viewer, search, 0, PLAYER_EXPORT_MAX);
    const columns = ['id', 'merchant', 'account', 'type', 'status', 'mobile', 'email', 'created', 'last_login', 'last_ip'];
    const rows = players.map((p) => [
      p.id,
      p.merchantCode,
      p.account,
      p.agentType,
      p.status,
      p.mobile,
      p.email,
      new Date(p.createdAt).toISOString(),
      p.lastLoginAt === null ? null : new Date(p.lastLoginAt).toISOString(),
      p.lastLoginIp,
    ]);
    return csvOf(columns, rows, total);
  }

  async profile(viewer: Viewer, merchantCode: string, id: bigint): Promise<PlayerProfile> {
    const row = await repo.selectPlayer(this.db, merchantCode, id);
    if (!row) throw new AppError('player.unknown');
    const [balances, payoutAccounts, protection, knownAddresses, twoFactorEnabled] = await Promise.all([
      repo.selectBalances(this.db, id),
      repo.selectPayoutAccounts(this.db, id),
      this.deps.responsibleGaming.protection(merchantCode, id),
      repo.countKnownAddresses(this.db, id),
      this.deps.twoFactor.isEnabled(id),
    ]);
    return {
      ...this.summary(viewer, row),
      nickname: row.nickname,
      language: row.language,
      mobileVerified: row.mobile_verified_at !== null,
      emailVerified: row.email_verified_at !== null,
      passwordChangedAt: row.password_changed_at?.getTime() ?? null,
      passwordChangeRequired: row.password_change_required,
      hasPassword: row.has_password,
      registration: row.registration,
      balances: balances.map((b) => ({
        kind: b.kind,
        ref: b.ref,
        balanceMinor: String(b.balance),
        heldMinor: String(b.held),
      })),
      payoutAccounts: payoutAccounts.map((a) => ({
        type: a.type,
        provider: a.provider,
        holderName: a.holder_name,
        accountNumber: viewer.pii ? a.account_number : maskAccountNumber(a.account_number),
        createdAt: a.created_at.getTime(),
        removedAt: a.removed_at?.getTime() ?? null,
      })),
      protection,
      knownAddresses,
      twoFactorEnabled,
    };
  }

  async rows(
    merchantCode: string,
    table: PlayerTable,
    filter: Omit<repo.RowsFilter, 'merchantCode'>,
    offset: number,
    limit: number,
  ): Promise<{ columns: string[]; rows: Cell[][]; total: number }> {
    const member = await repo.selectPlayer(this.db, merchantCode, filter.memberId);
    if (!member) throw new AppError('player.unknown');
    const columns = [...PLAYER_TABLE_COLUMNS[table]];
    if (table !== 'bets')
      return { columns, ...(await repo.selectRows(this.db, table, { ...filter, merchantCode }, offset, limit)) };
    // The player's own betting record: at most 31 days, newest first.
    const endTime = filter.to?.getTime() ?? Date.now();
    const startTime = filter.from?.getTime() ?? endTime - BETS_WINDOW_MS;
    const page = Math.floor(offset / limit) + 1;
    const bets = await this.deps.bettingRecord.list(merchantCode, filter.memberId, 'en', {
      startTime,
      endTime,
      page,
      size: limit,
    });
    const rows = bets.content.map((bet) => [
      bet.time,
      bet.gameName,
      bet.vendor,
      bet.roundId,
      bet.betMinor,
      bet.winMinor,
      bet.status,
      bet.playMoney,
    ]);
    return { columns, rows, total: bets.total };
  }

  async rowsCsv(merchantCode: string, table: PlayerTable, filter: Omit<repo.RowsFilter, 'merchantCode'>) {
    const { columns, rows, total } = await this.rows(merchantCode, table, filter, 0, PLAYER_EXPORT_MAX);
    return csvOf(columns, rows, total);
  }

  async setLocked(merchantCode: string, id: bigint, locked: boolean, who: AuditActor) {
    const account = await this.accountOf(merchantCode, id);
    await this.deps.memberAdmin.setFrozen(merchantCode, account, locked, who);
    if (!locked) await this.deps.memberAdmin.unlock(merchantCode, account, who);
  }

  async requirePasswordChange(merchantCode: string, id: bigint, who: AuditActor) {
    await this.deps.memberAdmin.requirePasswordChange(merchantCode, await this.accountOf(merchantCode, id), who);
  }

  async setType(merchantCode: string, id: bigint, agentType: number, who: AuditActor) {
    await this.deps.memberAdmin.setType(merchantCode, await this.accountOf(merchantCode, id), agentType, who);
  }

  async forgetAddresses(merchantCode: string, id: bigint, who: AuditActor) {
    const account = await this.accountOf(merchantCode, id);
    await this.deps.loginVerification.forgetAddresses({ id, merchantCode, account }, who);
  }

  async resetTwoFactor(merchantCode: string, id: bigint, who: AuditActor) {
    const account = await this.accountOf(merchantCode, id);
    await this.deps.twoFactor.reset({ id, merchantCode, account }, who);
  }

  async liftTimeOut(merchantCode: string, id: bigint, who: AuditActor) {
    const account = await this.accountOf(merchantCode, id);
    const result = await this.deps.responsibleGaming.operatorLift(merchantCode, account, who, { timeOutsOnly: true });
    if (!result) throw new AppError('player.unknown');
    if (result.lifted === 0) throw new AppError('player.exclusion.none');
  }

  async addNote(merchantCode: string, id: bigint, text: string, who: AuditActor) {
    const account = await this.accountOf(merchantCode, id);
    return this.db.transaction().execute(async (trx) => {
      const note = await repo.insertNote(trx, { merchantCode, memberId: id, author: who.actor, text });
      await appendAudit(trx, who, {
        merchantCode,
        action: 'player.note',
        target: account,
        before: null,
        after: { note: note.id.toString(), text },
      });
      return note.id;
    });
  }

  private async accountOf(merchantCode: string, id: bigint) {
    const member = await repo.selectPlayer(this.db, merchantCode, id);
    if (!member) throw new AppError('player.unknown');
    return member.account;
  }

  private summary(viewer: Viewer, row: repo.PlayerSummaryRow): PlayerSummary {
    const mobile =
      row.mobile === null ? null : viewer.pii ? fullMobile(row.dial_code, row.mobile) : maskMobile(row.dial_code, row.mobile);
    return {
      id: row.id.toString(),
      merchantCode: row.merchant_code,
      account: row.account,
      agentType: row.agent_type,
      status: row.status,
      mobile,
      email: row.email === null ? null : viewer.pii ? row.email : maskEmail(row.email),
      createdAt: row.created_at.getTime(),
      lastLoginAt: row.last_login_at?.getTime() ?? null,
      lastLoginIp: row.last_login_ip,
    };
  }
}
