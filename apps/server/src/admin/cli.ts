import { ConfigError, loadConfig } from '../platform/config.js';
import { claimDataDir, DataDirInUse, readInstance } from '../platform/instance-lock.js';
import type { AdminResult } from './program.js';

/** `npm run admin -- <command>`: runs against PostgreSQL directly, or through the server that holds PGlite. */
async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const running = config.databaseUrl ? null : readInstance(config.dataDir);
  const result = running ? await viaServer(running.port, running.adminToken, argv) : await direct(argv, config);
  if (result.output) (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
  return result.exitCode;
}

async function viaServer(port: number, adminToken: string, args: string[]): Promise<AdminResult> {
  const response = await fetch(`http://127.0.0.1:${port}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
    body: JSON.stringify({ args, cwd: process.cwd() }),
  });
  const body = (await response.json()) as { success: boolean; value: AdminResult | null; code: string };
  if (!body.success || !body.value)
    return { output: `error: the running server refused the command (${body.code})`, exitCode: 1 };
  return body.value;
}

/** Loads the whole application (every module, the database driver) only here: a command the server runs needs none of it. */
async function direct(argv: string[], config: ReturnType<typeof loadConfig>): Promise<AdminResult> {
  const [{ openMigratedDb }, { buildServices }, { runAdmin }] = await Promise.all([
    import('../db/open.js'),
    import('../services.js'),
    import('./program.js'),
  ]);
  const lock = config.databaseUrl ? null : claimDataDir(config.dataDir);
  try {
    const db = await openMigratedDb(config);
    try {
      return await runAdmin(argv, buildServices({ config, db, log: null }));
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirInUse;
    process.stderr.write(`${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
    process.exitCode = 1;
  },
);
