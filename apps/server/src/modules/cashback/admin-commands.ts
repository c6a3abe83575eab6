import { CASHBACK_MAX_RATE_BASIS_POINTS, GAME_CATEGORY_PATTERN } from '@tessera/contract/api/cashback';
import { type Command, InvalidArgumentError } from 'commander';
import type { AdminIo } from '../../platform/admin-io.js';
import { parseInteger } from '../../platform/admin-parsers.js';
import type { CashbackService } from './service.js';

const parseCategory = (raw: string) => {
  const category = raw.toUpperCase();
  if (!new RegExp(GAME_CATEGORY_PATTERN).test(category))
    throw new InvalidArgumentError('expected a game category such as RNG or LIVE');
  return category;
};
const parseRate = (raw: string) => {
  const rate = parseInteger(raw);
  if (rate > CASHBACK_MAX_RATE_BASIS_POINTS) throw new InvalidArgumentError('expected basis points from 0 to 10000 (100 = 1%)');
  return rate;
};

/** cashback rate set | list: the rebate rate per game category, in basis points, audited. */
export function registerCashbackCommands(
  program: Command,
  { print, target }: AdminIo,
  { cashback }: { cashback: CashbackService },
) {
  const rate = program.command('cashback').description('cashback (member rebate) rates').command('rate');
  rate
    .command('set <category> <basisPoints>')
    .description('rate of a game category in basis points (100 = 1%); 0 stops the rebate')
    .action(async (rawCategory: string, rawRate: string) => {
      const category = parseCategory(rawCategory);
      const bp = parseRate(rawRate);
      await cashback.setRate(target().merchant, category, bp, target().actor);
      print(`cashback rate of ${category} is now ${bp} basis points (${(bp / 100).toFixed(2)}%)`);
    });
  rate.command('list').action(async () => {
    const rows = await cashback.rates(target().merchant);
    print(
      rows.length
        ? rows.map((r) => `${r.game_category}\t${r.rate_bp} bp\t${r.updated_by}\t${r.updated_at.toISOString()}`).join('\n')
        : '(no rates)',
    );
  });
}
