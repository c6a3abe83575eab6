import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const START_TIMEOUT_MS = 15_000;

export interface ReceivedSms {
  id: number;
  to: string;
  text: string;
  merchant: string;
}

/** TESTSMS (apps/test-sms) as its own process on a free port, run through tsx: SMS travel over a real socket. */
export async function spawnTestSms(token: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/test-sms/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TESTSMS_TOKEN: token, TESTSMS_PORT: '0', TESTSMS_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await firstLine(child);
  const control = async <T>(pathname: string, body?: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`TESTSMS ${pathname}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    url,
    /** The next `fail` sends answer `status`. */
    fail: (fail: number, status = 503) => control('/control/behaviour', { fail, status }),
    sent: async () => (await control<{ sent: ReceivedSms[] }>('/control/sent')).sent,
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
      reject(new Error('TESTSMS did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`TESTSMS exited with ${code}`)));
    if (!child.stdout) return reject(new Error('TESTSMS has no stdout'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { testSms: string }).testSms);
    });
  });
}
