import type { PayerAction } from '@tessera/contract/api/deposits';

/** What a payment gateway is told when a player starts an instant deposit. */
export interface GatewayOrder {
  orderId: bigint;
  merchant: string;
  memberId: bigint;
  amountMinor: bigint;
  currency: string;
  channel: string;
  /** When an unpaid order expires (gateways that settle by callback); the provider's page must refuse payment after it. */
  expiresAt: Date | null;
  language: string;
}

/** A gateway's answer: settled at once, failed, or waiting for its callback (with what the player does to pay). */
export type GatewayOutcome =
  | { outcome: 'approved' }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'pending'; action?: PayerAction };

/**
 * An instant deposit channel's payment gateway. A provider's gateway (modules/payments) creates the payment
 * here and answers 'pending' with the payer's action; its signed callback then settles the order through
 * DepositsService, whose idempotency key (`deposit:<orderId>`) makes a repeated callback harmless.
 */
export interface PaymentGateway {
  readonly id: string;
  /** The name staff see when choosing a channel's provider. */
  readonly name: string;
  /** Credits play money, not real money: the channel is labelled so for the player. */
  readonly playMoney: boolean;
  /** The order waits for the provider's callback and expires unpaid after the channel's payment minutes. */
  readonly settlesByCallback: boolean;
  start(order: GatewayOrder): Promise<GatewayOutcome>;
}

/** The demo merchant's gateway: play money, approved at once. No real money exists in the demo. */
export const playMoneyGateway: PaymentGateway = {
  id: 'playmoney',
  name: 'Play money (demo)',
  playMoney: true,
  settlesByCallback: false,
  start: async () => ({ outcome: 'approved' }),
};

/** The gateways every server has; services.ts adds one per configured payment provider. */
export const PAYMENT_GATEWAYS: ReadonlyMap<string, PaymentGateway> = new Map([[playMoneyGateway.id, playMoneyGateway]]);
