import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const START_TIMEOUT_MS = 15_000;

export const newSecret = () => randomBytes(32).toString('hex');

export interface HeldCallback {
  paymentId: string;
  event: string;
  body: string;
  headers: Record<string, string>;
}

export type TestPsp = Awaited<ReturnType<typeof spawnTestPsp>>;

/**
 * TESTPSP (apps/test-psp) as its own process on a free port, run through tsx: our adapter meets it over real
 * sockets, real retries and real time-outs. Callback retries are quick here (`retryMs`), as a test needs.
 */
export async function spawnTestPsp(options: { secrets: string[]; retryMs?: number[]; callbackUrl?: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/test-psp/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      TESTPSP_SECRETS: options.secrets.join(','),
      TESTPSP_PORT: '0',
      TESTPSP_HOST: '127.0.0.1',
      TESTPSP_RETRY_MS: (options.retryMs ?? [100, 200, 400, 800]).join(','),
      ...(options.callbackUrl ? { TESTPSP_CALLBACK_URL: options.callbackUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await firstLine(child);
  const control = async <T = Record<string, unknown>>(pathname: string, body?: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`TESTPSP ${pathname}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    url,
    control,
    behave: (behaviour: Record<string, unknown> = {}) => control('/control/behaviour', behaviour),
    /** Waits until every callback in flight was answered or gave up. */
    idle: () => control('/control/idle', {}),
    held: async () => (await control<{ held: HeldCallback[] }>('/control/held', {})).held,
    paymentIdOf: (redirectUrl: string) => redirectUrl.slice(redirectUrl.lastIndexOf('/') + 1),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('TESTPSP did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`TESTPSP exited with ${code}`)));
    if (!child.stdout) return reject(new Error('TESTPSP has no stdout'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { testPsp: string }).testPsp);
    });
  });
}
