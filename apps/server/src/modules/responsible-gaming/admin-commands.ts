import type { Command } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import type { ResponsibleGamingService } from './service.js';

const time = (ms: number | null) => (ms === null ? 'until lifted by an operator' : new Date(ms).toISOString());

/** rg show | lift <account>: an operator's view of a player's protection settings; every lift is audited. */
export function registerResponsibleGamingCommands(
  program: Command,
  { print, target }: AdminIo,
  { responsibleGaming: rg }: { responsibleGaming: ResponsibleGamingService },
) {
  const command = program.command('rg').description('responsible gaming: deposit limits, time-outs, self-exclusions');

  command
    .command('show <account>')
    .description("a player's deposit limits, time-out or self-exclusion, and the last 20 changes")
    .action(async (account: string) => {
      const view = await rg.operatorShow(target().merchant, account);
      if (!view) throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      const { limits, exclusion } = view.protection;
      print(
        [
          `${view.memberId}\t${view.account}`,
          ...limits.map(
            (l) =>
              `${l.period}: ${l.limitMinor ?? 'no limit'} (used ${l.usedMinor})${
                l.pending ? `, changes to ${l.pending.limitMinor ?? 'no limit'} at ${time(l.pending.effectiveAt)}` : ''
              }`,
          ),
          exclusion
            ? `exclusion: ${exclusion.kind} ${exclusion.duration} since ${time(exclusion.since)} until ${time(exclusion.until)}`
            : 'exclusion: none',
          'changes:',
          ...(view.audit.length
            ? view.audit.map((a) => `  ${a.at.toISOString()}\t${a.actor}\t${a.action}\t${JSON.stringify(a.detail)}`)
            : ['  (none)']),
        ].join('\n'),
      );
    });

  command
    .command('lift <account>')
    .description("end a player's time-out or self-exclusion (recorded with --actor)")
    .action(async (account: string) => {
      const result = await rg.operatorLift(target().merchant, account, target().actor);
      if (!result) throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      if (result.lifted === 0) throw new AdminRefusal(`${account} has no time-out or self-exclusion in force`);
      print(`lifted the exclusion of ${account}`);
    });
}
