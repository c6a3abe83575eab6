// A player's authenticator app, for specs that turn two-factor on and then answer its code more than once.
import { generateSync } from 'otplib';

const STEP_MS = 30_000;
/** A code of the step before now stays good until the current step ends: used only with this much of it left. */
const PAST_STEP_MARGIN_MS = 15_000;

/**
 * The codes the app shows for `secret`, one call per use. Each is for a later 30-second step than the one before
 * (the server takes a step once), and never for a step the server may have left by the time it checks it (it
 * accepts one step either side of its own), however slow the page is between reading and sending; it waits for
 * the clock only when three codes are asked for within one step.
 */
export function authenticator(secret: string): () => Promise<string> {
  let lastStep = 0;
  return async () => {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const earliest = (current + 1) * STEP_MS - now > PAST_STEP_MARGIN_MS ? current - 1 : current;
    const step = Math.max(lastStep + 1, earliest);
    while (step > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
    lastStep = step;
    return generateSync({ secret, epoch: (step * STEP_MS) / 1000 });
  };
}
