import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The one interface between the platform and a game vendor (DESIGN §5). A vendor is an adapter module
 * plus configuration; the house vendor is just another adapter. Adapters never touch money directly: the
 * vendor's wallet callbacks are translated into the `SeamlessWallet` operations (seamless-wallet.ts), which
 * move money through the ledger, idempotently by the vendor's transaction id.
 */
export interface VendorAdapter {
  /** The catalogue vendor codes (vassalage) this adapter serves. */
  readonly vassalages: readonly string[];
  /** Whether trial accounts (play money) may play this vendor's games: only the house can settle play money. */
  readonly playMoney: boolean;
  /** The address the /game frame opens for one member and one game. */
  launchUrl(request: LaunchRequest): Promise<LaunchUrl>;
  /** Transfer-wallet mode (merchant wallet not single): the vendor keeps its own balance per player. */
  readonly transferWallet?: VendorTransferWallet;
}

/**
 * The vendor's side of transfer mode, idempotent by our transfer id: repeating a call answers the first result.
 * A call that gets no definite answer (timeout, network error, 5xx) throws `VendorUnreachable`; the caller keeps
 * its ledger hold pending and asks `status` later (adapters/transfer-wallet.ts).
 */
export interface VendorTransferWallet {
  /** Our money reaches the vendor's balance: 'refused' when the vendor declines it. */
  deposit(transfer: VendorTransfer): Promise<'done' | 'refused'>;
  /** The vendor's balance comes back to us: 'refused' when it holds less than the amount. */
  withdraw(transfer: VendorTransfer): Promise<'done' | 'refused'>;
  /** What the vendor knows of one of our transfer ids; 'unknown' when it never arrived. */
  status(merchant: string, transferId: string): Promise<'done' | 'refused' | 'unknown'>;
  /** The player's balance at the vendor now (the vendor's games change it without telling us). */
  balance(merchant: string, memberId: bigint): Promise<bigint>;
}

export interface VendorTransfer {
  merchant: string;
  memberId: bigint;
  /** Our id for this move: the vendor's idempotency key. */
  transferId: string;
  amount: bigint;
  currency: string;
}

/** The vendor gave no definite answer: the operation may or may not have happened on its side. */
export class VendorUnreachable extends Error {}

export interface LaunchRequest {
  db: Kysely<Database>;
  merchant: string;
  memberId: bigint;
  /** The launching site session (its token hash): what the vendor's game session lives and dies with. */
  siteSession: Buffer;
  /** Catalogue game code (e.g. TS_LOTUS_FORTUNE). */
  gameCode: string;
  vassalage: string;
  /** Primary language subtag (bn, en). */
  language: string;
  /** Lottery lobby launch (spec §3 lottoView): the lottery client opens on its betting or its lobby view. */
  lottoView?: 'betting' | 'lobby';
  platform: string;
}

export interface LaunchUrl {
  gameUrl: string;
  /** A second address some vendors give (e.g. a mobile variant). */
  gameUrl2?: string;
}

/** A member's wallet as a vendor sees it (seamless mode: the main wallet). */
export interface VendorBalance {
  balance: bigint;
  playMoney: boolean;
}

/** A bet (debit) or a win (credit) the vendor reports, identified by its own transaction id. */
export interface VendorMovement {
  merchant: string;
  vendor: string;
  memberId: bigint;
  /** The vendor's transaction id: repeating it repeats the answer and never moves money twice. */
  txId: string;
  amount: bigint;
  roundId: string;
  gameCode: string;
  /** Category of the game for the betting record and rebates, e.g. RNG, LIVE. */
  gameCategory: string;
  /** The part of a bet that counts for turnover (defaults to the whole bet). */
  validBet?: bigint;
}

export interface VendorRollback {
  merchant: string;
  vendor: string;
  /** The transaction id of the debit being cancelled. */
  txId: string;
  /** Known when the vendor sends it; a rollback of an id never seen records it anyway. */
  memberId?: bigint;
}

export interface VendorReceipt {
  /** The member's balance after the operation (vendors expect it on every reply). */
  balance: bigint;
  /** True when this transaction id was already processed and the original result is answered. */
  replayed: boolean;
}

/** The seamless-wallet protocol every adapter maps its vendor's callbacks onto. */
export interface SeamlessWallet {
  balance(merchant: string, memberId: bigint): Promise<VendorBalance>;
  debit(bet: VendorMovement): Promise<VendorReceipt>;
  credit(win: VendorMovement): Promise<VendorReceipt>;
  rollback(rollback: VendorRollback): Promise<VendorReceipt & { found: boolean }>;
}

/** The adapter of a catalogue vendor (its vassalage), if this server has one. */
export const adapterFor = (vassalage: string, adapters: readonly VendorAdapter[]) =>
  adapters.find((adapter) => adapter.vassalages.includes(vassalage));
