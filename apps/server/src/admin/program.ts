import os from 'node:os';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { registerMemberCommands } from '../modules/accounts/admin-commands.js';
import { registerAgentSettlementCommands } from '../modules/agent-settlement/admin-commands.js';
import { registerAuditCommands } from '../modules/audit-log/admin-commands.js';
import { registerCaptchaCommands } from '../modules/captcha/admin-commands.js';
import { registerCashbackCommands } from '../modules/cashback/admin-commands.js';
import { registerCatalogueCommands } from '../modules/catalogue/admin-commands.js';
import { registerContentCommands } from '../modules/content/admin-commands.js';
import { registerDepositCommands } from '../modules/deposits/admin-commands.js';
import { registerFeedbackCommands } from '../modules/feedback/admin-commands.js';
import { registerLotteryCommands } from '../modules/lottery/admin-commands.js';
import { registerOutboxCommands } from '../modules/mailer/admin-commands.js';
import { registerPromotionCommands } from '../modules/promotions/admin-commands.js';
import { registerResponsibleGamingCommands } from '../modules/responsible-gaming/admin-commands.js';
import { registerSiteSettingsCommands } from '../modules/site-settings/admin-commands.js';
import { SettingsRejected } from '../modules/site-settings/errors.js';
import { registerStaffCommands } from '../modules/staff/admin-commands.js';
import { registerWithdrawalCommands } from '../modules/withdrawals/admin-commands.js';
import { type AdminIo, AdminRefusal } from '../platform/admin-io.js';
import { AppError } from '../platform/app-error.js';
import { escapeControls } from '../platform/terminal-text.js';
import type { Services } from '../services.js';

export interface AdminResult {
  output: string;
  exitCode: number;
}

/**
 * Operator commands (`npm run admin -- <command>`). Each module registers its own, given the services it uses;
 * every change goes through that module's service, so it is validated and audited like any other write. The
 * same program runs in the CLI process or, when a PGlite server holds the data directory, inside that server.
 */
export async function runAdmin(argv: string[], services: Services, cwd = process.cwd()): Promise<AdminResult> {
  const lines: string[] = [];
  // Player text reaches these lines (references, notes, feedback): nothing printed may drive the terminal.
  const print = (text: string) => {
    lines.push(escapeControls(text));
  };
  const program = new Command('admin')
    .description('Tessera operator commands')
    .option('--merchant <code>', 'merchant to act on', services.config.defaultMerchant)
    .option('--actor <name>', 'who is acting (recorded in the audit trail)', `cli:${os.userInfo().username}`)
    .exitOverride()
    .configureOutput({ writeOut: (text) => print(text.trimEnd()), writeErr: (text) => print(text.trimEnd()) });
  const io: AdminIo = {
    print,
    target: () => program.opts<{ merchant: string; actor: string }>(),
    resolvePath: (file) => path.resolve(cwd, file),
  };

  registerSiteSettingsCommands(program, io, services);
  registerCatalogueCommands(program, io, services);
  registerContentCommands(program, io, services);
  registerFeedbackCommands(program, io, services);
  registerMemberCommands(program, io, services);
  registerCaptchaCommands(program, io, services);
  registerOutboxCommands(program, io, services);
  registerWithdrawalCommands(program, io, services);
  registerDepositCommands(program, io, services);
  registerResponsibleGamingCommands(program, io, services);
  registerCashbackCommands(program, io, services);
  registerLotteryCommands(program, io, services);
  registerStaffCommands(program, io, services);
  registerAuditCommands(program, io, services);
  registerAgentSettlementCommands(program, io, services);
  registerPromotionCommands(program, io, services);

  // The command that ran (its words, e.g. "staff create") and its parsed arguments and options, known once they parsed.
  let ran: { command: string; input: Record<string, unknown> } | null = null;
  program.hook('preAction', (_program, action) => {
    const words: string[] = [];
    for (let command: Command | null = action; command && command !== program; command = command.parent)
      words.unshift(command.name());
    const input: Record<string, unknown> = {};
    action.registeredArguments.forEach((argument, index) => {
      input[argument.name()] = action.processedArgs[index];
    });
    Object.assign(input, action.opts());
    ran = { command: words.join(' '), input: redactSecrets(input) };
  });
  const finish = async (result: AdminResult): Promise<AdminResult> => {
    if (ran !== null) {
      await services.auditLog.append(
        { actor: io.target().actor, kind: 'cli', ip: null },
        {
          action: 'cli.command',
          target: ran.command,
          merchantCode: io.target().merchant,
          after: { ...ran.input, exitCode: result.exitCode },
        },
      );
    }
    return result;
  };

  try {
    await program.parseAsync(argv, { from: 'user' });
    return finish({ output: lines.join('\n'), exitCode: 0 });
  } catch (error) {
    if (error instanceof CommanderError) return finish({ output: lines.join('\n'), exitCode: error.exitCode });
    // A service's expected refusal (wrong state, unknown id, a taken name) is the operator's one line too.
    if (error instanceof AppError) return finish({ output: [...lines, `error: ${error.code}`].join('\n'), exitCode: 1 });
    if (error instanceof SettingsRejected || error instanceof InvalidArgumentError || error instanceof AdminRefusal) {
      return finish({ output: [...lines, escapeControls(`error: ${error.message}`)].join('\n'), exitCode: 1 });
    }
    throw error;
  }
}

const SECRET_NAME = /password|secret|token/i;

/** A command's arguments and options as the audit log keeps them: any password, secret or token is left out. */
export function redactSecrets(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => [
      name,
      SECRET_NAME.test(name) ? '[redacted]' : typeof value === 'bigint' ? value.toString() : value,
    ]),
  );
}
