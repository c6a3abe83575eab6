import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { Db } from '../../apps/server/src/db/connect.js';
import { readRollup } from '../../apps/server/src/modules/reports/rollup-repo.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import type { Services } from '../../apps/server/src/services.js';
import { databaseUrl } from './ledger-load.js';

/** The real app on a bench database, quiet, with its composed services for calls the bench makes directly. */
export async function benchApp(adminUrl: string, name: string, db: Db): Promise<{ app: FastifyInstance; services: Services }> {
  let services: Services | undefined;
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl(adminUrl, name) }),
    db,
    extend: (_app, built) => {
      services = built;
    },
  });
  if (!services) throw new Error('the app did not hand over its services');
  return { app, services };
}

/** Runs the reports roll-up job until it has caught up with everything seeded; answers its time and its runs. */
export async function rollUpEverything(db: Db, reports: Services['reports']): Promise<{ seconds: number; runs: number }> {
  console.log('rolling up …');
  const started = performance.now();
  let runs = 0;
  for (;;) {
    runs += 1;
    await db.kysely.transaction().execute((trx) => reports.rollUp(trx));
    const state = await readRollup(db.kysely);
    if (state.transfers_to === state.candidate_transfers && state.members_to === state.candidate_members && runs > 1) break;
  }
  return { seconds: Number(((performance.now() - started) / 1000).toFixed(1)), runs };
}
