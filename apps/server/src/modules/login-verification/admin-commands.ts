import type { Command } from 'commander';
import { type AdminContext, type AdminIo, AdminRefusal } from '../../admin/program.js';
import { AccountsService } from '../accounts/service.js';
import { CaptchaService } from '../captcha/service.js';
import { OutboxMailer } from '../mailer/service.js';
import { OutboxSmsProvider, SmsService } from '../sms/service.js';
import { LoginVerificationService } from './service.js';

/**
 * `member forget-addresses <account>`: the account's next password login from any address asks for a code
 * (after a suspected takeover; also how the e2e test meets a "new" address when every browser is 127.0.0.1).
 * Registered under the `member` command of modules/accounts/admin-commands.ts, so it runs after that.
 */
export function registerLoginVerificationCommands(program: Command, { print, target }: AdminIo, { db }: AdminContext) {
  const sms = new OutboxSmsProvider(db, null);
  const mailer = new OutboxMailer(db, null);
  const accounts = new AccountsService(db, new CaptchaService(db), mailer, new SmsService(db, sms));
  const verification = new LoginVerificationService(db, accounts, sms, mailer);
  const member = program.commands.find((command) => command.name() === 'member') ?? program.command('member');
  member
    .command('forget-addresses <account>')
    .description('forget the addresses an account has logged in from: its next password login needs a code')
    .action(async (account: string) => {
      const found = await accounts.show(target().merchant, account);
      if (!found) throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      const count = await verification.forgetAddresses(found.member.id);
      print(`forgot ${count} address${count === 1 ? '' : 'es'} of ${found.member.account}`);
    });
}
