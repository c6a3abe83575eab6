import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import { validateField } from '@tessera/contract/validation/validate-field';
import { type Command, InvalidArgumentError } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseInteger } from '../../platform/admin-parsers.js';
import { actorFromName } from '../audit-log/service.js';
import type { LoginVerificationService } from '../login-verification/service.js';
import type { MemberAdminService } from './member-admin.js';
import type { MemberRow } from './repo.js';

const AGENT_TYPE_NAMES: Record<number, string> = { 0: 'member', 1: 'agent', 2: 'agent', 4: 'trial', 41: 'agent', 42: 'agent' };

const parseAgentType = (raw: string): number => {
  const value = parseInteger(raw);
  if (!(value in AGENT_TYPE_NAMES)) throw new InvalidArgumentError('expected 0 (member), 1, 2, 41, 42 (agents) or 4 (trial)');
  return value;
};

/** Bounds of an operator-set account name and password; the merchant's register rules bind players, not staff. */
const parseAccount = (raw: string): string => {
  if (!/^[^\s]{1,64}$/.test(raw)) throw new InvalidArgumentError('expected 1–64 characters without spaces');
  return raw;
};
const parsePassword = (raw: string): string => {
  if (!/^[^\s]{6,128}$/.test(raw)) throw new InvalidArgumentError('expected 6–128 characters without spaces');
  return raw;
};
const parseMobile = (raw: string): string => {
  if (!/^[0-9]{4,20}$/.test(raw)) throw new InvalidArgumentError('expected 4–20 digits, without the dial code');
  return raw;
};
const parseDialCode = (raw: string): string => {
  const code = raw.replace(/^\+/, '');
  if (!/^[0-9]{1,4}$/.test(code)) throw new InvalidArgumentError('expected a dial code such as 880 or +880');
  return code;
};
const EMAIL_RULE = { shown: true, required: true, acceptedPattern: '*', patternId: 3, minLength: 3, maxLength: 200 };
const parseEmail = (raw: string): string => {
  if (validateField(EMAIL_RULE, raw)) throw new InvalidArgumentError('expected an email address');
  return raw;
};

const line = (m: MemberRow) =>
  `${m.id}\t${m.account}\ttype ${m.agent_type} (${AGENT_TYPE_NAMES[m.agent_type]})\t${m.status}\t${m.created_at.toISOString()}`;

/**
 * member list | show | create | set-password | set-type | freeze | unfreeze | unlock | require-password-change | audit |
 * forget-addresses: an operator's view of accounts. Every change is audited (member audit and the audit log); no
 * command prints or audits a password or its hash.
 */
export function registerMemberCommands(
  program: Command,
  { print, target }: AdminIo,
  { memberAdmin: accounts, loginVerification }: { memberAdmin: MemberAdminService; loginVerification: LoginVerificationService },
) {
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
        `language: ${m.language ?? '-'}`,
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
      if (!(await accounts.setType(target().merchant, account, type, target().actor)))
        throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      print(`${account} is now type ${type} (${AGENT_TYPE_NAMES[type]})`);
    });

  for (const [name, frozen] of [
    ['freeze', true],
    ['unfreeze', false],
  ] as const) {
    member
      .command(`${name} <account>`)
      .description(
        frozen
          ? 'stop the account: signs it out and ends its games at once; no login until unfrozen'
          : 'let a frozen account log in again',
      )
      .action(async (account: string) => {
        if (!(await accounts.setFrozen(target().merchant, account, frozen, target().actor)))
          throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
        print(`${account} is ${frozen ? 'frozen' : 'active'}`);
      });
  }

  member
    .command('unlock <account>')
    .description('clear failed-login counters (captcha and 5-minute lock) from every address')
    .action(async (account: string) => {
      await accounts.unlock(target().merchant, account, target().actor);
      print(`cleared failed logins of ${account}`);
    });

  member
    .command('require-password-change <account>')
    .description('the next password login must choose a new password')
    .action(async (account: string) => {
      if (!(await accounts.requirePasswordChange(target().merchant, account, target().actor)))
        throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      print(`${account} must change their password at next login`);
    });

  member
    .command('create')
    .argument('<account>', 'account name', parseAccount)
    .description('a new account with a password (123456 forces a change at first login)')
    .requiredOption('--password <password>', '6–128 characters', parsePassword)
    .option('--type <type>', '0 member (default); 1, 2, 41, 42 agent', parseAgentType, 0)
    .option('--mobile <digits>', 'mobile number without the dial code (needs --dial-code)', parseMobile)
    .option('--dial-code <code>', 'country dial code of --mobile, e.g. 880', parseDialCode)
    .option('--email <address>', 'where a forgot-password link goes', parseEmail)
    .action(
      async (raw: string, options: { password: string; type: number; mobile?: string; dialCode?: string; email?: string }) => {
        const account = parseAccount(raw);
        if (options.type === TRIAL_TYPE) throw new AdminRefusal('trial accounts come from free play and have no password');
        if ((options.mobile === undefined) !== (options.dialCode === undefined)) {
          throw new AdminRefusal('--mobile and --dial-code go together');
        }
        const id = await accounts.createByOperator(
          {
            merchantCode: target().merchant,
            account,
            password: options.password,
            agentType: options.type,
            mobile: options.mobile ?? null,
            dialCode: options.dialCode ?? null,
            email: options.email ?? null,
          },
          target().actor,
        );
        print(`created ${account} (id ${id}, type ${options.type} ${AGENT_TYPE_NAMES[options.type]})`);
      },
    );

  member
    .command('set-password')
    .argument('<account>')
    .argument('<password>', '6–128 characters', parsePassword)
    .description("replace a player's password and end their sessions")
    .option('--expired', 'date it past the maximum age: with PWDEXPFORCECHANGE3 on, the next login must change it')
    .action(async (account: string, password: string, options: { expired?: boolean }) => {
      const expired = options.expired === true;
      if (!(await accounts.setPasswordByOperator(target().merchant, account, password, { expired }, target().actor))) {
        throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      }
      print(`password of ${account} set${expired ? ' (expired)' : ''}; their sessions ended`);
    });

  member
    .command('audit')
    .description('operator changes to accounts, newest first')
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { limit: number }) => {
      const rows = await accounts.audit(target().merchant, options.limit);
      if (rows.length === 0) print('(none)');
      for (const row of rows) {
        print(`${row.at.toISOString()}\t${row.actor}\t${row.action}\t${row.account}\t${JSON.stringify(row.detail)}`);
      }
    });

  member
    .command('forget-addresses <account>')
    .description('forget the addresses an account has logged in from: its next password login needs a code')
    .action(async (account: string) => {
      const found = await accounts.show(target().merchant, account);
      if (!found) throw new AdminRefusal(`no account ${account} at ${target().merchant}`);
      const { id, merchant_code: merchantCode, account: name } = found.member;
      const count = await loginVerification.forgetAddresses({ id, merchantCode, account: name }, actorFromName(target().actor));
      print(`forgot ${count} address${count === 1 ? '' : 'es'} of ${found.member.account}`);
    });
}
