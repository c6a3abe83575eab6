import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { createTestDb } from '../../test/test-db.js';
import { createTestServices } from '../../test/test-services.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { ContentService } from './service.js';

describe('content operator commands', () => {
  let db: Db;
  let dir: string;
  let services: ReturnType<typeof createTestServices>;
  let settings: SiteSettingsService;
  const admin = (...argv: string[]) => runAdmin(['--actor', 'ops:ann', ...argv], services);
  const liveNotices = async () =>
    new ContentService(db.kysely).noticePage(
      { merchantCode: DEMO_MERCHANT, platform: 'W', language: 'en', defaultLanguage: 'bn' },
      1,
      50,
      new Date(),
    );

  beforeAll(async () => {
    db = await createTestDb();
    services = createTestServices(db);
    settings = services.siteSettings;
    await seedDemoMerchant(db.kysely, settings);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-content-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await db.close();
  });

  it('adds a notice with EN and BN text, content from a file, sanitised on the way in', async () => {
    const file = path.join(dir, 'body.html');
    fs.writeFileSync(file, '<p>Deposits via <strong>bKash</strong> are back.</p><script>alert(1)</script>');
    const result = await admin(
      'notice',
      'add',
      '--title-en',
      'Deposits restored',
      '--title-bn',
      'ডিপোজিট চালু',
      '--content-en',
      `@${file}`,
    );
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/^added notice \d+ \(PL\)$/);
    const page = await liveNotices();
    expect(page.total).toBe(13);
    expect(page.content[0]).toMatchObject({
      title: 'Deposits restored',
      content: '<p>Deposits via <strong>bKash</strong> are back.</p>',
    });
  });

  it('lists notices and removes one, keeping a copy in the audit trail', async () => {
    const list = await admin('notice', 'list');
    const line = list.output.split('\n').find((row) => row.includes('Deposits restored')) as string;
    expect(line).toMatch(/^\d+\tPL\tA\t.+ -> open\tsort 0\tbn: ডিপোজিট চালু \| en: Deposits restored$/);
    const id = line.split('\t')[0] as string;
    expect(await admin('notice', 'remove', id)).toEqual({ exitCode: 0, output: `removed notice ${id}` });
    expect((await liveNotices()).total).toBe(12);
    const audit = await admin('content', 'audit', '--limit', '1');
    expect(audit.output).toContain(`ops:ann remove ${id}:`);
    expect(audit.output).toContain('Deposits restored');
  });

  it('adds an announcement of any type with a window, link and image, and ends it', async () => {
    const added = await admin(
      'announcement',
      'add',
      '--type',
      'pr',
      '--title-en',
      'Weekend reload',
      '--start',
      '2026-01-01T00:00:00Z',
      '--end',
      '2099-01-01T00:00:00Z',
      '--image',
      '/media/content/welcome-banner-v1.svg',
      '--link-url',
      'https://example.com/promo',
      '--sort',
      '-5',
    );
    expect(added.exitCode).toBe(0);
    const id = added.output.match(/announcement (\d+)/)?.[1] as string;
    const list = await admin('announcement', 'list', '--type', 'PR');
    expect(list.output).toContain(
      `${id}\tPR\tA\t2026-01-01T00:00:00.000Z -> 2099-01-01T00:00:00.000Z\tsort -5\ten: Weekend reload`,
    );
    expect((await admin('announcement', 'end', id)).output).toBe(`ended announcement ${id}`);
    expect((await admin('announcement', 'list', '--type', 'PR')).output).toBe('no announcements');
    expect((await admin('announcement', 'list', '--type', 'PR', '--all')).output).toContain('Weekend reload');
  });

  it('refuses unsafe links, bad windows, a banner without image and a wrong id, naming the reason', async () => {
    const cases: [string[], string][] = [
      [['--type', 'PU', '--title-en', 'x', '--link-url', 'javascript:alert(1)'], 'must be an https:// URL'],
      [['--type', 'PU', '--title-en', 'x', '--link-route', '//evil.example'], 'must be a site route'],
      [
        ['--type', 'PU', '--title-en', 'x', '--start', '2030-01-02T00:00:00Z', '--end', '2030-01-01T00:00:00Z'],
        'endTime must be after startTime',
      ],
      [['--type', 'B', '--title-en', 'x'], 'a banner (B) needs an image'],
      [['--type', 'PU', '--title-en', '<script>x</script>'], 'title is empty once tags are removed'],
      [['--type', 'ZZ', '--title-en', 'x'], 'expected one of B, PL, PU, PR, H'],
      [['--type', 'PU'], 'give at least --title-en or --title-bn'],
    ];
    for (const [args, reason] of cases) {
      const result = await admin('announcement', 'add', ...args);
      expect(result.exitCode, args.join(' ')).toBe(1);
      expect(result.output, args.join(' ')).toContain(reason);
    }
    const [banner] = await new ContentService(db.kysely).list(DEMO_MERCHANT, { type: 'B', includeEnded: false, limit: 1 });
    const wrongType = await admin('notice', 'remove', String(banner?.id));
    expect(wrongType).toEqual({ exitCode: 1, output: `error: no notice ${banner?.id} for merchant demo` });
    expect((await admin('announcement', 'remove', '999999')).exitCode).toBe(1);
  });

  it('imports a JSON file in one transaction: all items, or none when one is wrong', async () => {
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(
      good,
      JSON.stringify({
        announcements: [
          { type: 'H', texts: { en: { title: 'Headline', content: '' }, ja: { title: '見出し', content: '' } } },
          { type: 'PL', platform: 'M', texts: { bn: { title: 'মোবাইল নোটিশ', content: '<p>শুধু মোবাইলে</p>' } } },
        ],
      }),
    );
    expect((await admin('content', 'import', good)).output).toMatch(/^imported 2 announcements: \d+, \d+$/);
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({
        announcements: [
          { type: 'H', texts: { en: { title: 'Would be added', content: '' } } },
          { type: 'PU', linkageType: 'url', link: 'http://plain.example', texts: { en: { title: 'x', content: '' } } },
        ],
      }),
    );
    const refused = await admin('content', 'import', bad);
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain('announcements[1].link must be an https:// URL');
    expect((await admin('announcement', 'list', '--type', 'H')).output).not.toContain('Would be added');
    expect((await admin('content', 'import', path.join(dir, 'missing.json'))).output).toContain('cannot read');
  });
});
