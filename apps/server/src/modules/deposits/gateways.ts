/** What a payment gateway is told when a player starts an instant deposit. */
export interface GatewayOrder {
  orderId: bigint;
  merchant: string;
  memberId: bigint;
  amountMinor: bigint;
  channel: string;
}

/** A gateway's answer: settled at once, failed, or still waiting for its callback. */
export type GatewayOutcome = { outcome: 'approved' } | { outcome: 'failed'; reason: string } | { outcome: 'pending' };

/**
 * An instant deposit channel's payment gateway. A real provider's adapter starts the payment here and answers
 * 'pending'; its signed callback then settles the order through DepositsService.approve/fail, whose idempotency
 * key (`deposit:<orderId>`) makes a repeated callback harmless.
 */
export interface PaymentGateway {
  readonly id: string;
  /** Credits play money, not real money: the channel is labelled so for the player. */
  readonly playMoney: boolean;
  start(order: GatewayOrder): Promise<GatewayOutcome>;
}

/** The demo merchant's gateway: play money, approved at once. No real money exists in the demo. */
export const playMoneyGateway: PaymentGateway = {
  id: 'playmoney',
  playMoney: true,
  start: async () => ({ outcome: 'approved' }),
};

/** Gateways by id; a channel names one (`deposit channel add --kind instant --gateway <id>`). */
export const PAYMENT_GATEWAYS: ReadonlyMap<string, PaymentGateway> = new Map([[playMoneyGateway.id, playMoneyGateway]]);
