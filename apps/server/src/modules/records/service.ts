import {
  BONUS_RECORD_TYPES,
  RECORD_MAX_RANGE_MS,
  RECORD_PAGE_SIZE,
  type RecordEntry,
  type RecordPage,
  type RecordType,
} from '@tessera/contract/api/records';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type RecordRow, selectRecords, selectTeamRecords, type TeamRecordFilter } from './repo.js';

export type { TeamRecordFilter };

export interface RecordsRequest {
  startTime: number;
  endTime: number;
  types?: RecordType[];
  page?: number;
  size?: number;
}

const WALLET_NAMES: Record<string, string> = { member_main: 'main', member_bonus: 'bonus', member_points: 'points' };

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The order a record belongs to, from the memo keys the depositing, withdrawing and game modules write. */
const orderNoOf = (memo: Record<string, unknown>) =>
  text(memo.orderNo) ?? text(memo.depositOrderId) ?? text(memo.withdrawalOrderId) ?? text(memo.roundId) ?? text(memo.claimId);

function toEntry(row: RecordRow): RecordEntry {
  const amount = BigInt(row.amount) * BigInt(row.sign);
  return {
    txId: String(row.id),
    type: row.kind,
    state: row.state,
    wallet: WALLET_NAMES[row.account_kind] ?? `vendor:${row.account_ref}`,
    txTime: new Date(row.created_at).getTime(),
    amountMinor: amount.toString(),
    balanceAfterMinor: row.state === 'posted' && row.balance_after !== null ? String(row.balance_after) : null,
    orderNo: orderNoOf(row.memo ?? {}),
    gameCategory: text(row.memo?.gameCategory),
  };
}

/** The account record and bonus details: the session's member only, ranges of at most 31 days. */
export class RecordsService {
  constructor(private readonly db: Kysely<Database>) {}

  transactions(merchantCode: string, memberId: bigint, request: RecordsRequest): Promise<RecordPage> {
    return this.page(merchantCode, memberId, request, request.types?.length ? request.types : null, false);
  }

  bonuses(merchantCode: string, memberId: bigint, request: RecordsRequest): Promise<RecordPage> {
    return this.page(merchantCode, memberId, request, BONUS_RECORD_TYPES, true);
  }

  /** A team's ledger entries of the given kinds in whole days of a zone, newest first (the agent centre's account details). */
  async teamEntries(filter: TeamRecordFilter, page: { page: number; size: number }) {
    const { rows, total } = await selectTeamRecords(this.db, filter, { offset: (page.page - 1) * page.size, limit: page.size });
    return {
      total,
      rows: rows.map((row) => ({
        txId: String(row.id),
        account: row.account,
        type: row.kind,
        state: row.state,
        time: new Date(row.created_at).getTime(),
        amount: (BigInt(row.amount) * BigInt(row.sign)).toString(),
      })),
    };
  }

  private async page(
    merchantCode: string,
    memberId: bigint,
    request: RecordsRequest,
    kinds: readonly RecordType[] | null,
    creditsOnly: boolean,
  ): Promise<RecordPage> {
    if (request.endTime <= request.startTime || request.endTime - request.startTime > RECORD_MAX_RANGE_MS) {
      throw new AppError('records.range.invalid', {
        fields: [{ field: 'querystring/endTime', key: 'errors.records_range_invalid', params: { maxDays: 31 } }],
      });
    }
    const page = request.page ?? 1;
    const size = request.size ?? RECORD_PAGE_SIZE;
    const { rows, total } = await selectRecords(
      this.db,
      { merchantCode, memberId, start: new Date(request.startTime), end: new Date(request.endTime), kinds, creditsOnly },
      { offset: (page - 1) * size, limit: size },
    );
    return { content: rows.map(toEntry), page, size, total, totalPages: Math.ceil(total / size) };
  }
}
