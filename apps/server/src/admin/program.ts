import os from 'node:os';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { registerSiteSettingsCommands } from '../modules/site-settings/admin-commands.js';
import { SettingsRejected } from '../modules/site-settings/errors.js';
import type { SiteSettingsService } from '../modules/site-settings/service.js';

export interface AdminContext {
  db: Kysely<Database>;
  settings: SiteSettingsService;
  defaultMerchant: string;
}

/** What a module's commands use to answer and to know whom they act for. */
export interface AdminIo {
  print(text: string): void;
  target(): { merchant: string; actor: string };
}

export interface AdminResult {
  output: string;
  exitCode: number;
}

/** A refusal an operator can act on: printed as one line, exit code 1. */
export class AdminRefusal extends Error {}

/**
 * Operator commands (`npm run admin -- <command>`). Each module registers its own; every change goes through
 * that module's service, so it is validated and audited like any other write. The same program runs in the
 * CLI process or, when a PGlite server holds the data directory, inside that server.
 */
export async function runAdmin(argv: string[], context: AdminContext): Promise<AdminResult> {
  const lines: string[] = [];
  const print = (text: string) => {
    lines.push(text);
  };
  const program = new Command('admin')
    .description('Tessera operator commands')
    .option('--merchant <code>', 'merchant to act on', context.defaultMerchant)
    .option('--actor <name>', 'who is acting (recorded in the audit trail)', `cli:${os.userInfo().username}`)
    .exitOverride()
    .configureOutput({ writeOut: (text) => print(text.trimEnd()), writeErr: (text) => print(text.trimEnd()) });
  const io: AdminIo = { print, target: () => program.opts<{ merchant: string; actor: string }>() };

  registerSiteSettingsCommands(program, io, context);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return { output: lines.join('\n'), exitCode: 0 };
  } catch (error) {
    if (error instanceof CommanderError) return { output: lines.join('\n'), exitCode: error.exitCode };
    if (error instanceof SettingsRejected || error instanceof InvalidArgumentError || error instanceof AdminRefusal) {
      return { output: [...lines, `error: ${error.message}`].join('\n'), exitCode: 1 };
    }
    throw error;
  }
}
