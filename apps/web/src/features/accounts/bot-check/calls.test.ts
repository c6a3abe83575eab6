import { getBotCheckChallenge } from '@tessera/contract/api/bot-check';
import { expect, it } from 'vitest';
import { BOT_CHECK_CALLS } from './calls';

it('asks for the challenge with the method and path of the contract', () => {
  expect(BOT_CHECK_CALLS.challenge).toEqual({ method: getBotCheckChallenge.method, path: getBotCheckChallenge.path });
});
