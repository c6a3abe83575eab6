import { createHash } from 'node:crypto';
import type { CreateDepositBody, DepositChannel, DepositOrder, PayerAction } from '@tessera/contract/api/deposits';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { CHANNEL_KIND_LOGOS, type ChannelLogo } from '@tessera/contract/routes/deposits';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { isTrialMember } from '../games/accounts.js';
import { schedule } from '../jobs/service.js';
import type { Ledger } from '../ledger/service.js';
import { notify } from '../notifications/service.js';
import { assertDepositAllowed } from '../responsible-gaming/service.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { DEPOSIT_EXPIRY_JOB, expiryRunAt, feeOf } from './gateway-orders.js';
import { type GatewayOutcome, PAYMENT_GATEWAYS, type PaymentGateway } from './gateways.js';
import * as repo from './repo.js';
import type { DepositOrderStatus } from './tables.js';

/** A member's VIP level (modules/loyalty's `rankOf`, composed in services.ts). */
export type VipLevelOf = (merchant: string, memberId: bigint) => Promise<number>;

const NO_VIP_LEVELS: VipLevelOf = async () => 0;

interface Audience {
  vipLevel: number;
  deposited: boolean;
}

const isOpen = (row: repo.ChannelRow) => row.min_vip_level === 0 && row.deposit_history === 'any';

/** Whether a channel is for this member: their VIP level reaches the channel's, and their deposits match its history rule. */
const admits = (row: repo.ChannelRow, audience: Audience) =>
  audience.vipLevel >= row.min_vip_level &&
  (row.deposit_history === 'any' || (row.deposit_history === 'repeat') === audience.deposited);

/** Orders waiting for the operator, per member: a player cannot flood the review queue. */
export const MAX_OPEN_ORDERS = 5;

type Texts = Record<string, string>;
const textIn = (texts: unknown, language: string | null, fallback: string): string => {
  const map = (texts ?? {}) as Texts;
  return (language ? map[language] : undefined) ?? map[fallback] ?? map.en ?? Object.values(map)[0] ?? '';
};

const merchantCurrency = (db: Kysely<Database>) => {
  const settings = new SiteSettingsService(db);
  return async (merchant: string) => {
    const found = await settings.cached(merchant);
    if (!found) throw new AppError('merchant.unknown');
    return found.product.currency.code;
  };
};

export interface Decision {
  actor: string;
  cause: { type: 'operator' | 'gateway'; id: string };
}

/** What another module does when a deposit is credited, inside the approval's transaction (a deposit match's bonus). */
export type DepositApprovalHook = (
  trx: Transaction<Database>,
  deposit: { merchant: string; memberId: bigint; orderId: bigint; amount: bigint },
) => Promise<void>;

/**
 * Deposit channels and orders. The money moves only on approval: channel_in → member_main through the ledger,
 * in the same transaction as the order's status change, keyed `deposit:<orderId>`, so approving twice (two
 * operators, two instances, a repeated gateway callback) credits once.
 */
export class DepositsService {
  private readonly approvalHooks: DepositApprovalHook[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly gateways: ReadonlyMap<string, PaymentGateway> = PAYMENT_GATEWAYS,
    private readonly currencyOf: (merchant: string) => Promise<string> = merchantCurrency(db),
    private readonly vipLevelOf: VipLevelOf = NO_VIP_LEVELS,
  ) {}

  /** Runs `hook` in every approval's transaction, after the credit: both commit, or neither. */
  afterApproval(hook: DepositApprovalHook): void {
    this.approvalHooks.push(hook);
  }

  /** The gateways a channel may name: play money and each configured payment provider. */
  gatewayList(): readonly PaymentGateway[] {
    return [...this.gateways.values()];
  }

  /** The channels this member may use: active, with a configured provider, for their VIP level and deposit history. */
  async channels(merchant: string, memberId: bigint, language: string | null, fallback: string): Promise<DepositChannel[]> {
    const [rows, currency] = await Promise.all([repo.selectChannels(this.db, merchant, true), this.currencyOf(merchant)]);
    // A channel whose provider this server is not configured for cannot take a payment: the player never sees it.
    const usable = rows.filter((row) => row.gateway === null || this.gateways.has(row.gateway));
    const audience = usable.every(isOpen) ? null : await this.audienceOf(merchant, memberId);
    return usable
      .filter((row) => audience === null || admits(row, audience))
      .map((row) => this.toChannel(row, language, fallback, currency));
  }

