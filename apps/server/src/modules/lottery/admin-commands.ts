import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseId, parseInteger, parseReason } from '../../platform/admin-parsers.js';
import * as repo from './repo.js';
import type { LotteryService } from './service.js';

const drawLine = (d: repo.DrawRow) =>
  [
    d.id,
    d.game_code,
    d.numero,
    d.draw_at.toISOString(),
    d.status,
    `tickets ${d.ticket_count}`,
    `winners ${d.winner_count}`,
    `paid ${d.payout_total} minor`,
    d.status === 'drawn' ? `batches left ${d.batches_left}` : '',
  ].join('\t');

/** lottery draws | draw | tickets | void-draw: what an operator needs to watch draws and settle incidents. */
export function registerLotteryCommands(
  program: Command,
  { print, target }: AdminIo,
  { db, lottery }: { db: Kysely<Database>; lottery: LotteryService },
) {
  const command = program.command('lottery').description('house lottery draws and tickets (amounts in minor units)');

  command
    .command('draws')
    .description('draws, newest first (including the next scheduled ones)')
    .option('--game <code>', 'one game, e.g. TS_ELOTT_1M')
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { game?: string; limit: number }) => {
      const rows = await repo.selectRecentDraws(db, options.game, options.limit);
      print(rows.length ? rows.map(drawLine).join('\n') : '(none)');
    });

  command
    .command('draw')
    .description("one draw's settlement status: tickets by status, jobs still to run and their last error")
    .argument('<id>', 'draw id', parseId)
    .action(async (id: bigint) => {
      const draw = await repo.selectDraw(db, id);
      if (!draw) throw new AdminRefusal(`no draw ${id}`);
      const [tickets, jobs] = await Promise.all([repo.countTicketsByStatus(db, id), repo.selectPendingJobs(db, id)]);
      print(
        [
          drawLine(draw),
          `commitment ${draw.commitment}  seed ${draw.status === 'scheduled' ? '(secret until drawn)' : draw.server_seed}`,
          `result ${draw.result === null ? '-' : JSON.stringify(draw.result)}  drawn ${draw.drawn_at?.toISOString() ?? '-'}  settled ${draw.settled_at?.toISOString() ?? '-'}`,
          `tickets (all merchants): ${tickets.map((t) => `${t.status} ${t.count} (paid ${t.payout})`).join(', ') || 'none'}`,
          ...jobs.map(
            (j) =>
              `pending ${j.kind} at ${j.run_at.toISOString()} attempts ${j.attempts}${j.last_error ? ` error: ${j.last_error}` : ''}`,
          ),
        ].join('\n'),
      );
    });

  command
    .command('tickets')
    .description("the merchant's tickets of one draw")
    .argument('<drawId>', 'draw id', parseId)
    .option('--limit <n>', 'how many', parseInteger, 50)
    .action(async (drawId: bigint, options: { limit: number }) => {
      const rows = await repo.selectDrawTickets(db, target().merchant, drawId, options.limit);
      const line = (t: (typeof rows)[number]) =>
        [t.id, `member ${t.member_id}`, JSON.stringify(t.bet), `stake ${t.stake}`, t.status, `payout ${t.payout}`].join('\t');
      print(rows.length ? rows.map(line).join('\n') : '(none)');
    });

  command
    .command('void-draw')
    .description('cancel a draw that has not been drawn: every slip is refunded, every ticket void')
    .argument('<id>', 'draw id', parseId)
    .requiredOption('--reason <text>', "why: kept in each refund's ledger memo", parseReason)
    .action(async (id: bigint, options: { reason: string }) => {
      const { refundedSlips } = await lottery.voidDraw(id, `${options.reason} (${target().actor})`);
      print(`draw ${id} void (${options.reason}) by ${target().actor}: ${refundedSlips} slip(s) refunded`);
    });
}
