import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/connect.js';
import { seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import type { Services } from '../../services.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { enrolledStaff, login } from './test/kit.js';

/**
 * Staff TOTP secrets lie in the database sealed under the server secret: a dump shows none of them, and every
 * instance that shares the key file (DATA_DIR/secret-key) opens them, a restarted one too.
 */
describe('staff TOTP secrets at rest', () => {
  let db: TestDb;
  let dataDir: string;

  /** A server instance on the shared data directory, as another process (or the same one restarted) would be. */
  async function start(connection: Db) {
    let services: Services | undefined;
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
    const app = await buildApp({
      config,
      db: connection,
      extend: (_, appServices) => {
        services = appServices;
      },
    });
    await app.ready();
    if (!services) throw new Error('buildApp did not call extend');
    return { app, services };
  }
  let first: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-staff-key-'));
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    first = await start(db);
  });
  afterAll(async () => {
    await first.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps no clear secret in the database, and another instance and a restarted one log in with it', async () => {
    const { secret } = await enrolledStaff(first.app, first.services, 'sealed.owner', 'owner');
    expect(fs.existsSync(path.join(dataDir, 'secret-key'))).toBe(true);

    const dump = await sql<{ row: string }>`SELECT row_to_json(staff)::text AS row FROM staff`.execute(db.kysely);
    expect(dump.rows.length).toBeGreaterThan(0);
    for (const { row } of dump.rows) expect(row).not.toContain(secret);
    const stored = await db.kysely
      .selectFrom('staff')
      .select('totp_secret_sealed')
      .where('name', '=', 'sealed.owner')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.totp_secret_sealed ?? []).toString('latin1')).not.toContain(secret);

    const second = await start(await db.reopen());
    try {
      expect(await login(second.app, 'sealed.owner', secret, 1)).toMatch(/^\S{20,}$/);
    } finally {
      await second.app.close();
    }
    // Each code is good once and the steps either side are spent: the restarted instance may take the current one again.
    await db.kysely.updateTable('staff').set({ totp_last_step: null }).where('name', '=', 'sealed.owner').execute();
    const restarted = await start(await db.reopen());
    try {
      expect(await login(restarted.app, 'sealed.owner', secret)).toMatch(/^\S{20,}$/);
    } finally {
      await restarted.app.close();
    }
  });
});
