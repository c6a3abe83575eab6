import type { ChannelRow, ChannelSaveBody } from '@tessera/contract/api/back-office-channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import type { PaymentGateway } from './gateways.js';
import * as repo from './repo.js';

const texts = (value: unknown): { en: string; bn: string } => {
  const map = (value ?? {}) as Record<string, string>;
  return { en: map.en ?? '', bn: map.bn ?? '' };
};

const toRow = (row: repo.ChannelRow): ChannelRow => ({
  code: row.code,
  kind: row.kind,
  gateway: row.gateway,
  names: texts(row.names),
  instructions: texts(row.instructions),
  minMinor: row.min_minor.toString(),
  maxMinor: row.max_minor.toString(),
  feeBps: row.fee_bps,
  feeFixedMinor: row.fee_fixed_minor.toString(),
  currency: row.currency,
  paymentMinutes: row.payment_minutes,
  sortOrder: row.sort_order,
  active: row.status === 'active',
  minVipLevel: row.min_vip_level,
  depositHistory: row.deposit_history,
  logo: row.logo as ChannelRow['logo'],
  payoutAccountType: row.payout_account_type,
});

const invalid = (field: string, key: string) =>
  new AppError('channel.invalid', { fields: [{ field: `body/${field}`, key, params: {} }] });
const withoutEmpty = (map: { en: string; bn: string }) =>
  Object.fromEntries(Object.entries(map).filter(([, text]) => text.trim() !== '')) as Record<string, string>;

/**
 * The back office's side of deposit channels: the list in the players' order and one save for add and edit,
 * each checked against the gateways this server has and written with its audit entry in one transaction.
 */
export class ChannelAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateways: () => readonly PaymentGateway[],
  ) {}

  async list(merchant: string) {
    const rows = await repo.selectChannels(this.db, merchant, false);
    return {
      channels: rows.map(toRow),
      gateways: this.gateways().map((gateway) => ({ id: gateway.id, name: gateway.name, playMoney: gateway.playMoney })),
    };
  }

  async save(merchant: string, body: ChannelSaveBody, by: AuditActor): Promise<ChannelRow> {
    if ((body.kind === 'instant') !== (body.gateway !== null)) throw invalid('gateway', 'channels.error_gateway_kind');
    if (body.gateway !== null && !this.gateways().some((gateway) => gateway.id === body.gateway)) {
      throw invalid('gateway', 'channels.error_gateway_unknown');
    }
    if (BigInt(body.minMinor) > BigInt(body.maxMinor)) throw invalid('maxMinor', 'channels.error_limits');
    // Only a real provider pays money out: play money and hand-reconciled transfers take deposits only.
    const provider = this.gateways().find((gateway) => gateway.id === body.gateway && !gateway.playMoney);
    if (body.payoutAccountType !== null && !provider) throw invalid('payoutAccountType', 'channels.error_payout_gateway');
    const channel = {
      merchant,
      code: body.code,
      kind: body.kind,
      gateway: body.gateway,
      names: withoutEmpty(body.names),
      instructions: withoutEmpty(body.instructions),
      accountDetails: [],
      minMinor: BigInt(body.minMinor),
      maxMinor: BigInt(body.maxMinor),
      quickAmountsMinor: [],
      sortOrder: body.sortOrder,
      feeBps: body.feeBps,
      feeFixedMinor: BigInt(body.feeFixedMinor),
      currency: body.currency,
      paymentMinutes: body.paymentMinutes,
      minVipLevel: body.minVipLevel,
      depositHistory: body.depositHistory,
      logo: body.logo,
      payoutAccountType: body.payoutAccountType,
    };
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.selectChannel(trx, merchant, body.code);
      if (body.isNew) {
        if (before || !(await repo.insertChannel(trx, channel))) throw new AppError('channel.exists');
        if (!body.active) await repo.setChannelStatus(trx, merchant, body.code, 'disabled');
      } else {
        const changed =
          before !== undefined &&
          (await repo.updateChannel(trx, {
            ...channel,
            quickAmountsMinor: (before.quick_amounts as string[])
              .map(BigInt)
              .filter((q) => q >= channel.minMinor && q <= channel.maxMinor),
            status: body.active ? 'active' : 'disabled',
          }));
        if (!changed) throw new AppError('deposit.channel.unavailable');
      }
      const after = await repo.selectChannel(trx, merchant, body.code);
      if (!after) throw new AppError('deposit.channel.unavailable');
      await appendAudit(trx, by, {
        action: 'deposit.channel',
        merchantCode: merchant,
        target: body.code,
        before: before ? toRow(before) : null,
        after: toRow(after),
      });
      return toRow(after);
    });
  }
}