  private async audienceOf(merchant: string, memberId: bigint): Promise<Audience> {
    const [vipLevel, deposited] = await Promise.all([
      this.vipLevelOf(merchant, memberId),
      repo.hasCreditedDeposit(this.db, merchant, memberId),
    ]);
    return { vipLevel, deposited };
  }

  /**
   * A hosted channel's payment is in the channel's currency, else in the merchant's. Its order gets its expiry
   * job in the creating transaction, so an order whose provider call never happened (a crash just after the
   * commit) still expires.
   */
  async create(
    merchant: string,
    memberId: bigint,
    body: CreateDepositBody,
    language: { requested: string | null; fallback: string },
  ): Promise<DepositOrder> {
    if (await isTrialMember(this.db, merchant, memberId)) throw new AppError('in_need_true_account');
    const existing = await repo.selectOrderByRequest(this.db, memberId, body.requestId);
    if (existing) return this.toOrder(existing, language);
    const channel = await repo.selectChannel(this.db, merchant, body.channel);
    if (channel?.status !== 'active') throw new AppError('deposit.channel.unavailable');
    // A channel the member is not offered is refused exactly like a disabled one.
    if (!isOpen(channel) && !admits(channel, await this.audienceOf(merchant, memberId))) {
      throw new AppError('deposit.channel.unavailable');
    }
    const gateway = channel.gateway === null ? undefined : this.gateways.get(channel.gateway);
    if (channel.gateway !== null && !gateway) throw new AppError('deposit.channel.unavailable');
    const amount = BigInt(body.amountMinor);
    if (amount < channel.min_minor || amount > channel.max_minor) {
      throw new AppError('deposit.amount.out.of.range', {
        fields: [
          {
            field: 'body/amountMinor',
            key: 'errors.deposit_amount_out_of_range',
            params: { minMinor: channel.min_minor.toString(), maxMinor: channel.max_minor.toString() },
          },
        ],
      });
    }
    const reference = body.reference?.trim() || null;
    const expiresAt = gateway?.settlesByCallback ? new Date(Date.now() + channel.payment_minutes * 60_000) : null;
    const orderId = await this.db.transaction().execute(async (trx) => {
      // Limits and exclusions of the responsible-gaming module, checked under its row lock in this transaction.
      await assertDepositAllowed(trx, merchant, memberId, amount);
      if ((await repo.countMemberOrders(trx, merchant, memberId, 'pending')) >= MAX_OPEN_ORDERS) {
        throw new AppError('deposit.too.many.open');
      }
      const id = await repo.insertOrder(trx, {
        merchant,
        memberId,
        channelId: channel.id,
        requestId: body.requestId,
        amountMinor: amount,
        reference,
        expiresAt,
        feeMinor: feeOf(channel, amount),
      });
      if (id === null) return null;
      if (expiresAt) {
        await schedule(trx, {
          kind: DEPOSIT_EXPIRY_JOB,
          runAt: expiryRunAt(expiresAt),
          payload: { merchant, orderId: id.toString() },
          dedupeKey: `${DEPOSIT_EXPIRY_JOB}:${id}`,
        });
      }
      if (channel.gateway === null) {
        await notify(trx, {
          merchant,
          memberId,
          type: 'deposit.arrived',
          payload: { orderId: id.toString(), amountMinor: amount.toString() },
        });
      }
      return id;
    });
    if (orderId === null) {
      // The same request committed first on another connection: answer with that order.
      const raced = await repo.selectOrderByRequest(this.db, memberId, body.requestId);
      if (!raced) throw new Error('deposit order vanished after a request-id conflict');
      return this.toOrder(raced, language);
    }
    if (channel.gateway !== null) {
      await this.startGateway({
        orderId,
        merchant,
        memberId,
        amountMinor: amount,
        currency: channel.currency ?? (await this.currencyOf(merchant)),
        channel: channel.code,
        expiresAt,
        language: language.requested ?? language.fallback,
      });
    }
    return this.toOrder(await this.orderOrThrow(merchant, orderId), language);
  }

