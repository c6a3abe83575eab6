import { setFeature } from '@tessera/contract/features';
import { type RegisterRule, SETTINGS_KEYS, type SettingsKey, type WhitelabelNode } from '@tessera/contract/settings';
import { type Command, InvalidArgumentError } from 'commander';
import type { AdminIo } from '../../platform/admin-io.js';
import { parseCountry, parseInteger, parseJsonArgument, parseSwitch, parseTime, pretty } from '../../platform/admin-parsers.js';
import { SettingsRejected } from './errors.js';
import type { SiteSettingsService } from './service.js';

function renderTree(node: WhitelabelNode, depth = 0): string[] {
  return [
    `${'  '.repeat(depth)}${node.enabled ? '[on] ' : '[off]'} ${node.modId}`,
    ...node.childrenNodes.flatMap((child) => renderTree(child, depth + 1)),
  ];
}

/** maintenance, region, features, register-rules, settings and audit: every change validated and audited. */
export function registerSiteSettingsCommands(
  program: Command,
  { print, target, resolvePath }: AdminIo,
  { siteSettings: settings }: { siteSettings: SiteSettingsService },
) {
  const uniqueAdd = (list: string[], items: string[]) => [...new Set([...list, ...items])];
  const without = (list: string[], items: string[]) => list.filter((item) => !items.includes(item));

  const maintenance = program.command('maintenance').description('maintenance mode (system status 1)');
  maintenance
    .command('on')
    .description('switch maintenance on; with --until it lifts itself at that time')
    .option('--until <time>', 'end time, ISO 8601 or epoch ms', parseTime)
    .action(async (options: { until?: number }) => {
      if (options.until !== undefined && options.until <= Date.now())
        throw new InvalidArgumentError('--until must be in the future');
      await settings.set(target().merchant, 'maintenance', { enabled: true, endAt: options.until ?? null }, target().actor);
      print(`maintenance on${options.until ? ` until ${new Date(options.until).toISOString()}` : ''} for ${target().merchant}`);
    });
  maintenance.command('off').action(async () => {
    await settings.set(target().merchant, 'maintenance', { enabled: false, endAt: null }, target().actor);
    print(`maintenance off for ${target().merchant}`);
  });
  maintenance.command('show').action(async () => {
    print(pretty((await current()).maintenance));
  });

  const region = program.command('region').description('region and IP restriction (system status 2)');
  const regionList = (
    name: string,
    field: 'allowCountries' | 'denyCountries' | 'allowCidrs' | 'denyCidrs',
    add: boolean,
    parse?: (raw: string) => string,
  ) =>
    region.command(`${name} <items...>`).action(async (items: string[]) => {
      const parsed = parse ? items.map(parse) : items;
      const next = await settings.update(
        target().merchant,
        'region',
        (policy) => ({ ...policy, [field]: add ? uniqueAdd(policy[field], parsed) : without(policy[field], parsed) }),
        target().actor,
      );
      print(pretty(next));
    });
  regionList('allow-country', 'allowCountries', true, parseCountry).description(
    'only these countries may enter (adds to the allow list)',
  );
  regionList('deny-country', 'denyCountries', true, parseCountry).description('refuse these countries');
  regionList('allow-cidr', 'allowCidrs', true).description('always let these address ranges in');
  regionList('deny-cidr', 'denyCidrs', true).description('refuse these address ranges');
  regionList('remove-allow-country', 'allowCountries', false, parseCountry);
  regionList('remove-deny-country', 'denyCountries', false, parseCountry);
  regionList('remove-allow-cidr', 'allowCidrs', false);
  regionList('remove-deny-cidr', 'denyCidrs', false);
  region
    .command('block-unknown <on|off>')
    .description('refuse addresses the GeoIP database cannot place')
    .action(async (raw: string) => {
      const blockUnknownCountry = parseSwitch(raw);
      print(
        pretty(
          await settings.update(target().merchant, 'region', (policy) => ({ ...policy, blockUnknownCountry }), target().actor),
        ),
      );
    });
  region
    .command('clear')
    .description('remove every region rule')
    .action(async () => {
      const open = { allowCountries: [], denyCountries: [], allowCidrs: [], denyCidrs: [], blockUnknownCountry: false };
      print(pretty(await settings.set(target().merchant, 'region', open, target().actor)));
    });
  region.command('show').action(async () => {
    print(pretty((await current()).region));
  });

  const features = program.command('features').description('the whitelabel feature tree');
  features.command('show').action(async () => {
    print(renderTree((await current()).whitelabel).join('\n'));
  });
  features
    .command('set <modId> <state>')
    .description('switch one module on or off')
    .action(async (modId: string, raw: string) => {
      const enabled = parseSwitch(raw);
      const next = await settings.update(
        target().merchant,
        'whitelabel',
        (tree) => {
          const changed = setFeature(tree, modId, enabled);
          if (!changed) throw new SettingsRejected('whitelabel', [`no module ${modId} in the tree (see: features show)`]);
          return changed;
        },
        target().actor,
      );
      print(renderTree(next).join('\n'));
    });
  features
    .command('import <json>')
    .description('replace the whole tree (JSON or @file)')
    .action(async (raw: string) => {
      const next = await settings.set(
        target().merchant,
        'whitelabel',
        parseJsonArgument(raw, resolvePath) as WhitelabelNode,
        target().actor,
      );
      print(renderTree(next).join('\n'));
    });

  const rules = program.command('register-rules').description('register field rules (spec §5)');
  rules.command('show').action(async () => {
    print(pretty((await current()).registerRules));
  });
  rules
    .command('set <field>')
    .description('create or change one field rule')
    .option('--pattern <regex>', "accepted pattern, '*' for anything")
    .option('--pattern-id <id>', 'pattern id 0-23 (chooses the message)', parseInteger)
    .option('--min <n>', 'minimum length', parseInteger)
    .option('--max <n>', 'maximum length', parseInteger)
    .option('--shown <on|off>', 'show the field', parseSwitch)
    .option('--required <on|off>', 'require the field', parseSwitch)
    .action(
      async (
        field: string,
        options: { pattern?: string; patternId?: number; min?: number; max?: number; shown?: boolean; required?: boolean },
      ) => {
        const next = await settings.update(
          target().merchant,
          'registerRules',
          (all) => {
            const base: RegisterRule = all[field] ?? {
              shown: false,
              required: false,
              acceptedPattern: '*',
              patternId: 0,
              minLength: 0,
              maxLength: 50,
            };
            const rule: RegisterRule = {
              shown: options.shown ?? base.shown,
              required: options.required ?? base.required,
              acceptedPattern: options.pattern ?? base.acceptedPattern,
              patternId: options.patternId ?? base.patternId,
              minLength: options.min ?? base.minLength,
              maxLength: options.max ?? base.maxLength,
            };
            return { ...all, [field]: rule };
          },
          target().actor,
        );
        print(pretty({ [field]: next[field] }));
      },
    );
  rules.command('remove <field>').action(async (field: string) => {
    await settings.update(
      target().merchant,
      'registerRules',
      (all) => Object.fromEntries(Object.entries(all).filter(([name]) => name !== field)),
      target().actor,
    );
    print(`removed rule ${field}`);
  });

  const generic = program.command('settings').description(`any settings key: ${SETTINGS_KEYS.join(', ')}`);
  const parseKey = (raw: string): SettingsKey => {
    if (!(SETTINGS_KEYS as string[]).includes(raw))
      throw new InvalidArgumentError(`unknown key; one of ${SETTINGS_KEYS.join(', ')}`);
    return raw as SettingsKey;
  };
  generic.command('get <key>').action(async (raw: string) => {
    print(pretty((await current())[parseKey(raw)]));
  });
  generic
    .command('set <key> <json>')
    .description('replace a key with a JSON value or @file')
    .action(async (raw: string, json: string) => {
      print(
        pretty(
          await settings.set(target().merchant, parseKey(raw), parseJsonArgument(json, resolvePath) as never, target().actor),
        ),
      );
    });

  async function current() {
    const all = await settings.get(target().merchant, 0);
    if (!all) throw new SettingsRejected('merchant', [`unknown merchant ${target().merchant}`]);
    return all;
  }
}
