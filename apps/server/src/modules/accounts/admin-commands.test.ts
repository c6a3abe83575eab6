import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestDb } from '../../test/test-db.js';
import { insertOutbox } from '../mailer/outbox.js';
import { SiteSettingsService } from '../site-settings/service.js';

describe('member and outbox commands', () => {
  let db: Db;
  let settings: SiteSettingsService;
  const admin = (...argv: string[]) => runAdmin(argv, { db: db.kysely, settings, defaultMerchant: DEMO_MERCHANT });

  beforeAll(async () => {
    db = await createTestDb();
    settings = new SiteSettingsService(db.kysely);
    await seedDemoMerchant(db.kysely, settings);
  });
  afterAll(() => db.close());

  it('lists and shows members without their password hash', async () => {
    const member = await newMember(db.kysely, { account: 'ShownPlayer', email: 'shown@example.com' });
    const list = await admin('member', 'list');
    expect(list.exitCode).toBe(0);
    expect(list.output).toContain('ShownPlayer');
    const show = await admin('member', 'show', 'shownplayer');
    expect(show.output).toContain(`${member.id}\tShownPlayer\ttype 0 (member)`);
    expect(show.output).toContain('shown@example.com');
    expect(show.output).not.toContain('argon2');
    expect(await admin('member', 'show', 'nobody')).toMatchObject({ exitCode: 1, output: 'error: no account nobody at demo' });
  });

  it('makes an agent with an affiliate code, and refuses unknown types', async () => {
    await newMember(db.kysely, { account: 'FutureAgent' });
    expect((await admin('member', 'set-type', 'FutureAgent', '1')).output).toBe('FutureAgent is now type 1 (agent)');
    expect((await admin('member', 'show', 'FutureAgent')).output).toMatch(/affiliate codes: [0-9A-F]{8}/);
    expect((await admin('member', 'list', '--type', '1')).output).toContain('FutureAgent');
    expect((await admin('member', 'set-type', 'FutureAgent', '3')).exitCode).toBe(1);
  });

  it('unlocks an account by clearing its failed logins', async () => {
    await db.kysely
      .insertInto('login_failures')
      .values({ merchant_code: DEMO_MERCHANT, account_key: 'locked1', ip: '10.0.0.1' })
      .execute();
    expect((await admin('member', 'unlock', 'Locked1')).exitCode).toBe(0);
    expect(await db.kysely.selectFrom('login_failures').select('id').execute()).toEqual([]);
  });

  it('lists the outbox, by kind', async () => {
    await insertOutbox(db.kysely, {
      merchantCode: DEMO_MERCHANT,
      kind: 'mail',
      recipient: 'a@example.com',
      subject: 'Reset',
      body: 'link',
    });
    await insertOutbox(db.kysely, {
      merchantCode: DEMO_MERCHANT,
      kind: 'sms',
      recipient: '+8801712345678',
      subject: 'Code',
      body: '123456',
    });
    const mail = await admin('outbox', 'list', '--kind', 'mail');
    expect(mail.output).toContain('mail to a@example.com: Reset');
    expect(mail.output).not.toContain('+880');
    expect((await admin('outbox', 'list')).output).toContain('sms to +8801712345678: Code\n123456');
    expect((await admin('outbox', 'list', '--kind', 'fax')).exitCode).toBe(1);
  });
});
