import { type Command, InvalidArgumentError } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseId, parseInteger, parseReason } from '../../platform/admin-parsers.js';
import { operatorAmountFormat } from '../site-settings/operator-amounts.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { playMoneyGateway } from './gateways.js';
import * as repo from './repo.js';
import type { DepositsService } from './service.js';
import type { DepositChannelKind, DepositOrderStatus } from './tables.js';

const KINDS: DepositChannelKind[] = ['bank', 'ewallet', 'instant'];
const STATUSES: DepositOrderStatus[] = ['pending', 'approved', 'rejected', 'failed', 'expired'];
/** Offered as quick amounts (major units) when the operator names none: those inside the channel's limits. */
const STANDARD_QUICK_AMOUNTS = [100, 500, 1000, 5000, 10_000, 30_000];

const parseCode = (raw: string): string => {
  if (!/^[a-z0-9_-]{2,32}$/.test(raw)) throw new InvalidArgumentError('expected 2–32 of a-z, 0-9, _ and -');
  return raw;
};
const parseKind = (raw: string): DepositChannelKind => {
  if (!KINDS.includes(raw as DepositChannelKind)) throw new InvalidArgumentError(`expected one of ${KINDS.join(', ')}`);
  return raw as DepositChannelKind;
};
const PAYOUT_TYPES = ['bank', 'ewallet'] as const;
const parsePayout = (raw: string): (typeof PAYOUT_TYPES)[number] => {
  const type = PAYOUT_TYPES.find((known) => known === raw);
  if (!type) throw new InvalidArgumentError(`expected one of ${PAYOUT_TYPES.join(', ')}`);
  return type;
};
const parseStatus = (raw: string): DepositOrderStatus => {
  if (!STATUSES.includes(raw as DepositOrderStatus)) throw new InvalidArgumentError(`expected one of ${STATUSES.join(', ')}`);
  return raw as DepositOrderStatus;
};
const collectDetail = (raw: string, previous: { label: string; value: string }[]) => {
  const at = raw.indexOf('=');
  if (at < 1 || at === raw.length - 1) throw new InvalidArgumentError('expected Label=Value, e.g. "Account number=0123456789"');
  return [...previous, { label: raw.slice(0, at).trim(), value: raw.slice(at + 1).trim() }];
};

/** An amount in major units as the operator types it ("500", "99.50") → minor units of the merchant's currency. */
export function toMinor(raw: string, minorDigits: number): bigint {
  const match = /^([0-9]{1,13})(?:\.([0-9]+))?$/.exec(raw.trim());
  if (!match || (match[2] ?? '').length > minorDigits) {
    throw new AdminRefusal(`"${raw}" is not an amount with at most ${minorDigits} decimals`);
  }
  return BigInt(match[1] ?? '0') * 10n ** BigInt(minorDigits) + BigInt((match[2] ?? '').padEnd(minorDigits, '0') || '0');
}
interface AddOptions {
  kind: DepositChannelKind;
  gateway?: string;
  name: string;
  nameBn?: string;
  instructions?: string;
  instructionsBn?: string;
  account: { label: string; value: string }[];
  min: string;
  max: string;
  quick?: string;
  order: number;
  feeBps: number;
  feeFixed?: string;
  currency?: string;
  minutes: number;
  payout?: (typeof PAYOUT_TYPES)[number];
}

