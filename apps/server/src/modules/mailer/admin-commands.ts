import { type Command, InvalidArgumentError } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AdminIo } from '../../platform/admin-io.js';
import { parseInteger } from '../../platform/admin-parsers.js';
import { listOutbox, type OutboxKind } from './outbox.js';

const parseKind = (raw: string): OutboxKind => {
  if (raw !== 'mail' && raw !== 'sms') throw new InvalidArgumentError('expected mail or sms');
  return raw;
};

/** `outbox list`: what the default mail and SMS providers "sent" (codes, reset links), newest first. */
export function registerOutboxCommands(program: Command, { print, target }: AdminIo, { db }: { db: Kysely<Database> }) {
  program
    .command('outbox')
    .description('mail and SMS written by the default providers')
    .command('list')
    .option('--kind <kind>', 'mail or sms', parseKind)
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { kind?: OutboxKind; limit: number }) => {
      const messages = await listOutbox(db, target().merchant, options.kind, options.limit);
      if (messages.length === 0) print('(empty)');
      for (const message of messages) {
        print(
          `#${message.id} ${message.createdAt.toISOString()} ${message.kind} to ${message.recipient}: ${message.subject}\n${message.body}`,
        );
      }
    });
}
