import './platform/require-node.js';
import closeWithGrace from 'close-with-grace';
import { installLocalAdminEndpoint } from './admin/local-endpoint.js';
import { buildApp } from './app.js';
import { openMigratedDb } from './db/open.js';
import { seedDemoMerchant } from './db/seed/demo-merchant.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { claimDataDir, DataDirInUse } from './platform/instance-lock.js';

async function start() {
  const config = loadConfig();
  const lock = config.databaseUrl ? null : claimDataDir(config.dataDir);
  const db = await openMigratedDb(config);

  const app = await buildApp({
    config,
    db,
    extend: async (instance, services) => {
      if (await seedDemoMerchant(db.kysely, services.siteSettings)) instance.log.info('seeded the demo merchant');
      if (lock) installLocalAdminEndpoint(instance, services, lock.adminToken);
    },
  });

  closeWithGrace({ delay: config.shutdownGraceMs, logger: app.log }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    lock?.release();
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const port = app.server.address();
  lock?.publish(typeof port === 'object' && port ? port.port : config.port);
  app.log.info(`Tessera is up at ${address.replace('0.0.0.0', 'localhost')} (database: ${db.target.kind})`);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUse) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
