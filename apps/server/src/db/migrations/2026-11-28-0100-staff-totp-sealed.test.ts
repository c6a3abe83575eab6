import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAL_PURPOSES, SealedAtRest } from '../../platform/sealed-at-rest.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { MigrationError, migrateTo, migrateToLatest } from '../migrate.js';

const SECRET = 'the server secret of this install, 48 characters';
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the sealed staff TOTP migration', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('seals the clear secrets already stored, needs the server secret for it, and gives them back on the way down', async () => {
    await migrateTo(db.kysely, '2026-11-27-2300-draw-void-permission');
    const { rows } = await sql<{ id: string }>`
      INSERT INTO staff (name, role, totp_secret, created_by) VALUES ('before.sealing', 'owner', ${TOTP}, 'test')
      RETURNING id::text AS id`.execute(db.kysely);
    const id = rows[0]?.id ?? '';

    await expect(migrateToLatest(db.kysely)).rejects.toThrow(MigrationError);
    const untouched = await sql<{ totp_secret: string }>`SELECT totp_secret FROM staff WHERE id = ${id}::bigint`.execute(
      db.kysely,
    );
    expect(untouched.rows[0]?.totp_secret).toBe(TOTP);

    await migrateToLatest(db.kysely, { serverSecret: SECRET });
    const sealed = await sql<{ row: string; sealed: Uint8Array }>`
      SELECT row_to_json(staff)::text AS row, totp_secret_sealed AS sealed FROM staff WHERE id = ${id}::bigint`.execute(
      db.kysely,
    );
    expect(sealed.rows[0]?.row).not.toContain(TOTP);
    const seal = new SealedAtRest(SECRET, SEAL_PURPOSES.staffTotpSecret);
    expect(seal.open(sealed.rows[0]?.sealed ?? new Uint8Array(), id)).toBe(TOTP);

    await migrateTo(db.kysely, '2026-11-27-2300-draw-void-permission', { serverSecret: SECRET });
    const back = await sql<{ totp_secret: string }>`SELECT totp_secret FROM staff WHERE id = ${id}::bigint`.execute(db.kysely);
    expect(back.rows[0]?.totp_secret).toBe(TOTP);
    await sql`DELETE FROM staff WHERE id = ${id}::bigint`.execute(db.kysely);
    await migrateToLatest(db.kysely);
  });
});
