import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CATALOGUE_STATIC_DIR } from './artwork.js';
import { importCatalogue } from './import.js';

export const DEMO_CATALOGUE_FILE = path.join(CATALOGUE_STATIC_DIR, 'demo-catalogue.json');

/**
 * The demo merchant's catalogue is the documented example file itself, imported like any operator file: the
 * house vendors and games, and every other category present but without vendors, so it stays hidden.
 */
export async function seedCatalogue(db: Kysely<Database>, merchantCode: string): Promise<void> {
  await importCatalogue(db, merchantCode, JSON.parse(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8')));
}
