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
import { FeedbackService } from './service.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('pixels')]);

describe('feedback operator commands', () => {
  let db: Db;
  let dir: string;
  let services: ReturnType<typeof createTestServices>;
  let settings: SiteSettingsService;
  let id: string;
  const admin = (...argv: string[]) => runAdmin(argv, services);

  beforeAll(async () => {
    db = await createTestDb();
    services = createTestServices(db);
    settings = services.siteSettings;
    await seedDemoMerchant(db.kysely, settings);
    await db.kysely.insertInto('merchants').values({ code: 'elsewhere', name: 'Elsewhere' }).execute();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-feedback-'));
    const feedback = new FeedbackService(db.kysely);
    const origin = { merchantCode: DEMO_MERCHANT, memberId: null, ip: '203.0.113.5', userAgent: 'UA/1', language: 'bn' };
    await feedback.submit(origin, { content: 'First message', contact: null, images: [] });
    ({ id } = await feedback.submit(origin, {
      content: 'The withdraw button\ndoes nothing',
      contact: '01712345678',
      images: [{ mime: 'image/png', bytes: PNG }],
    }));
    await feedback.submit({ ...origin, merchantCode: 'elsewhere' }, { content: 'Other merchant', contact: null, images: [] });
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await db.close();
  });

  it('lists the merchant’s feedback newest first, one line each', async () => {
    const { exitCode, output } = await admin('feedback', 'list', '--limit', '5');
    expect(exitCode).toBe(0);
    const lines = output.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^${id}\\t\\S+\\tguest\\t203\\.0\\.113\\.5\\t1 image\\(s\\)\\tThe withdraw button does nothing$`),
    );
    expect(output).not.toContain('Other merchant');
  });

  it('shows one feedback with its image metadata, and exports the image without overwriting', async () => {
    const shown = await admin('feedback', 'show', id);
    expect(shown.output).toContain('contact: 01712345678');
    expect(shown.output).toContain('The withdraw button\ndoes nothing');
    const imageLine = shown.output.split('\n').find((line) => line.startsWith('image ')) as string;
    expect(imageLine).toMatch(/^image \d+: #1 image\/png 14 bytes sha256 [0-9a-f]{64}$/);
    const imageId = imageLine.split(' ')[1]?.replace(':', '') as string;
    const target = path.join(dir, 'shot.png');
    expect((await admin('feedback', 'export-image', imageId, target)).output).toBe(`wrote 14 bytes (image/png) to ${target}`);
    expect(fs.readFileSync(target).equals(PNG)).toBe(true);
    const again = await admin('feedback', 'export-image', imageId, target);
    expect(again).toEqual({ exitCode: 1, output: `error: cannot write ${target}: EEXIST` });
  });

  it('refuses ids of another merchant or that do not exist', async () => {
    expect((await admin('--merchant', 'elsewhere', 'feedback', 'show', id)).exitCode).toBe(1);
    expect((await admin('feedback', 'show', '99999')).output).toBe('error: no feedback 99999 for merchant demo');
    expect((await admin('feedback', 'export-image', '99999', path.join(dir, 'x.png'))).exitCode).toBe(1);
    expect((await admin('feedback', 'show', 'abc')).exitCode).toBe(1);
  });
});
