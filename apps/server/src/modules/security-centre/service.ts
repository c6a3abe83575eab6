import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import {
  ACCOUNT_NUMBER_LENGTHS,
  type BindPayoutAccountBody,
  PAYOUT_ACCOUNT_LIMITS,
  type PayoutAccount,
  type SecurityOverview,
} from '@tessera/contract/api/security-centre';
import { VALIDATION_KEYS } from '@tessera/contract/errors';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { fieldError } from '../../platform/field-error.js';
import { maskAccountNumber, maskEmail, maskMobile } from '../../platform/masking.js';
import { hasPaymentPassword } from './payment-password.js';
import * as repo from './repo.js';

export type { PayoutAccountRow } from './repo.js';

export const toPayoutAccount = (row: repo.PayoutAccountRow): PayoutAccount => ({
  id: row.id.toString(),
  type: row.type,
  provider: row.provider,
  holderName: row.holder_name,
  accountNumberMasked: maskAccountNumber(row.account_number),
  createdAt: row.created_at.getTime(),
});

/** Whether an open withdrawal pays to the account (the withdrawals module answers; injected to avoid a cycle). */
export type PayoutAccountInUse = (trx: Transaction<Database>, accountId: bigint) => Promise<boolean>;

/** The member's two-factor (modules/two-factor), asked before money leaves and before security changes. */
export interface SecondFactorGuard {
  isEnabled(memberId: bigint): Promise<boolean>;
  /** Passes when the factor is off; else the code must be given and right (twofactor.required / .invalid / .locked). */
  require(memberId: bigint, code: string | undefined): Promise<void>;
}

const NO_SECOND_FACTOR: SecondFactorGuard = { isEnabled: async () => false, require: async () => {} };

/**
 * Bound payout accounts and the account summary. Binding and unbinding lock the member's payout rows through a
 * transaction-scoped advisory lock, so the per-type limit holds under concurrent binds. Binding, the payment
 * password and withdrawals ask for the member's second factor when it is on.
 */
export class SecurityCentreService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accountInUse: PayoutAccountInUse,
    readonly secondFactor: SecondFactorGuard = NO_SECOND_FACTOR,
  ) {}

  async overview(merchant: string, memberId: bigint): Promise<SecurityOverview> {
    const member = await repo.selectMemberSummary(this.db, merchant, memberId);
    if (!member) throw new AppError('login.not.session');
    return {
      account: member.account,
      nickname: member.nickname,
      mobileMasked: member.mobile ? `${member.dial_code ? `+${member.dial_code} ` : ''}${maskMobile(member.mobile)}` : null,
      emailMasked: maskEmail(member.email),
      mobileVerified: member.mobile !== null && member.mobile_verified_at !== null,
      emailVerified: member.email !== null && member.email_verified_at !== null,
      registeredAt: member.created_at.getTime(),
      lastLoginAt: member.last_login_at?.getTime() ?? null,
      lastLoginIp: member.last_login_ip,
      paymentPasswordSet: await hasPaymentPassword(this.db, merchant, memberId),
      twoFactorEnabled: await this.secondFactor.isEnabled(memberId),
      payoutAccounts: await this.accounts(merchant, memberId),
      limits: { ...PAYOUT_ACCOUNT_LIMITS },
    };
  }

  /**
   * Refuses a trial account (play money only) before any payout step, with the same answer transfers and
   * deposits give, rather than leaving it to a payment password a trial account happens not to have.
   */
  async assertRealAccount(merchant: string, memberId: bigint): Promise<void> {
    const member = await repo.selectMemberSummary(this.db, merchant, memberId);
    if (!member) throw new AppError('login.not.session');
    if (member.agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  async accounts(merchant: string, memberId: bigint): Promise<PayoutAccount[]> {
    return (await repo.selectLiveAccounts(this.db, merchant, memberId)).map(toPayoutAccount);
  }

  /** The live account a withdrawal pays to, locked for the caller's transaction; not found for anyone else's. */
  async lockAccount(trx: Transaction<Database>, merchant: string, memberId: bigint, id: bigint) {
    const row = await repo.selectLiveAccount(trx, merchant, memberId, id, true);
    if (!row) throw new AppError('payout.account.not.found');
    return row;
  }

  async bind(merchant: string, memberId: bigint, body: BindPayoutAccountBody): Promise<PayoutAccount> {
    const provider = body.provider.trim().replace(/\s+/g, ' ');
    const holderName = body.holderName.trim().replace(/\s+/g, ' ');
    const { min, max } = ACCOUNT_NUMBER_LENGTHS[body.type];
    const errors = [];
    // Counted in code points, as the table's check counts them: the trimmed text is what is stored.
    if ([...provider].length < 2) errors.push(fieldError('provider', VALIDATION_KEYS.tooShort, { limit: 2 }));
    if ([...holderName].length < 2) errors.push(fieldError('holderName', VALIDATION_KEYS.tooShort, { limit: 2 }));
    if (body.accountNumber.length < min) errors.push(fieldError('accountNumber', VALIDATION_KEYS.tooShort, { limit: min }));
    if (body.accountNumber.length > max) errors.push(fieldError('accountNumber', VALIDATION_KEYS.tooLong, { limit: max }));
    if (errors.length) throw new AppError('request.invalid', { fields: errors });
    await this.assertRealAccount(merchant, memberId);
    await this.secondFactor.require(memberId, body.googleCode);

    return this.db.transaction().execute(async (trx) => {
      await lockMemberAccounts(trx, memberId);
      const live = await repo.selectLiveAccounts(trx, merchant, memberId);
      if (live.filter((account) => account.type === body.type).length >= PAYOUT_ACCOUNT_LIMITS[body.type]) {
        throw new AppError('payout.account.limit');
      }
      const duplicate = live.some(
        (account) =>
          account.type === body.type &&
          account.account_number === body.accountNumber &&
          account.provider.toLowerCase() === provider.toLowerCase(),
      );
      if (duplicate) throw new AppError('payout.account.duplicate');
      const row = await repo.insertAccount(trx, {
        merchant_code: merchant,
        member_id: memberId,
        type: body.type,
        provider,
        holder_name: holderName,
        account_number: body.accountNumber,
      });
      return toPayoutAccount(row);
    });
  }

  async unbind(merchant: string, memberId: bigint, id: bigint): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.selectLiveAccount(trx, merchant, memberId, id, true);
      if (!row) throw new AppError('payout.account.not.found');
      if (await this.accountInUse(trx, id)) throw new AppError('payout.account.in.use');
      await repo.markRemoved(trx, id);
    });
  }
}

async function lockMemberAccounts(trx: Transaction<Database>, memberId: bigint) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout-accounts:${memberId}`}, 0))`.execute(trx);
}
