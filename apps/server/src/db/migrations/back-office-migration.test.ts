import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../modules/audit-log/service.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe('the back-office migration', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('folds the settings trail into the audit chain, in order, and gives it back on the way down', async () => {
    await migrateTo(db.kysely, '2026-11-27-0610-hardening');
    await sql`INSERT INTO merchants (code, name) VALUES ('mig', 'Migrated') ON CONFLICT DO NOTHING`.execute(db.kysely);
    await sql`
      INSERT INTO settings_audit (merchant_code, key, old_value, new_value, actor, at) VALUES
        ('mig', 'maintenance', NULL, '{"enabled": true, "endAt": null}', 'cli:ops', '2026-11-20T10:00:00.123456Z'),
        ('mig', 'maintenance', '{"enabled": true, "endAt": null}', '{"endAt": null, "enabled": false}', 'seed', '2026-11-20T11:00:00Z')`.execute(
      db.kysely,
    );
    const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM settings_audit`.execute(db.kysely)).rows[0]?.n);

    await migrateToLatest(db.kysely);
    const log = new AuditLog(db.kysely);
    expect(await log.verify()).toEqual({ intact: true, entries: before });
    const { entries } = await log.page({ merchantCode: 'mig' }, 0, 10);
    expect(entries.map((entry) => [entry.actor, entry.actorKind, entry.action, entry.target, entry.after])).toEqual([
      ['seed', 'system', 'settings.set', 'maintenance', { enabled: false, endAt: null }],
      ['cli:ops', 'cli', 'settings.set', 'maintenance', { enabled: true, endAt: null }],
    ]);

    await migrateTo(db.kysely, '2026-11-27-0610-hardening');
    const back = await sql<{ actor: string }>`SELECT actor FROM settings_audit WHERE merchant_code = 'mig' ORDER BY id`.execute(
      db.kysely,
    );
    expect(back.rows.map((row) => row.actor)).toEqual(['cli:ops', 'seed']);
    await migrateToLatest(db.kysely);
  });
});
