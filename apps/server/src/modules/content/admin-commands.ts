import fs from 'node:fs';
import { ANNOUNCEMENT_TYPES, type AnnouncementInput } from '@tessera/contract/api/content';
import type { AnnouncementType } from '@tessera/contract/settings';
import { type Command, InvalidArgumentError } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseId, parseInteger, parseJsonArgument, parseTime } from '../../platform/admin-parsers.js';
import { actorFromName } from '../audit-log/service.js';
import { ContentRejected } from './errors.js';
import type { ContentService } from './service.js';

const parseType = (raw: string): AnnouncementType => {
  const type = raw.toUpperCase();
  if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(type))
    throw new InvalidArgumentError(`expected one of ${ANNOUNCEMENT_TYPES.join(', ')}`);
  return type as AnnouncementType;
};
const parsePlatform = (raw: string): 'A' | 'W' | 'M' => {
  const platform = raw.toUpperCase();
  if (platform !== 'A' && platform !== 'W' && platform !== 'M')
    throw new InvalidArgumentError('expected A (all), W (web) or M (mobile)');
  return platform;
};
const parseAudience = (raw: string): 'players' | 'agents' => {
  if (raw === 'players' || raw === 'agents') return raw;
  throw new InvalidArgumentError('the audience is players or agents');
};

