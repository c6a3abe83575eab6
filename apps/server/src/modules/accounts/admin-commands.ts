import { type Command, InvalidArgumentError } from 'commander';
import { parseInteger } from '../../admin/parsers.js';
import { type AdminContext, type AdminIo, AdminRefusal } from '../../admin/program.js';
import { CaptchaService } from '../captcha/service.js';
import { OutboxMailer } from '../mailer/service.js';
import { OutboxSmsProvider, SmsService } from '../sms/service.js';
import type { MemberRow } from './repo.js';
import { AccountsService } from './service.js';

const AGENT_TYPE_NAMES: Record<number, string> = { 0: 'member', 1: 'agent', 2: 'agent', 4: 'trial', 41: 'agent', 42: 'agent' };

const parseAgentType = (raw: string): number => {
  const value = parseInteger(raw);
  if (!(value in AGENT_TYPE_NAMES)) throw new InvalidArgumentError('expected 0 (member), 1, 2, 41, 42 (agents) or 4 (trial)');
  return value;
};

const line = (m: MemberRow) =>
  `${m.id}\t${m.account}\ttype ${m.agent_type} (${AGENT_TYPE_NAMES[m.agent_type]})\t${m.status}\t${m.created_at.toISOString()}`;

/** member list | show | set-type | unlock: an operator's view of accounts; no command reveals a password hash. */
export function registerMemberCommands(program: Command, { print, target }: AdminIo, { db }: AdminContext) {
  const accounts = new AccountsService(
    db,
    new CaptchaService(db),
    new OutboxMailer(db, null),
    new SmsService(db, new OutboxSmsProvider(db, null)),
  );
  const member = program.command('member').description('player and agent accounts');

  member
    .command('list')
    .description('newest accounts first')
    .option('--type <type>', 'only this agent type', parseAgentType)
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { type?: number; limit: number }) => {
      const rows = await accounts.list(target().merchant, options.type, options.limit);
      print(rows.length ? rows.map(line).join('\n') : '(none)');
    });

  member.command('show <account>').action(async (account: string) => {
    const found = await accounts.show(target().merchant, account);
    if (!found) throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
    const m = found.member;
    print(
      [
        line(m),
        `nickname: ${m.nickname ?? '-'}  parent: ${m.parent_id ?? '-'}  mobile: ${m.dial_code ? `+${m.dial_code} ` : ''}${m.mobile ?? '-'}  email: ${m.email ?? '-'}`,
        `last login: ${m.last_login_at?.toISOString() ?? 'never'} from ${m.last_login_ip ?? '-'}  password changed: ${m.password_changed_at?.toISOString() ?? 'never'}`,
        `profile: ${JSON.stringify(m.profile)}`,
        `registration: ${JSON.stringify(m.registration)}`,
        `affiliate codes: ${found.affiliateCodes.map((c) => `${c.code}${c.domain ? `@${c.domain}` : ''}${c.disabled_at ? ' (disabled)' : ''}`).join(', ') || '-'}`,
      ].join('\n'),
    );
  });

  member
    .command('set-type <account> <type>')
    .description('0 member; 1, 2, 41, 42 agent (gets an affiliate code); 4 trial')
    .action(async (account: string, raw: string) => {
      const type = parseAgentType(raw);
      if (!(await accounts.setType(target().merchant, account, type)))
        throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      print(`${account} is now type ${type} (${AGENT_TYPE_NAMES[type]})`);
    });

  member
    .command('unlock <account>')
    .description('clear failed-login counters (captcha and 5-minute lock) from every address')
    .action(async (account: string) => {
      await accounts.unlock(target().merchant, account);
      print(`cleared failed logins of ${account}`);
    });
}
