import type { Command } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseInteger } from '../../platform/admin-parsers.js';
import type { AuditLog } from './service.js';

/** audit verify | list: the hash-chained audit log of staff, operator commands and settings changes. */
export function registerAuditCommands(program: Command, { print }: AdminIo, { auditLog }: { auditLog: AuditLog }) {
  const audit = program.command('audit').description('the audit log: every change by staff, operator commands and settings');
  audit
    .command('verify')
    .description('recompute the hash chain; exit 1 at the first entry that was changed, inserted or removed')
    .action(async () => {
      const check = await auditLog.verify();
      if (check.intact) {
        print(`audit log intact: ${check.entries} entries`);
        return;
      }
      throw new AdminRefusal(
        `audit log BROKEN at entry ${check.brokenAt}: ${check.reason} (the ${check.entries} entries before it are intact)`,
      );
    });

  audit
    .command('list')
    .description('recent entries, newest first')
    .option('--action <action>', 'only this action, or a prefix ending in a dot (settings.)')
    .option('--actor <name>', 'only this actor')
    .option('--target <target>', 'only this target (a settings key, a staff name)')
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { action?: string; actor?: string; target?: string; limit: number }) => {
      const filter = { action: options.action, actor: options.actor, target: options.target };
      const { entries } = await auditLog.page(filter, 0, options.limit);
      for (const entry of entries) {
        print(
          [
            entry.seq,
            entry.at.toISOString(),
            `${entry.actorKind}:${entry.actor}`,
            entry.ip ?? '-',
            entry.merchantCode ?? '-',
            entry.action,
            entry.target ?? '-',
            `${JSON.stringify(entry.before)} -> ${JSON.stringify(entry.after)}`,
          ].join('\t'),
        );
      }
    });
}
