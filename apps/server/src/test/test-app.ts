import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type BuildAppOptions, buildApp } from '../app.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../db/seed/demo-merchant.js';
import { switchAccountChecks } from '../modules/bot-check/switch.js';
import { SiteSettingsService } from '../modules/site-settings/service.js';
import { loadConfig } from '../platform/config.js';
import type { Services } from '../services.js';
import { createTestDb } from './test-db.js';

/** A stand-in web build with the shape Vite produces: index.html and hashed files under assets/, one precompressed. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="bn"><head><title>Tessera</title></head><body><div id="root"></div></body></html>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(dir, 'assets', 'index-3f9a1c2b.js'), script);
  // The build's precompressed copy (apps/web/vite.config.ts), marked so a test can tell it from on-the-fly brotli;
  // there is no .gz of it, as for a file the build skips.
  fs.writeFileSync(path.join(dir, 'assets', 'index-3f9a1c2b.js.br'), zlib.brotliCompressSync(`${script}// precompressed`));
  return dir;
}

/** The real app on a fresh database with the demo merchant seeded, as a test file needs it. */
export async function createTestApp(
  // env: extra environment for the config (e.g. a third-party vendor's VENDOR_<CODE>_URL and secret).
  options: Pick<BuildAppOptions, 'countryOf' | 'extend'> & { accountChecks?: boolean; env?: NodeJS.ProcessEnv } = {},
) {
  const db = await createTestDb();
  const webDist = fakeWebBuild();
  const config = loadConfig({ ...options.env, LOG_LEVEL: 'silent', WEB_DIST: webDist, DATA_DIR: webDist });
  await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
  // The bot check and new-address verification are on for the demo; a test that is not
  // about them need not solve a proof of work, so they stay off unless it asks for them.
  if (!options.accountChecks) await switchAccountChecks(new SiteSettingsService(db.kysely), DEMO_MERCHANT, false, 'test');
  let services: Services | undefined;
  const app = await buildApp({
    config,
    db,
    countryOf: options.countryOf,
    extend: async (instance, appServices, http) => {
      services = appServices;
      await options.extend?.(instance, appServices, http);
    },
  });
  await app.ready();
  if (!services) throw new Error('buildApp did not call extend');
  return {
    app,
    db,
    /** The app's own services: settings written through them are seen by the app's next request. */
    services,
    settings: services.siteSettings,
    close: async () => {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}