  /** Credits the order (idempotent: an approved order is answered as it is). Refuses a rejected or failed one. */
  async approve(merchant: string, orderId: bigint, decision: Decision, trx?: Transaction<Database>) {
    await this.within(trx, async (trx) => {
      const order = await repo.lockOrder(trx, merchant, orderId);
      if (!order) throw new AppError('deposit.order.not.found');
      if (order.status === 'approved') return;
      if (order.status !== 'pending') throw new AppError('deposit.order.state');
      const channel = await repo.selectChannelById(trx, order.channel_id);
      const receipt = await this.ledger.transfer(
        {
          merchant,
          from: { kind: 'channel_in', channel: channel.code },
          to: { kind: 'member_main', memberId: order.member_id },
          amount: order.amount_minor,
          kind: 'deposit',
          cause: decision.cause,
          idempotencyKey: `deposit:${orderId}`,
          memo: { depositOrderId: orderId.toString(), channel: channel.code },
        },
        trx,
      );
      await repo.decideOrder(trx, orderId, { status: 'approved', reason: null, actor: decision.actor, transferId: receipt.id });
      for (const hook of this.approvalHooks) {
        await hook(trx, { merchant, memberId: order.member_id, orderId, amount: order.amount_minor });
      }
      await notify(trx, {
        merchant,
        memberId: order.member_id,
        type: 'deposit.approved',
        payload: { orderId: orderId.toString(), amountMinor: order.amount_minor.toString() },
      });
    });
    return this.orderOrThrow(merchant, orderId, trx);
  }

  /** Runs `work` in the caller's transaction when given (a back-office decision recorded with it), else in its own. */
  private within<T>(trx: Transaction<Database> | undefined, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return trx ? work(trx) : this.db.transaction().execute(work);
  }

  /** Rejects (operator) or fails (gateway) a pending order; repeating the same decision is no error. */
  async decline(
    merchant: string,
    orderId: bigint,
    status: 'rejected' | 'failed',
    reason: string,
    decision: Decision,
    trx?: Transaction<Database>,
  ) {
    await this.within(trx, async (trx) => {
      const order = await repo.lockOrder(trx, merchant, orderId);
      if (!order) throw new AppError('deposit.order.not.found');
      if (order.status === status) return;
      if (order.status !== 'pending') throw new AppError('deposit.order.state');
      await repo.decideOrder(trx, orderId, { status, reason, actor: decision.actor, transferId: null });
      await notify(trx, {
        merchant,
        memberId: order.member_id,
        type: status === 'rejected' ? 'deposit.rejected' : 'deposit.failed',
        payload: { orderId: orderId.toString(), amountMinor: order.amount_minor.toString(), reason },
      });
    });
    return this.orderOrThrow(merchant, orderId, trx);
  }

  async list(
    merchant: string,
    memberId: bigint,
    page: number,
    size: number,
    language: { requested: string | null; fallback: string },
  ) {
    const [rows, total] = await Promise.all([
      repo.selectMemberOrders(this.db, merchant, memberId, (page - 1) * size, size),
      repo.countMemberOrders(this.db, merchant, memberId),
    ]);
    return { list: rows.map((row) => this.toOrder(row, language)), total };
  }

  /** Adds proof images to the member's own pending order, at most FEEDBACK_LIMITS.imagesMax in all. */
  async addProof(
    merchant: string,
    memberId: bigint,
    orderId: bigint,
    images: { mime: string; bytes: Buffer }[],
    language: { requested: string | null; fallback: string },
  ): Promise<DepositOrder> {
    await this.db.transaction().execute(async (trx) => {
      const order = await repo.lockOrder(trx, merchant, orderId);
      // Another member's order answers exactly like a missing one.
      if (!order || order.member_id !== memberId) throw new AppError('deposit.order.not.found');
      if (order.status !== 'pending') throw new AppError('deposit.order.state');
      const count = await repo.countProofs(trx, orderId);
      if (count + images.length > FEEDBACK_LIMITS.imagesMax) {
        throw new AppError('request.invalid', {
          fields: [{ field: 'images', key: 'feedback.too_many_images', params: { limit: FEEDBACK_LIMITS.imagesMax } }],
        });
      }
      await repo.insertProofs(
        trx,
        orderId,
        count + 1,
        images.map((image) => ({ ...image, sha256: createHash('sha256').update(image.bytes).digest() })),
      );
    });
    return this.toOrder(await this.orderOrThrow(merchant, orderId), language);
  }

  operatorList(merchant: string, status: DepositOrderStatus | undefined, limit: number) {
    return repo.selectOrdersForOperator(this.db, merchant, status, limit);
  }

  /** The member's own order; another member's answers exactly like a missing one. */
  async one(merchant: string, memberId: bigint, orderId: bigint, language: { requested: string | null; fallback: string }) {
    const row = await repo.selectOrder(this.db, merchant, orderId);
    if (!row || row.member_id !== memberId) throw new AppError('deposit.order.not.found');
    return this.toOrder(row, language);
  }

