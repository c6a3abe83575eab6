import os from 'node:os';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { registerMemberCommands } from '../modules/accounts/admin-commands.js';
import { registerCaptchaCommands } from '../modules/captcha/admin-commands.js';
import { registerCashbackCommands } from '../modules/cashback/admin-commands.js';
import { registerCatalogueCommands } from '../modules/catalogue/admin-commands.js';
import { registerContentCommands } from '../modules/content/admin-commands.js';
import { registerDepositCommands } from '../modules/deposits/admin-commands.js';
import { registerFeedbackCommands } from '../modules/feedback/admin-commands.js';
import { registerLoginVerificationCommands } from '../modules/login-verification/admin-commands.js';
import { registerLotteryCommands } from '../modules/lottery/admin-commands.js';
import { registerOutboxCommands } from '../modules/mailer/admin-commands.js';
import { registerResponsibleGamingCommands } from '../modules/responsible-gaming/admin-commands.js';
import { registerSiteSettingsCommands } from '../modules/site-settings/admin-commands.js';
import { SettingsRejected } from '../modules/site-settings/errors.js';
import type { SiteSettingsService } from '../modules/site-settings/service.js';
import { registerWithdrawalCommands } from '../modules/withdrawals/admin-commands.js';
import { AppError } from '../platform/app-error.js';

export interface AdminContext {
  db: Kysely<Database>;
  settings: SiteSettingsService;
  defaultMerchant: string;
}

/** What a module's commands use to answer and to know whom they act for. */
export interface AdminIo {
  print(text: string): void;
  target(): { merchant: string; actor: string };
  /** A path the operator typed, resolved against the directory the CLI was started in (not the server's). */
  resolvePath(file: string): string;
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
export async function runAdmin(argv: string[], context: AdminContext, cwd = process.cwd()): Promise<AdminResult> {
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
  const io: AdminIo = {
    print,
    target: () => program.opts<{ merchant: string; actor: string }>(),
    resolvePath: (file) => path.resolve(cwd, file),
  };

  registerSiteSettingsCommands(program, io, context);
  registerCatalogueCommands(program, io, context);
  registerContentCommands(program, io, context);
  registerFeedbackCommands(program, io, context);
  registerMemberCommands(program, io, context);
  registerLoginVerificationCommands(program, io, context); // adds `member forget-addresses`: after the line above
  registerCaptchaCommands(program, io, context);
  registerOutboxCommands(program, io, context);
  registerWithdrawalCommands(program, io, context);
  registerDepositCommands(program, io, context); // deposits (issue 5)
  registerResponsibleGamingCommands(program, io, context);
  registerCashbackCommands(program, io, context);
  registerLotteryCommands(program, io, context); // house lottery draws (issue 6 item 4)

  try {
    await program.parseAsync(argv, { from: 'user' });
    return { output: lines.join('\n'), exitCode: 0 };
  } catch (error) {
    if (error instanceof CommanderError) return { output: lines.join('\n'), exitCode: error.exitCode };
    // A service's expected refusal (wrong state, unknown id, a taken name) is the operator's one line too.
    if (error instanceof AppError) return { output: [...lines, `error: ${error.code}`].join('\n'), exitCode: 1 };
    if (error instanceof SettingsRejected || error instanceof InvalidArgumentError || error instanceof AdminRefusal) {
      return { output: [...lines, `error: ${error.message}`].join('\n'), exitCode: 1 };
    }
    throw error;
  }
}
