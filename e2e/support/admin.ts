// The operator command (`node apps/server/dist/admin/cli.js …`), run against the server under test with
// the same environment the server got, as an operator on the server host would.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { e2eEnv } from './env.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../apps/server/dist/admin/cli.js', import.meta.url));

export async function admin(...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: e2eEnv.dataDir,
    PORT: e2eEnv.port,
    LOG_LEVEL: 'warn',
    AGENT_SETTLEMENT_TEST_CLOCK: 'on',
  };
  if (e2eEnv.databaseUrl) env.DATABASE_URL = e2eEnv.databaseUrl;
  else delete env.DATABASE_URL;
  // The stand-in payment provider the server was started with (scripts/serve-for-e2e.sh writes it beside DATA_DIR).
  const state = join(e2eEnv.dataDir, '..');
  if (existsSync(join(state, 'psp-url'))) {
    env.PSP_TESTPSP_URL = readFileSync(join(state, 'psp-url'), 'utf8').trim();
    env.PSP_TESTPSP_SECRETS = readFileSync(join(state, 'psp-secret'), 'utf8').trim();
  }
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], { env, timeout: 30_000 });
    return stdout;
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`admin ${args.join(' ')} failed (exit ${e.code}):\n${e.stderr ?? ''}${e.stdout ?? ''}`);
  }
}
