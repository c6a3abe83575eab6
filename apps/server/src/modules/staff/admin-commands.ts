import { ROLE_NAME_PATTERN, STAFF_NAME_PATTERN } from '@tessera/contract/staff-permissions';
import { type Command, InvalidArgumentError } from 'commander';
import type { AdminIo } from '../../platform/admin-io.js';
import { enrolmentPath } from './enrolment-path.js';
import type { StaffService } from './service.js';

const parseName = (raw: string) => {
  if (!new RegExp(STAFF_NAME_PATTERN).test(raw))
    throw new InvalidArgumentError('3-32 lower-case letters, digits, . _ -, starting with a letter');
  return raw;
};
const parseRole = (raw: string) => {
  if (!new RegExp(ROLE_NAME_PATTERN).test(raw)) throw new InvalidArgumentError('a role name, e.g. owner, finance, support');
  return raw;
};
const parseOrigin = (raw: string) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidArgumentError('an http(s) origin, e.g. https://bo.example.com');
  }
  if (!/^https?:$/.test(url.protocol)) throw new InvalidArgumentError('an http(s) origin, e.g. https://bo.example.com');
  return url.origin;
};

/** staff create | list: back-office accounts; the first owner is made here. */
export function registerStaffCommands(
  program: Command,
  { print, target }: AdminIo,
  { staff, config }: { staff: StaffService; config: { port: number } },
) {
  const group = program.command('staff').description('back-office staff accounts');
  group
    .command('create')
    .argument('<name>', 'login name', parseName)
    .requiredOption('--role <role>', 'owner, finance, support, content, risk, read-only (or a role an owner made)', parseRole)
    .option('--origin <url>', 'where the back office is reached, for the link', parseOrigin)
    .description('a staff account waiting for enrolment; prints its one-time enrolment link (72 hours)')
    .action(async (name: string, options: { role: string; origin?: string }) => {
      const { enrolmentToken, expiresAt } = await staff.create(name, options.role, {
        actor: target().actor,
        kind: 'cli',
        ip: null,
      });
      const origin = options.origin ?? `http://localhost:${config.port}`;
      print(`created ${name} (${options.role}); enrolment link, shown once, valid until ${expiresAt.toISOString()}:`);
      print(`${origin}${enrolmentPath(enrolmentToken)}`);
    });

  group
    .command('list')
    .description('every staff account with its role and state')
    .action(async () => {
      for (const member of await staff.list()) print(`${member.name}\t${member.role}\t${member.state}`);
    });
}
