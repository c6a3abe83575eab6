import type { Command } from 'commander';
import type { AdminIo } from '../../platform/admin-io.js';
import type { PromotionRebates } from './rebates.js';

/** promotions rebates run: pays the loss rebates of every period closed by the settlement clock now (the job does it every minute). */
export function registerPromotionCommands(
  program: Command,
  { print }: AdminIo,
  { promotionRebates }: { promotionRebates: PromotionRebates },
) {
  const command = program.command('promotions').description('promotions');
  command
    .command('rebates')
    .description('loss rebates')
    .command('run')
    .description('close every rebate period ended by the settlement clock and pay its rebates')
    .action(async () => {
      const paid = await promotionRebates.runNow();
      print(`${paid} rebates paid`);
    });
}
