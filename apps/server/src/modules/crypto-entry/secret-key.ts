import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const DEV_SECRET_FILE = 'secret-key';

/**
 * The server secret: SECRET_KEY when configured (required in production, see platform/config.ts), otherwise
 * one generated on first start and kept in DATA_DIR (mode 0600) so a development install survives restarts.
 * Several instances must share SECRET_KEY: each would otherwise generate its own and could not open the
 * RSA keys another instance stored.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, DEV_SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process on the same data directory won the race: use its secret.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
