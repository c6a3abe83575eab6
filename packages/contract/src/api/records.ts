import { type Static, Type } from 'typebox';
import * as routes from '../routes/records.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { signedMinorAmount } from './money.js';

/**
 * Account record (`transactionHistory`) and bonus details (`bonusDetails`) of the members centre (spec §2.4):
 * every ledger entry of the member, newest first. Shapes follow the original's transaction history
 * (reference/original-platform.md §6): whole-day ranges in epoch ms, at most 31 days, pages of 10.
 */

/** Every kind of ledger transfer: the server's ledger writes these, and a record's type is its transfer's kind. */
export const TRANSFER_KINDS = [
  'deposit',
  'withdrawal',
  'wallet_transfer',
  'member_transfer',
  'bet',
  'win',
  'refund',
  'rebate',
  'bonus',
  'adjustment',
  'points',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
/** The records' type filter: any transfer kind. */
export type RecordType = TransferKind;

/** Bonus details list these kinds only, and only money paid to the member. */
export const BONUS_RECORD_TYPES = ['bonus', 'rebate'] as const satisfies readonly RecordType[];

export const RecordTypeSchema = Type.Enum(TRANSFER_KINDS);

export const RECORD_MAX_RANGE_MS = 31 * 24 * 3600_000;
export const RECORD_PAGE_SIZE = 10;

export const RecordsQuery = Type.Object(
  {
    startTime: EpochMs('Epoch ms, inclusive'),
    endTime: EpochMs('Epoch ms, exclusive; at most 31 days after startTime'),
    types: Type.Optional(
      Type.String({
        pattern: `^(${TRANSFER_KINDS.join('|')})(,(${TRANSFER_KINDS.join('|')}))*$`,
        maxLength: 200,
        description: 'Comma-separated record types; all when absent',
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: RECORD_PAGE_SIZE })),
  },
  { additionalProperties: false },
);
export type RecordsQuery = Static<typeof RecordsQuery>;

export const RecordEntry = Type.Object({
  txId: Type.String({ description: 'Ledger transfer id' }),
  type: RecordTypeSchema,
  state: Type.Union([Type.Literal('pending'), Type.Literal('posted'), Type.Literal('voided')]),
  wallet: Type.String({ description: "The member's account: main, bonus, points or vendor:<code>" }),
  txTime: Type.Integer({ description: 'Epoch ms' }),
  amountMinor: signedMinorAmount('Signed: credit positive, debit negative'),
  balanceAfterMinor: Type.Union([Type.String(), Type.Null()], { description: 'null while pending or voided' }),
  orderNo: Type.Union([Type.String(), Type.Null()]),
  gameCategory: Type.Union([Type.String(), Type.Null()]),
});
export type RecordEntry = Static<typeof RecordEntry>;

export const RecordPage = Type.Object({
  content: Type.Array(RecordEntry),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});
export type RecordPage = Static<typeof RecordPage>;

export const getTransactionHistory = defineCall(routes.getTransactionHistory, {
  tags: ['records'],
  summary: "Account record: the member's ledger entries in a range of at most 31 days, by type, newest first",
  querystring: RecordsQuery,
  value: RecordPage,
});

export const getBonusDetails = defineCall(routes.getBonusDetails, {
  tags: ['records'],
  summary: 'Bonus details: bonuses and rebates paid to the member in a range of at most 31 days, newest first',
  querystring: Type.Omit(RecordsQuery, ['types']),
  value: RecordPage,
});

export const recordsCalls = [getTransactionHistory, getBonusDetails];