const parseSignedInteger = (raw: string): number => {
  if (!/^-?\d{1,6}$/.test(raw)) throw new InvalidArgumentError(`expected a whole number, got "${raw}"`);
  return Number(raw);
};
/** Text or `@file` (HTML bodies are easier to keep in files), the file resolved with the operator's directory. */
const textOrFile = (raw: string, resolvePath: (file: string) => string): string => {
  if (!raw.startsWith('@')) return raw;
  try {
    return fs.readFileSync(resolvePath(raw.slice(1)), 'utf8');
  } catch (error) {
    throw new InvalidArgumentError(`cannot read ${raw.slice(1)}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
};

interface AddOptions {
  type?: AnnouncementType;
  titleEn?: string;
  titleBn?: string;
  contentEn?: string;
  contentBn?: string;
  platform?: 'A' | 'W' | 'M';
  audience?: 'players' | 'agents';
  start?: number;
  end?: number;
  sort?: number;
  image?: string;
  group?: string;
  linkRoute?: string;
  linkUrl?: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : 'open');

/**
 * announcement add/list/end/remove/audit, the same under `notice` for player notices (type PL), and
 * `content import <file.json>` for many languages or many items at once. Every write is sanitised and audited.
 */
export function registerContentCommands(
  program: Command,
  { print, target, resolvePath }: AdminIo,
  { content }: { content: ContentService },
) {
  const refusing =
    <A extends unknown[]>(action: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await action(...args);
      } catch (error) {
        if (error instanceof ContentRejected) throw new AdminRefusal(error.reasons.join('\n'));
        // Commander reports a parser's InvalidArgumentError itself, but one thrown inside an action would be lost.
        if (error instanceof InvalidArgumentError) throw new AdminRefusal(error.message);
        throw error;
      }
    };

  const inputFrom = (type: AnnouncementType, options: AddOptions): AnnouncementInput => {
    const texts: AnnouncementInput['texts'] = {};
    for (const [language, title, body] of [
      ['en', options.titleEn, options.contentEn],
      ['bn', options.titleBn, options.contentBn],
    ] as const) {
      if (title === undefined && body === undefined) continue;
      if (title === undefined) throw new InvalidArgumentError(`--content-${language} needs --title-${language}`);
      texts[language] = { title, content: body ?? '' };
    }
    if (Object.keys(texts).length === 0) throw new InvalidArgumentError('give at least --title-en or --title-bn');
    if (options.linkRoute && options.linkUrl) throw new InvalidArgumentError('use --link-route or --link-url, not both');
    return {
      type,
      texts,
      ...(options.platform ? { platform: options.platform } : {}),
      ...(options.audience ? { audience: options.audience } : {}),
      ...(options.start !== undefined ? { startTime: new Date(options.start).toISOString() } : {}),
      ...(options.end !== undefined ? { endTime: new Date(options.end).toISOString() } : {}),
      ...(options.sort !== undefined ? { sortOrder: options.sort } : {}),
      ...(options.image ? { image: options.image } : {}),
      ...(options.group ? { groupName: options.group } : {}),
      ...(options.linkRoute ? { linkageType: 'route' as const, link: options.linkRoute } : {}),
      ...(options.linkUrl ? { linkageType: 'url' as const, link: options.linkUrl } : {}),
    };
  };

  const group = (name: string, description: string, onlyType?: AnnouncementType) => {
    const noun = onlyType ? 'notice' : 'announcement';
    const command = program.command(name).description(description);
    const add = command
      .command('add')
      .description(`add a${onlyType ? ' player notice' : 'n announcement'}; HTML content is sanitised`)
      .option('--title-en <text>', 'English title')
      .option('--title-bn <text>', 'Bengali title')
      .option('--content-en <html|@file>', 'English HTML content', (raw: string) => textOrFile(raw, resolvePath))
      .option('--content-bn <html|@file>', 'Bengali HTML content', (raw: string) => textOrFile(raw, resolvePath))
      .option('--platform <A|W|M>', 'all (default), web or mobile', parsePlatform)
      .option('--audience <players|agents>', 'players (default) or agents (a notice in the agent centre)', parseAudience)
      .option('--start <time>', 'shown from (ISO 8601 or epoch ms; default now)', parseTime)
      .option('--end <time>', 'shown until (default: no end)', parseTime)
      .option('--sort <n>', 'sort order, ascending (default 0)', parseSignedInteger)
      .option('--image <path|url>', 'image, e.g. /media/content/welcome-banner-v1.svg')
      .option('--group <name>', 'placement group, e.g. w_leftmenu')
      .option('--link-route <route>', 'open this site route on click, e.g. /promotions')
      .option('--link-url <url>', 'open this https URL on click');
    if (!onlyType)
      add.requiredOption('--type <B|PL|PU|PR|H>', 'B banner, PL notice, PU popup, PR promotion, H headline', parseType);
    add.action(
      refusing(async (options: AddOptions) => {
        const type = onlyType ?? (options.type as AnnouncementType);
        const id = await content.add(target().merchant, inputFrom(type, options), actorFromName(target().actor));
        print(`added ${noun} ${id} (${type})`);
      }),
    );

    const list = command
      .command('list')
      .description(`${noun}s that are live or scheduled, newest first within each sort order`)
      .option('--all', 'include ended ones')
      .option('--limit <n>', 'how many', parseInteger, 100);
    if (!onlyType) list.option('--type <type>', 'only this type', parseType);
    list.action(async (options: { all?: boolean; limit: number; type?: AnnouncementType }) => {
      const rows = await content.list(target().merchant, {
        type: onlyType ?? options.type,
        includeEnded: options.all === true,
        limit: options.limit,
      });
      if (rows.length === 0) print(`no ${noun}s`);
      for (const row of rows) {
        const titles = row.texts.map((text) => `${text.language}: ${text.title}`).join(' | ');
        print(
          `${row.id}\t${row.type}\t${row.platform}\t${iso(row.starts_at)} -> ${iso(row.ends_at)}\tsort ${row.sort_order}\t${titles}`,
        );
      }
    });

    command
      .command('end <id>')
      .description(`stop showing the ${noun} now (kept, and audited)`)
      .action(
        refusing(async (raw: string) => {
          const id = parseId(raw);
          await content.end(target().merchant, id, actorFromName(target().actor), onlyType);
          print(`ended ${noun} ${id}`);
        }),
      );

    command
      .command('remove <id>')
      .description(`delete the ${noun} (the audit trail keeps a copy)`)
      .action(
        refusing(async (raw: string) => {
          const id = parseId(raw);
          await content.remove(target().merchant, id, actorFromName(target().actor), onlyType);
          print(`removed ${noun} ${id}`);
        }),
      );
  };

  group('announcement', 'banners, notices, popups, promotions and headlines (spec §3)');
  group('notice', 'player notices: the notice page, 9 a page (spec §2.6)', 'PL');

  const contentCommand = program.command('content').description('site content in bulk');
  contentCommand
    .command('import <file>')
    .description('add every announcement of a JSON file {"announcements":[…]} in one transaction (all or none)')
    .action(
      refusing(async (file: string) => {
        const ids = await content.import(
          target().merchant,
          parseJsonArgument(`@${file}`, resolvePath),
          actorFromName(target().actor),
        );
        print(`imported ${ids.length} announcements: ${ids.join(', ')}`);
      }),
    );
  contentCommand
    .command('audit')
    .description('recent announcement changes, newest first')
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { limit: number }) => {
      for (const row of await content.audit(target().merchant, options.limit)) {
        print(
          `${row.at.toISOString()} ${row.actor} ${row.action} ${row.announcementId}: ${JSON.stringify(row.oldValue)} -> ${JSON.stringify(row.newValue)}`,
        );
      }
    });
}
