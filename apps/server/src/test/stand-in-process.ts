import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const START_TIMEOUT_MS = 15_000;

/**
 * A stand-in party (apps/test-vendor, apps/test-psp) as its own process on a free port, run through tsx from its
 * sources: our adapters meet it over real sockets. It prints `{"<readyKey>": "<url>"}` once it listens.
 * `control` calls its unsigned test controls (GET without a body, POST with one).
 */
export async function spawnStandIn(options: { name: string; main: string; readyKey: string; env: Record<string, string> }) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', options.main], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await readyUrl(child, options.name, options.readyKey);
  const control = async <T = Record<string, unknown>>(pathname: string, body?: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${options.name} ${pathname}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    url,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function readyUrl(child: ChildProcess, name: string, key: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start in time`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    if (!child.stdout) return reject(new Error(`${name} has no stdout`));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as Record<string, string>)[key] ?? '');
    });
  });
}