  /**
   * Locks a gateway order for its provider's callback: the row lock serialises the callback with the expiry job
   * and with staff decisions, on any instance.
   */
  async lockForGateway(trx: Transaction<Database>, merchant: string, orderId: bigint) {
    const order = await repo.lockOrder(trx, merchant, orderId);
    if (!order) return null;
    const channel = await repo.selectChannelById(trx, order.channel_id);
    return { ...order, gateway: channel.gateway };
  }

  /** Leaves a pending gateway order for staff (the provider reported another amount); the expiry job passes it by. */
  async holdForReview(trx: Transaction<Database>, orderId: bigint, review: 'amount_mismatch') {
    await repo.setReview(trx, orderId, review);
  }

  /** The expiry job: a pending, unreviewed order past its time becomes expired, and the player is told. */
  async expireIn(trx: Transaction<Database>, merchant: string, orderId: bigint, now = new Date()) {
    const order = await repo.lockOrder(trx, merchant, orderId);
    if (order?.status !== 'pending' || order.review !== null) return false;
    if (!order.expires_at || order.expires_at > now) return false;
    await repo.decideOrder(trx, orderId, { status: 'expired', reason: null, actor: 'system:expiry', transferId: null });
    await notify(trx, {
      merchant,
      memberId: order.member_id,
      type: 'deposit.expired',
      payload: { orderId: orderId.toString(), amountMinor: order.amount_minor.toString() },
    });
    return true;
  }

  private async startGateway(order: Parameters<PaymentGateway['start']>[0]) {
    const { merchant, orderId } = order;
    const channel = await repo.selectChannel(this.db, merchant, order.channel);
    const gateway = channel?.gateway ? this.gateways.get(channel.gateway) : undefined;
    const decision: Decision = { actor: `gateway:${channel?.gateway}`, cause: { type: 'gateway', id: `deposit:${orderId}` } };
    let result: GatewayOutcome;
    try {
      if (!gateway) throw new Error(`no payment gateway ${channel?.gateway}`);
      result = await gateway.start(order);
    } catch (error) {
      await this.decline(merchant, orderId, 'failed', 'gateway_error', decision);
      if (error instanceof AppError) throw error;
      throw new AppError('deposit.gateway.unavailable');
    }
    if (result.outcome === 'approved') await this.approve(merchant, orderId, decision);
    else if (result.outcome === 'failed') await this.decline(merchant, orderId, 'failed', result.reason, decision);
    else if (result.action) await repo.setPaymentAction(this.db, orderId, result.action);
  }

  private async orderOrThrow(merchant: string, orderId: bigint, trx?: Transaction<Database>) {
    const order = await repo.selectOrder(trx ?? this.db, merchant, orderId);
    if (!order) throw new AppError('deposit.order.not.found');
    return order;
  }

  private toChannel(row: repo.ChannelRow, language: string | null, fallback: string, currency: string): DepositChannel {
    const gateway = row.gateway === null ? undefined : this.gateways.get(row.gateway);
    return {
      code: row.code,
      kind: row.kind,
      name: textIn(row.names, language, fallback),
      instructions: textIn(row.instructions, language, fallback),
      accountDetails: row.account_details as { label: string; value: string }[],
      minMinor: row.min_minor.toString(),
      maxMinor: row.max_minor.toString(),
      quickAmountsMinor: row.quick_amounts as string[],
      instant: row.gateway !== null,
      playMoney: gateway?.playMoney ?? false,
      hosted: gateway?.settlesByCallback ?? false,
      currency: row.currency ?? currency,
      paymentMinutes: row.payment_minutes,
      logo: (row.logo as ChannelLogo | null) ?? CHANNEL_KIND_LOGOS[row.kind],
    };
  }

  private toOrder(row: repo.OrderRow, language: { requested: string | null; fallback: string }): DepositOrder {
    return {
      id: row.id.toString(),
      channel: row.channel_code,
      channelName: textIn(row.channel_names, language.requested, language.fallback),
      amountMinor: row.amount_minor.toString(),
      reference: row.reference,
      status: row.status,
      reason: row.reason,
      proofCount: row.proof_count ?? 0,
      createdAt: row.created_at.getTime(),
      decidedAt: row.decided_at?.getTime() ?? null,
      payment:
        row.payment_action && row.expires_at
          ? { action: row.payment_action as PayerAction, expiresAt: row.expires_at.getTime() }
          : null,
      review: row.review === 'amount_mismatch' ? 'amount_mismatch' : null,
    };
  }
}
