import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/connect.js';
import { seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import { buildServices, type Services } from '../../services.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { enrolledStaff, STAFF_PASSWORD, totpCode } from './test/kit.js';

/**
 * Staff TOTP secrets lie in the database sealed under the server secret: a dump shows none of them, and every
 * instance that shares the key file (DATA_DIR/secret-key) opens them, a restarted one too.
 */
describe('staff TOTP secrets at rest', () => {
  let db: TestDb;
  let dataDir: string;

  /** The first server instance, on the data directory the others share. */
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

  /** `work` on the services of a fresh instance with its own connection and the shared data directory. */
  const onAnotherInstance = async <T>(work: (services: Services) => Promise<T>): Promise<T> => {
    const connection = await db.reopen();
    try {
      return await work(
        buildServices({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), db: connection, log: null }),
      );
    } finally {
      await connection.close();
    }
  };
  const client = { ip: '127.0.0.1', userAgent: 'test' };
  const loginThrough = async (services: Services, secret: string, offsetSteps: number) => {
    const { challenge } = await services.staff.login('sealed.owner', STAFF_PASSWORD, client);
    return (await services.staff.secondFactor(challenge, totpCode(secret, offsetSteps), client)).token;
  };

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

    // Another instance, then one started afresh: each its own services on its own connection, sharing the key file.
    expect(await onAnotherInstance((services) => loginThrough(services, secret, 1))).toMatch(/^\S{20,}$/);
    // Each code is good once and the steps either side are spent: the restarted instance may take the current one again.
    await db.kysely.updateTable('staff').set({ totp_last_step: null }).where('name', '=', 'sealed.owner').execute();
    expect(await onAnotherInstance((services) => loginThrough(services, secret, 0))).toMatch(/^\S{20,}$/);
  }, 60_000);
});
