import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { createTestServices } from '../../test/test-services.js';
import { AuditLog } from './service.js';

describe('the audit log', () => {
  let db: TestDb;
  let services: ReturnType<typeof createTestServices>;
  const admin = (...argv: string[]) => runAdmin(argv, services);

  beforeAll(async () => {
    db = await createTestDb();
    services = createTestServices(db);
    await seedDemoMerchant(db.kysely, services.siteSettings);
  });
  afterAll(() => db.close());

  it('records settings changes and operator commands in one chain that `audit verify` checks', async () => {
    expect((await admin('--actor', 'cli:ops', 'maintenance', 'on')).exitCode).toBe(0);
    const { entries } = await services.auditLog.page({ actor: 'cli:ops' }, 0, 10);
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual([
      ['cli.command', 'maintenance on'],
      ['settings.set', 'maintenance'],
    ]);
    expect(entries[1]?.after).toMatchObject({ enabled: true });
    expect(entries[0]?.prevHash).toBe(entries[1]?.hash);
    const [latest] = await services.siteSettings.audit(DEMO_MERCHANT, 'maintenance', 1);
    expect(latest).toMatchObject({ actor: 'cli:ops', newValue: { enabled: true } });

    const verified = await admin('audit', 'verify');
    expect(verified).toMatchObject({ exitCode: 0 });
    expect(verified.output).toMatch(/^audit log intact: \d+ entries$/);
  });

  it('keeps what a command was given, but no password an operator typed', async () => {
    await admin('member', 'create', 'auditpw01', '--password', 'Hunter2Secret');
    await admin('member', 'set-password', 'auditpw01', 'Another9Secret');
    const [setPassword, create] = (await services.auditLog.page({ action: 'cli.command' }, 0, 2)).entries;
    expect(create?.after).toEqual({ account: 'auditpw01', password: '[redacted]', type: 0, exitCode: 0 });
    expect(setPassword?.target).toBe('member set-password');
    expect(setPassword?.after).toEqual({ account: 'auditpw01', password: '[redacted]', exitCode: 0 });
    expect(JSON.stringify([create?.after, setPassword?.after])).not.toMatch(/Hunter2|Another9/);
  });

  it('finds a row changed by hand, and where', async () => {
    const { entries } = await services.auditLog.page({ action: 'settings.set', target: 'maintenance' }, 0, 1);
    const changed = entries[0]!;
    await sql`UPDATE audit_log SET actor = 'someone-else' WHERE seq = ${changed.seq.toString()}::bigint`.execute(db.kysely);
    const verified = await admin('audit', 'verify');
    expect(verified.exitCode).toBe(1);
    expect(verified.output).toContain(`audit log BROKEN at entry ${changed.seq}: its content does not match its hash`);
    await sql`UPDATE audit_log SET actor = ${changed.actor} WHERE seq = ${changed.seq.toString()}::bigint`.execute(db.kysely);
    expect((await services.auditLog.verify()).intact).toBe(true);

    await sql`DELETE FROM audit_log WHERE seq = ${changed.seq.toString()}::bigint`.execute(db.kysely);
    expect(await services.auditLog.verify()).toMatchObject({ intact: false, brokenAt: changed.seq + 1n });
  });
});

describe('appends from two instances', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('keep one chain: every entry links to the one before it', async () => {
    const second = await db.reopen();
    try {
      const instances = [new AuditLog(db.kysely), new AuditLog(second.kysely)];
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          instances[i % 2]!.append(
            { actor: `instance-${i % 2}`, kind: 'system', ip: null },
            { action: 'test.append', after: { i } },
          ),
        ),
      );
      const check = await instances[0]!.verify();
      expect(check).toEqual({ intact: true, entries: 40 });
    } finally {
      await second.close();
    }
  });
});
