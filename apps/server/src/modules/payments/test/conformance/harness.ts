import type { DepositOrder } from '@tessera/contract/api/deposits';
import type { createTestApp } from '../../../../test/test-app.js';

/** A provider's callback as the provider would send it: the exact bytes and its headers (signature included). */
export interface WireCallback {
  body: string;
  headers: Record<string, string>;
}

/** What a switch asks of the provider (its stand-in): see apps/test-psp's README for TESTPSP's. */
export interface Misbehaviour {
  duplicates?: number;
  outOfOrder?: boolean;
  amountDeltaMinor?: string;
  fail?: boolean;
  refuseCreate?: boolean;
  /** Callbacks wait until `release()`. */
  hold?: boolean;
}

/**
 * A provider under test: our app configured with the provider's adapter and two active secrets, listening where
 * the provider's stand-in (its own process) calls back, and a gateway channel on it. Each provider's harness
 * drives its stand-in; the suite (gateway-conformance.ts) is the same for all.
 */
export interface GatewayHarness {
  t: Awaited<ReturnType<typeof createTestApp>>;
  provider: string;
  /** A gateway channel on the provider that also pays withdrawals out to bank accounts. */
  channel: string;
  callbackPath: string;
  /** The payer confirms (or cancels) the order's payment at the provider. */
  pay(order: DepositOrder, outcome?: 'confirm' | 'cancel'): Promise<void>;
  /** Waits until every callback the provider has in flight was answered (or given up). */
  settle(): Promise<void>;
  misbehave(switches: Misbehaviour): Promise<void>;
  held(): Promise<WireCallback[]>;
  release(): Promise<void>;
  /** The order's completed callback as captured `ageSeconds` ago, sent again: the HTTP status our app answered. */
  replay(order: DepositOrder, ageSeconds: number): Promise<number>;
  /** The HTTP statuses our app answered to the provider's deliveries for this order's payment, in order. */
  answered(order: DepositOrder): Promise<number[]>;
  /** The provider signs its callbacks with `secret` from now on (and still takes our requests). */
  signWith(secret: string): Promise<void>;
  /** Money the provider's statement shows that we never asked for (another merchant's, or the provider's mistake). */
  stranger(entry: { merchantId: string; reference: string; amount: string; currency: string }): Promise<{ reference: string }>;
  /** Our two active secrets (the app accepts both) and one it never had. */
  secrets: { first: string; second: string; unknown: string };
  close(): Promise<void>;
}
