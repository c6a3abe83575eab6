import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestDb } from '../../test/test-db.js';
import { createTestServices } from '../../test/test-services.js';
import { insertOutbox } from '../mailer/outbox.js';
import { startSession } from '../sessions/service.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { PASSWORD_MAX_AGE_MS } from './login.js';

describe('member and outbox commands', () => {
  let db: Db;
  let services: ReturnType<typeof createTestServices>;
  let settings: SiteSettingsService;
  const admin = (...argv: string[]) => runAdmin(argv, services);

  beforeAll(async () => {
    db = await createTestDb();
    services = createTestServices(db);
    settings = services.siteSettings;
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

  it('creates an account whose 123456 password forces a change at login, audited without the password', async () => {
    const made = await admin(
      '--actor',
      'ops:ana',
      'member',
      'create',
      'OpsMade',
      '--password',
      '123456',
      '--mobile',
      '1712000001',
      '--dial-code',
      '+880',
      '--email',
      'ops@example.com',
    );
    expect(made).toMatchObject({ exitCode: 0, output: expect.stringMatching(/^created OpsMade \(id \d+, type 0 member\)$/) });
    const row = await db.kysely.selectFrom('members').selectAll().where('account', '=', 'OpsMade').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dial_code: '880', mobile: '1712000001', email: 'ops@example.com', agent_type: 0 });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const audit = await admin('member', 'audit', '--limit', '1');
    const [, actor, action, account, detail] = audit.output.split('\t');
    expect({ actor, action, account, detail: JSON.parse(detail ?? '') }).toEqual({
      actor: 'ops:ana',
      action: 'create',
      account: 'OpsMade',
      detail: { agentType: 0, mobile: '1712000001', email: 'ops@example.com' },
    });
    expect(audit.output).not.toContain('123456');

    expect((await admin('member', 'create', 'opsmade', '--password', 'Secret2024')).output).toBe(
      'error: register.username.taken',
    );
    expect(
      (await admin('member', 'create', 'Other1', '--password', 'Secret2024', '--mobile', '1712000001', '--dial-code', '880'))
        .output,
    ).toBe('error: register.mobile.taken');
  });

  it('refuses bad create arguments', async () => {
    const refusals: [string[], string][] = [
      [['member', 'create', 'NoPassword'], "required option '--password <password>' not specified"],
      [['member', 'create', 'Short', '--password', '12345'], 'expected 6–128 characters without spaces'],
      [['member', 'create', 'Trial', '--password', 'Secret2024', '--type', '4'], 'trial accounts come from free play'],
      [
        ['member', 'create', 'Lonely', '--password', 'Secret2024', '--mobile', '1712000002'],
        '--mobile and --dial-code go together',
      ],
      [['member', 'create', 'Mailer', '--password', 'Secret2024', '--email', 'not-mail'], 'expected an email address'],
      [['member', 'create', 'x'.repeat(65), '--password', 'Secret2024'], 'expected 1–64 characters without spaces'],
    ];
    for (const [argv, message] of refusals) {
      const result = await admin(...argv);
      expect(result.exitCode, argv.join(' ')).toBe(1);
      expect(result.output).toContain(message);
    }
  });

  it('sets a password, optionally expired, ending the sessions and audited', async () => {
    const member = await newMember(db.kysely, { account: 'LostAccess' });
    await startSession(db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.0.0.9' });
    expect((await admin('member', 'set-password', 'lostaccess', 'NewSecret1', '--expired')).output).toBe(
      'password of lostaccess set (expired); their sessions ended',
    );
    const row = await db.kysely
      .selectFrom('members')
      .select(['password_hash', 'password_changed_at'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(Date.now() - (row.password_changed_at as Date).getTime()).toBeGreaterThan(PASSWORD_MAX_AGE_MS);
    const live = await db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('member_id', '=', member.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect((await admin('member', 'audit', '--limit', '1')).output).toContain('\tset-password\tLostAccess\t{"expired":true}');
    expect((await admin('member', 'set-password', 'nobody', 'NewSecret1')).output).toBe('error: no account nobody at demo');
    expect((await admin('member', 'set-password', 'LostAccess', 'short')).exitCode).toBe(1);
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
