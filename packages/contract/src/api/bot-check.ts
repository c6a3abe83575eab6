import { type Static, Type } from 'typebox';
import * as routes from '../routes/bot-check.js';
import { defineCall } from './call.js';

/*
 * Bot check (issue 4 item 7, spec §4/§5 "the bot widget must pass"): a self-hosted ALTCHA proof of work. The
 * server signs a challenge; the browser finds the counter whose PBKDF2 key starts with the signed prefix and
 * sends `botCheck` with the login or registration. Each solved challenge is accepted once.
 */

export const BotCheckChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String({ description: "ALTCHA PoW v2 key derivation, 'PBKDF2/SHA-256'" }),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer({ description: 'PBKDF2 iterations per attempt' }),
    keyLength: Type.Integer(),
    keyPrefix: Type.String({ description: 'Hex prefix the derived key must start with' }),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer({ description: 'Epoch seconds' })),
    data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]))),
  }),
  signature: Type.String({ description: 'HMAC of the parameters: the server accepts only challenges it made' }),
});
export type BotCheckChallenge = Static<typeof BotCheckChallenge>;

/** The solved challenge as the login and register bodies carry it: base64 of `{ challenge, solution }` JSON. */
export const BotCheckPayload = Type.String({
  maxLength: 4000,
  description: 'Bot check result: base64 JSON { challenge, solution } of a challenge from GET /wps/verification/bot-check',
});

export const getBotCheckChallenge = defineCall(routes.getBotCheckChallenge, {
  tags: ['accounts'],
  summary: 'A signed proof-of-work challenge for login and registration (BOTCHECK3; single use, 10 minutes)',
  value: BotCheckChallenge,
});

export const botCheckCalls = [getBotCheckChallenge];
