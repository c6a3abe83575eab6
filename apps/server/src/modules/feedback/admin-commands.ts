import fs from 'node:fs';
import type { Command } from 'commander';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseId, parseInteger } from '../../platform/admin-parsers.js';
import type { FeedbackService } from './service.js';

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** feedback list / show / export-image: what players sent, for the support team. */
export function registerFeedbackCommands(
  program: Command,
  { print, target, resolvePath }: AdminIo,
  { feedback }: { feedback: FeedbackService },
) {
  const command = program.command('feedback').description('player feedback (spec §5)');

  command
    .command('list')
    .description('newest feedback first')
    .option('--limit <n>', 'how many', parseInteger, 20)
    .action(async (options: { limit: number }) => {
      const rows = await feedback.recent(target().merchant, options.limit);
      if (rows.length === 0) print('no feedback');
      for (const row of rows) {
        print(
          `${row.id}\t${row.created_at.toISOString()}\t${row.member_id === null ? 'guest' : `member ${row.member_id}`}\t${row.ip}\t${row.image_count} image(s)\t${oneLine(row.content, 60)}`,
        );
      }
    });

  command
    .command('show')
    .description('the whole message, who sent it, and its images')
    .argument('<id>', 'feedback id', parseId)
    .action(async (id: bigint) => {
      const item = await feedback.show(target().merchant, id);
      if (!item) throw new AdminRefusal(`no feedback ${id} for merchant ${target().merchant}`);
      print(`feedback ${item.id} at ${item.created_at.toISOString()}`);
      print(`member: ${item.member_id ?? 'guest'}`);
      print(`contact: ${item.contact ?? '-'}`);
      print(`ip: ${item.ip}  language: ${item.language ?? '-'}`);
      print(`user agent: ${item.user_agent ?? '-'}`);
      print('');
      print(item.content);
      for (const image of item.images) {
        print(
          `image ${image.id}: #${image.position} ${image.mime} ${image.size_bytes} bytes sha256 ${Buffer.from(image.sha256).toString('hex')}`,
        );
      }
    });

  command
    .command('export-image')
    .description('write one image to a file (never overwrites)')
    .argument('<imageId>', 'image id (see feedback show)', parseId)
    .argument('<path>', 'file to create')
    .action(async (imageId: bigint, path: string) => {
      const image = await feedback.image(target().merchant, imageId);
      if (!image) throw new AdminRefusal(`no feedback image ${imageId} for merchant ${target().merchant}`);
      try {
        fs.writeFileSync(resolvePath(path), image.data, { flag: 'wx' });
      } catch (error) {
        throw new AdminRefusal(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
      }
      print(`wrote ${image.data.byteLength} bytes (${image.mime}) to ${path}`);
    });
}
