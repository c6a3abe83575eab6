import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it. The server
 * holds `server.json` in DATA_DIR while it runs; the admin CLI reads it to send its command to the server.
 */
export interface InstanceInfo {
  pid: number;
  port: number;
  adminToken: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, 'server.json');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readInstance(dataDir: string): InstanceInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as InstanceInfo;
    return isAlive(info.pid) && info.pid !== process.pid ? info : null;
  } catch {
    return null;
  }
}

export class DataDirInUse extends Error {}

/** Claims DATA_DIR for this process; throws DataDirInUse when a live process holds it. */
export function claimDataDir(dataDir: string): { adminToken: string; publish(port: number): void; release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const holder = readInstance(dataDir);
  if (holder) throw new DataDirInUse(`DATA_DIR ${dataDir} is in use by process ${holder.pid} (port ${holder.port})`);
  const adminToken = randomBytes(32).toString('base64url');
  const write = (port: number) =>
    fs.writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, port, adminToken } satisfies InstanceInfo), {
      mode: 0o600,
    });
  write(0);
  return {
    adminToken,
    publish: write,
    release: () => {
      if (readInstance(dataDir) === null) fs.rmSync(lockPath(dataDir), { force: true });
    },
  };
}
