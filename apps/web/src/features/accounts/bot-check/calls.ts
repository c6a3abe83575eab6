import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { apiRequest, type CallTarget } from '../../../lib/api-client';

/** `GET /wps/verification/bot-check` by method and path only (calls.test.ts compares it with the contract). */
export const BOT_CHECK_CALLS = {
  challenge: { method: 'GET', path: '/wps/verification/bot-check' },
} as const satisfies Record<string, CallTarget>;

export const getBotCheckChallenge = (signal?: AbortSignal) =>
  apiRequest<BotCheckChallenge>(BOT_CHECK_CALLS.challenge, { signal });
