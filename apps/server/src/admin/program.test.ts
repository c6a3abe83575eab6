import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../db/seed/demo-merchant.js';
import type { SiteSettingsService } from '../modules/site-settings/service.js';
import { createTestDb } from '../test/test-db.js';
import { createTestServices } from '../test/test-services.js';
import { runAdmin } from './program.js';

describe('operator commands', () => {
  let db: Db;
  let services: ReturnType<typeof createTestServices>;
  let settings: SiteSettingsService;
  const admin = (...argv: string[]) => runAdmin(argv, services);
  const current = async () => (await settings.get(DEMO_MERCHANT, 0))!;

  beforeAll(async () => {
    db = await createTestDb();
    services = createTestServices(db);
    settings = services.siteSettings;
    await seedDemoMerchant(db.kysely, settings);
  });
  afterAll(() => db.close());

  it('prints player text with its control characters escaped, so it cannot drive the operator terminal', async () => {
    const planted = '\u001b[2J\u001b[Hwithdrawal approved\r\u009b31m\u202Eevil';
    const row = await db.kysely
      .insertInto('feedback')
      .values({
        merchant_code: DEMO_MERCHANT,
        member_id: null,
        content: `line one\n${planted}`,
        contact: planted,
        ip: '10.0.0.1',
        user_agent: null,
        language: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const argv of [
      ['feedback', 'list'],
      ['feedback', 'show', String(row.id)],
    ]) {
      const { output } = await admin(...argv);
      expect(output, argv.join(' ')).toContain('\\x1b[2J\\x1b[Hwithdrawal approved');
      expect([...output].filter((char) => /[\p{Cc}\u202e]/u.test(char) && char !== '\n' && char !== '\t')).toEqual([]);
    }
    const shown = (await admin('feedback', 'show', String(row.id))).output;
    expect(shown).toContain('line one\n\\x1b[2J\\x1b[Hwithdrawal approved\\x0d\\x9b31m\\u202eevil');
  });

  it('switches maintenance on with an end time and off again', async () => {
    const result = await admin('maintenance', 'on', '--until', '2099-01-01T00:00:00Z');
    expect(result).toEqual({ exitCode: 0, output: 'maintenance on until 2099-01-01T00:00:00.000Z for demo' });
    expect((await current()).maintenance).toEqual({ enabled: true, endAt: Date.parse('2099-01-01T00:00:00Z') });
    expect((await admin('maintenance', 'off')).exitCode).toBe(0);
    expect((await current()).maintenance).toEqual({ enabled: false, endAt: null });
  });

  it('refuses an end time in the past or one it cannot read', async () => {
    expect(await admin('maintenance', 'on', '--until', '2001-01-01T00:00:00Z')).toMatchObject({ exitCode: 1 });
    const unreadable = await admin('maintenance', 'on', '--until', 'next tuesday');
    expect(unreadable.exitCode).toBe(1);
    expect(unreadable.output).toContain('expected an ISO date-time');
    expect((await current()).maintenance.enabled).toBe(false);
  });

  it('edits the region lists, uppercasing countries and refusing bad input', async () => {
    await admin('region', 'deny-country', 'us', 'CN');
    await admin('region', 'deny-cidr', '198.51.100.0/24');
    expect((await current()).region).toMatchObject({ denyCountries: ['US', 'CN'], denyCidrs: ['198.51.100.0/24'] });
    expect((await admin('region', 'deny-country', 'USA')).exitCode).toBe(1);
    expect((await admin('region', 'deny-cidr', 'not-a-range')).output).toContain('not a CIDR range: not-a-range');
    await admin('region', 'clear');
    expect((await current()).region).toMatchObject({ denyCountries: [], denyCidrs: [] });
  });

  it('switches one feature of the tree and names a module that does not exist', async () => {
    const result = await admin('features', 'set', 'FREEPLAY3', 'off');
    expect(result.output).toContain('[off] FREEPLAY3');
    const missing = await admin('features', 'set', 'NOPE3', 'on');
    expect(missing).toMatchObject({ exitCode: 1 });
    expect(missing.output).toContain('no module NOPE3 in the tree');
  });

  it('edits one register rule and refuses an unsafe pattern', async () => {
    await admin(
      'register-rules',
      'set',
      'mobileNum',
      '--pattern',
      '^09[0-9]{9}$',
      '--min',
      '11',
      '--max',
      '11',
      '--required',
      'on',
    );
    expect((await current()).registerRules.mobileNum).toMatchObject({
      acceptedPattern: '^09[0-9]{9}$',
      required: true,
      minLength: 11,
    });
    const unsafe = await admin('register-rules', 'set', 'username', '--pattern', '(x+x+)+y');
    expect(unsafe.exitCode).toBe(1);
    expect(unsafe.output).toContain('can backtrack catastrophically');
  });

  it('shows help and reports unknown commands without throwing', async () => {
    expect((await admin('--help')).output).toContain('maintenance');
    expect(await admin('launch-rockets')).toMatchObject({ exitCode: 1 });
  });

  it('records the actor in the audit trail', async () => {
    await admin('--actor', 'ops:carol', 'settings', 'set', 'analytics', '{"gtagId":"G-XYZ"}');
    const [latest] = await settings.audit(DEMO_MERCHANT, 'analytics', 1);
    expect(latest).toMatchObject({ actor: 'ops:carol', newValue: { gtagId: 'G-XYZ' } });
  });
});