/** deposit channel add|list|disable|enable, deposit list|approve|reject (the operator's side of deposits). */
export function registerDepositCommands(
  program: Command,
  { print, target }: AdminIo,
  {
    db,
    deposits,
    siteSettings: settings,
  }: { db: Kysely<Database>; deposits: DepositsService; siteSettings: SiteSettingsService },
) {
  const digitsOf = async (merchant: string) => (await settings.get(merchant, 0))?.product.currency.minorDigits ?? 2;
  const command = program.command('deposit').description('deposit channels and orders');
  const channel = command.command('channel').description('deposit channels a player can choose');

  channel
    .command('add')
    .description('adds a channel; amounts in major units of the merchant currency')
    .argument('<code>', 'channel code (a-z, 0-9, _ -)', parseCode)
    .requiredOption('--kind <kind>', 'bank, ewallet or instant', parseKind)
    .option('--gateway <id>', 'payment gateway of an instant channel: playmoney or a configured provider (e.g. testpsp)')
    .requiredOption('--name <text>', 'name shown to players (English)')
    .option('--name-bn <text>', 'name in Bengali')
    .option('--instructions <text>', 'how to pay (English)')
    .option('--instructions-bn <text>', 'how to pay (Bengali)')
    .option('--account <Label=Value>', 'an account detail the player copies (repeatable)', collectDetail, [])
    .requiredOption('--min <amount>', 'smallest deposit')
    .requiredOption('--max <amount>', 'largest deposit')
    .option('--quick <amounts>', 'comma-separated quick amounts (default: standard amounts within the limits)')
    .option('--order <n>', 'position in the list', parseInteger, 0)
    .option('--fee-bps <n>', "the provider's fee in hundredths of a percent", parseInteger, 0)
    .option('--fee-fixed <amount>', "the provider's fixed fee per payment")
    .option('--currency <code>', "the channel's currency (default: the merchant's)")
    .option('--minutes <n>', 'minutes to pay on the provider page before the order expires', parseInteger, 15)
    .option(
      '--payout <type>',
      "also pays withdrawals to the players' accounts of this type (bank or ewallet) through the provider",
      parsePayout,
    )
    .action(async (code: string, options: AddOptions) => {
      const { merchant } = target();
      const digits = await digitsOf(merchant);
      const minMinor = toMinor(options.min, digits);
      const maxMinor = toMinor(options.max, digits);
      if (minMinor <= 0n || maxMinor < minMinor) throw new AdminRefusal('--min must be above 0 and not above --max');
      const isInstant = options.kind === 'instant';
      if (isInstant !== (options.gateway !== undefined))
        throw new AdminRefusal('--gateway is required for instant channels and only for them');
      if (options.gateway !== undefined && !deposits.gatewayList().some((gateway) => gateway.id === options.gateway))
        throw new AdminRefusal(
          `unknown gateway ${options.gateway} (this server has ${deposits
            .gatewayList()
            .map((g) => g.id)
            .join(', ')})`,
        );
      if (options.payout !== undefined && (options.gateway === undefined || options.gateway === playMoneyGateway.id))
        throw new AdminRefusal('--payout needs a payment provider as --gateway');
      if (options.feeBps > 10_000 || options.minutes < 1 || options.minutes > 1440)
        throw new AdminRefusal('--fee-bps must be 0 to 10000 and --minutes 1 to 1440');
      if (options.currency !== undefined && !/^[A-Z]{3}$/.test(options.currency))
        throw new AdminRefusal('--currency must be a three-letter code such as BDT');
      const quick = options.quick
        ? options.quick.split(',').map((amount) => toMinor(amount, digits))
        : STANDARD_QUICK_AMOUNTS.map((amount) => BigInt(amount) * 10n ** BigInt(digits));
      const added = await repo.insertChannel(db, {
        merchant,
        code,
        kind: options.kind,
        gateway: options.gateway ?? null,
        names: { en: options.name, ...(options.nameBn ? { bn: options.nameBn } : {}) },
        instructions: {
          ...(options.instructions ? { en: options.instructions } : {}),
          ...(options.instructionsBn ? { bn: options.instructionsBn } : {}),
        },
        accountDetails: options.account,
        minMinor,
        maxMinor,
        quickAmountsMinor: quick.filter((amount) => amount >= minMinor && amount <= maxMinor),
        sortOrder: options.order,
        feeBps: options.feeBps,
        feeFixedMinor: options.feeFixed === undefined ? 0n : toMinor(options.feeFixed, digits),
        currency: options.currency ?? null,
        paymentMinutes: options.minutes,
        payoutAccountType: options.payout ?? null,
      });
      if (!added) throw new AdminRefusal(`channel ${code} already exists`);
      print(`added channel ${code}`);
    });

  channel
    .command('list')
    .description('every channel, active or not')
    .action(async () => {
      const { merchant } = target();
      const amount = await operatorAmountFormat(settings, merchant);
      const rows = await repo.selectChannels(db, merchant, false);
      if (rows.length === 0) print('no deposit channels');
      for (const row of rows) {
        const name = (row.names as Record<string, string>).en ?? '';
        print(
          `${row.code}\t${row.kind}${row.gateway ? `(${row.gateway})` : ''}\t${row.status}\t${amount(row.min_minor)}–${amount(row.max_minor)}\t${name}`,
        );
      }
    });

  for (const [name, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    channel
      .command(name)
      .description(`${name}s a channel (orders already made keep it)`)
      .argument('<code>', 'channel code', parseCode)
      .action(async (code: string) => {
        if (!(await repo.setChannelStatus(db, target().merchant, code, status))) throw new AdminRefusal(`no channel ${code}`);
        print(`channel ${code} ${status}`);
      });
  }

  command
    .command('list')
    .description('deposit orders, newest first')
    .option('--status <status>', 'pending, approved, rejected, failed or expired', parseStatus)
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { status?: DepositOrderStatus; limit: number }) => {
      const { merchant } = target();
      const amount = await operatorAmountFormat(settings, merchant);
      const rows = await deposits.operatorList(merchant, options.status, options.limit);
      if (rows.length === 0) print('no deposit orders');
      for (const row of rows) {
        print(
          `${row.id}\t${row.created_at.toISOString()}\t${row.member_account}\t${row.channel_code}\t${amount(row.amount_minor)}\t${row.status}\tref ${row.reference ?? '-'}\t${row.proof_count ?? 0} proof(s)`,
        );
      }
    });

  command
    .command('approve')
    .description('credits the order to the player (approving twice credits once)')
    .argument('<id>', 'order id', parseId)
    .action(async (id: bigint) => {
      const { merchant, actor } = target();
      const order = await deposits.approve(merchant, id, { actor, cause: { type: 'operator', id: actor } });
      print(`order ${order.id} ${order.status}`);
    });

  command
    .command('reject')
    .description('rejects a pending order with a reason the player sees')
    .argument('<id>', 'order id', parseId)
    .requiredOption('--reason <text>', 'why (shown to the player)', parseReason)
    .action(async (id: bigint, { reason }: { reason: string }) => {
      const { merchant, actor } = target();
      const order = await deposits.decline(merchant, id, 'rejected', reason, { actor, cause: { type: 'operator', id: actor } });
      print(`order ${order.id} ${order.status}`);
    });
}
