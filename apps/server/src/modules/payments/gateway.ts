import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { GatewayOrder, GatewayOutcome, PaymentGateway } from '../deposits/gateways.js';
import type { PaymentProvider } from './provider.js';
import * as repo from './repo.js';

/**
 * A provider as a deposit channel's gateway: the order becomes a payment at the provider (idempotent by the order
 * id), recorded with the provider's id, and waits for the callback; the player gets the provider's page.
 */
export function providerGateway(provider: PaymentProvider, db: Kysely<Database>): PaymentGateway {
  return {
    id: provider.id,
    name: provider.name,
    playMoney: false,
    settlesByCallback: true,
    async start(order: GatewayOrder): Promise<GatewayOutcome> {
      if (!order.expiresAt) throw new Error(`order ${order.orderId} of a provider channel has no expiry`);
      const created = await provider.create({
        merchant: order.merchant,
        reference: order.orderId.toString(),
        amountMinor: order.amountMinor,
        currency: order.currency,
        expiresAt: order.expiresAt,
        language: order.language,
      });
      await repo.insertPayment(db, {
        orderId: order.orderId,
        merchant: order.merchant,
        provider: provider.id,
        providerPaymentId: created.providerPaymentId,
        amountMinor: order.amountMinor,
        currency: order.currency,
      });
      return { outcome: 'pending', action: created.action };
    },
  };
}
