import type { Command } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseInteger } from '../../platform/admin-parsers.js';
import type { AgentSettlementService } from './service.js';

/**
 * agent-settlement run | recompute <id> | clock advance <minutes> | clock reset: settle what is due now, recompute a
 * statement for audit, and move the test clock (refused unless AGENT_SETTLEMENT_TEST_CLOCK allows it).
 */
export function registerAgentSettlementCommands(
  program: Command,
  { print, target }: AdminIo,
  { agentSettlement }: { agentSettlement: AgentSettlementService },
) {
  const command = program.command('agent-settlement').description('settlement of agent contracts');
  command
    .command('run')
    .description('settle every contract period closed by now (the job does it every minute)')
    .action(async () => {
      const { statements, paid } = await agentSettlement.settleNow();
      print(`${statements} statements, ${paid} paid (minor units)`);
    });
  command
    .command('recompute <id>')
    .description('recompute a statement from the ledger and compare it with the stored one')
    .action(async (id: string) => {
      const answer = await agentSettlement.recompute(target().merchant, BigInt(parseInteger(id)));
      print(JSON.stringify(answer, null, 2));
      if (!answer.same) throw new AdminRefusal('the recomputed statement differs from the stored one');
    });
  const clock = command.command('clock').description('the test clock (tests and demos only)');
  clock
    .command('advance <minutes>')
    .description('move the settlement clock ahead, so periods close sooner')
    .action(async (minutes: string) => {
      const offset = await agentSettlement.advanceClock(parseInteger(minutes) * 60_000);
      print(`settlement clock is ${offset / 60_000} minutes ahead`);
    });
  clock
    .command('reset')
    .description('back to real time')
    .action(async () => {
      await agentSettlement.advanceClock(null);
      print('settlement clock is real time');
    });
}
