import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@tessera/contract/api/withdrawals';
import { type Command, InvalidArgumentError } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseId, parseInteger, parseReason } from '../../platform/admin-parsers.js';
import { type AmountFormat, operatorAmountFormat } from '../site-settings/operator-amounts.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import type { WithdrawalRow } from './repo.js';
import type { WithdrawalsService } from './service.js';

const parseStatus = (raw: string): WithdrawalStatus => {
  if (!WITHDRAWAL_STATUSES.includes(raw as WithdrawalStatus)) {
    throw new InvalidArgumentError(`expected one of ${WITHDRAWAL_STATUSES.join(', ')}`);
  }
  return raw as WithdrawalStatus;
};

const line = (w: WithdrawalRow, amount: AmountFormat) =>
  [
    w.id,
    w.created_at.toISOString(),
    w.member_account,
    amount(w.amount_minor),
    w.status + (w.completion ? `(${w.completion})` : ''),
    `received ${amount(w.received_minor)}`,
    `${w.account_type} ${w.account_provider} ${w.account_masked} ${w.account_holder}`,
    w.has_proof ? 'proof' : '',
  ].join('\t');

/** withdrawal list | show | approve | reject | force-received: the operator's side of spec §4's flow. */
export function registerWithdrawalCommands(
  program: Command,
  { print, target }: AdminIo,
  { withdrawals, siteSettings }: { withdrawals: WithdrawalsService; siteSettings: SiteSettingsService },
) {
  const amountFormat = (merchant: string) => operatorAmountFormat(siteSettings, merchant);
  const command = program.command('withdrawal').description('withdrawal requests');

  command
    .command('list')
    .description('withdrawals, newest first')
    .option('--status <status>', WITHDRAWAL_STATUSES.join(', '), parseStatus)
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { status?: WithdrawalStatus; limit: number }) => {
      const { merchant } = target();
      const rows = await withdrawals.listForOperator(merchant, options.status, options.limit);
      const amount = await amountFormat(merchant);
      print(rows.length ? rows.map((row) => line(row, amount)).join('\n') : '(none)');
    });

  command
    .command('show')
    .argument('<id>', 'withdrawal id', parseId)
    .action(async (id: bigint) => {
      const { merchant } = target();
      const row = await withdrawals.show(merchant, id);
      if (!row) throw new AdminRefusal(`no withdrawal ${id}`);
      print(
        [
          line(row, await amountFormat(merchant)),
          `request ${row.request_id}  hold transfer ${row.hold_transfer_id ?? '-'}  decided by ${row.decided_by ?? '-'}`,
          `paid ${row.paid_at?.toISOString() ?? '-'}  auto receipt ${row.auto_receipt_at?.toISOString() ?? '-'}  completed ${row.completed_at?.toISOString() ?? '-'}`,
          `reject reason: ${row.reject_reason ?? '-'}  dispute note: ${row.dispute_note ?? '-'}`,
        ].join('\n'),
      );
    });

  command
    .command('approve')
    .description('the payout was sent: posts the hold and starts the auto-receipt timer (approving twice pays once)')
    .argument('<id>', 'withdrawal id', parseId)
    .action(async (id: bigint) => {
      const w = await withdrawals.approve(target().merchant, id, target().actor);
      print(`withdrawal ${w.id} ${w.status}`);
    });

  command
    .command('reject')
    .description('refuses a pending withdrawal: the held money is available again')
    .argument('<id>', 'withdrawal id', parseId)
    .requiredOption('--reason <text>', 'why (shown to the player)', parseReason)
    .action(async (id: bigint, { reason }: { reason: string }) => {
      const w = await withdrawals.reject(target().merchant, id, target().actor, reason);
      print(`withdrawal ${w.id} ${w.status}`);
    });

  command
    .command('force-received')
    .description('closes a paid withdrawal as received (spec §4 forced received; nothing is refunded)')
    .argument('<id>', 'withdrawal id', parseId)
    .action(async (id: bigint) => {
      const w = await withdrawals.forceReceived(target().merchant, id, target().actor);
      print(`withdrawal ${w.id} ${w.status} (${w.completion})`);
    });
}
