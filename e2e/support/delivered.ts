// What a player received: scripts/serve-for-e2e.sh starts the server with a stand-in mail server (apps/test-mail,
// reached over SMTP) and SMS gateway (apps/test-sms, over HTTP), and writes their control URLs beside DATA_DIR.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { e2eEnv } from './env.js';

const standInUrl = (name: 'mail' | 'sms') => readFileSync(join(e2eEnv.dataDir, '..', `${name}-url`), 'utf8').trim();

/** The texts that reached `recipient` (an e-mail address, or an E.164 number), newest first. */
async function received(kind: 'mail' | 'sms', recipient: string): Promise<string[]> {
  if (kind === 'mail') {
    const res = await fetch(`${standInUrl('mail')}/control/received?to=${encodeURIComponent(recipient)}`);
    const { received } = (await res.json()) as { received: { subject: string; text: string }[] };
    return received.map((mail) => `${mail.subject}\n${mail.text}`).reverse();
  }
  const res = await fetch(`${standInUrl('sms')}/control/sent`);
  const { sent } = (await res.json()) as { sent: { to: string; text: string }[] };
  return sent
    .filter((sms) => sms.to === recipient)
    .map((sms) => sms.text)
    .reverse();
}

/** The newest mail or SMS that reached `recipient` with a text matching `pattern`: its first capture group. */
export async function readDelivered(kind: 'mail' | 'sms', recipient: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const text = (await received(kind, recipient)).find((t) => pattern.test(t));
        found = text ? pattern.exec(text)?.[1] : undefined;
        return found;
      },
      // Delivery is a server job: room for a loaded machine.
      { message: `no ${kind} to ${recipient} matching ${pattern}`, timeout: 30_000 },
    )
    .toBeDefined();
  return found as string;
}
