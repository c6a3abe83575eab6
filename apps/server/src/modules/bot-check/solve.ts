import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves a bot-check challenge in Node, as the browser's worker does, and returns the `botCheck` value of a
 * login or registration. For the server tests and the e2e kit's API calls (not used by the server itself).
 */
export async function solveBotCheck(challenge: BotCheckChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot-check challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
