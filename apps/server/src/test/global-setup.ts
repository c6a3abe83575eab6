import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { connectDb } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { databaseUrl, releaseDatabase, withAdminClient } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database (`dumpDataDir`) that every test database starts as a copy of (test-db.ts). */
    pgliteTemplate: string | null;
    /** The migrated database of the throwaway cluster that every test database is created from (TEST_DB=postgres). */
    postgresTemplate: string | null;
  }
}

/**
 * Running every migration costs seconds, and each test file runs in a process of its own: the server project
 * migrates one template database before any file starts, and each test database starts as a copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/test.sh starts a throwaway cluster)');
    const name = `template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const template = await connectDb({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 1 });
    try {
      await migrateToLatest(template.kysely);
    } finally {
      await template.close();
    }
    // A database is copied only while no session is connected to it.
    await releaseDatabase(adminUrl, name, { drop: false });
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', name);
    return () => releaseDatabase(adminUrl, name, { drop: true });
  }
  const template = await connectDb({ kind: 'pglite', dataDir: null });
  let dump: Blob;
  try {
    await migrateToLatest(template.kysely);
    await slimForCopies(template.kysely);
    if (!template.snapshot) throw new Error('PGlite database without snapshot()');
    dump = await template.snapshot();
  } finally {
    await template.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-pglite-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Each copy of the PGlite template is unpacked into memory and started, once per test file. A checkpoint means a
 * copy starts without replaying the migrations' WAL, and the two template databases nothing here copies from are
 * a third of the files: together they take about 40 % off each test database's start.
 */
async function slimForCopies(db: Kysely<Database>) {
  await sql`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`.execute(db);
  await sql`DROP DATABASE template0`.execute(db);
  await sql`DROP DATABASE template1`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}
