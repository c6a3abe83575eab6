// A player's authenticator app, for specs that turn two-factor on and then answer its code more than once.
import { generateSync } from 'otplib';

const STEP_MS = 30_000;
const nowStep = () => Math.floor(Date.now() / STEP_MS);

/**
 * The codes the app shows for `secret`, one call per use. Each is for a later 30-second step than the one before
 * (the server takes a step once), and never for a step the server may already have left by the time it checks it
 * (it accepts one step either side of its own), however slow the page is between reading and sending.
 */
export function authenticator(secret: string): () => Promise<string> {
  let lastStep = 0;
  return async () => {
    const step = Math.max(lastStep + 1, nowStep());
    while (step > nowStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
    lastStep = step;
    return generateSync({ secret, epoch: (step * STEP_MS) / 1000 });
  };
}
