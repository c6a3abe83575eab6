import { createHash, hkdfSync } from 'node:crypto';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { WhitelabelNode } from '@tessera/contract/settings';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import * as repo from './repo.js';

/**
 * Proof-of-work size: PBKDF2-SHA-256 at 500 iterations per attempt, the answer somewhere in 1,000–4,000
 * attempts. About a second in a phone browser across its cores; each login or registration costs a script
 * the same, which is the point. The counter is fixed by the server (ALTCHA's deterministic mode), so
 * verifying is one HMAC, not a re-derivation.
 */
export const BOT_CHECK_POW = { algorithm: 'PBKDF2/SHA-256', cost: 500, counterMin: 1_000, counterMax: 4_000 } as const;
/** A challenge must be solved and used within this time. */
export const BOT_CHECK_TTL_MS = 10 * 60_000;
const SWEEP_EVERY = 200;

export interface BotCheckContext {
  merchantCode: string;
  whitelabel: WhitelabelNode;
}

/** Each secret of this module is derived from the server secret, so every instance signs and checks alike. */
const deriveSecret = (serverSecret: string, label: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'tessera', `bot-check:${label}`, 32)).toString('base64url');

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(raw: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<Payload> | null;
    const challenge = parsed?.challenge;
    const solution = parsed?.solution;
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object' || challenge.parameters === null)
      return null;
    if (typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/** Self-hosted ALTCHA bot check on login and registration, switched by BOTCHECK3. */
export class BotCheckService {
  private readonly signatureSecret: string;
  private readonly keySecret: string;
  private checks = 0;

  constructor(
    private readonly db: Kysely<Database>,
    serverSecret: string,
  ) {
    this.signatureSecret = deriveSecret(serverSecret, 'signature');
    this.keySecret = deriveSecret(serverSecret, 'key');
  }

  isOn(whitelabel: WhitelabelNode): boolean {
    return isFeatureEnabled(whitelabel, FEATURES.botCheck);
  }

  /** A challenge signed for this merchant; answered even when the check is off, so a client may always ask. */
  async challenge(merchantCode: string): Promise<BotCheckChallenge> {
    const challenge = await createChallenge({
      algorithm: BOT_CHECK_POW.algorithm,
      cost: BOT_CHECK_POW.cost,
      counter: randomInt(BOT_CHECK_POW.counterMin, BOT_CHECK_POW.counterMax),
      deriveKey,
      expiresAt: new Date(Date.now() + BOT_CHECK_TTL_MS),
      data: { merchant: merchantCode },
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return { parameters: challenge.parameters, signature: challenge.signature as string };
  }

  /**
   * Passes when the check is off, or when `payload` solves a challenge this server signed for this merchant,
   * not yet expired and never used before. Throws bot.check.required, bot.check.expired or bot.check.failed.
   */
  async verify(ctx: BotCheckContext, payload: string | undefined): Promise<void> {
    if (!this.isOn(ctx.whitelabel)) return;
    if (!payload) throw new AppError('bot.check.required');
    const parsed = parsePayload(payload);
    if (!parsed || parsed.challenge.parameters.data?.merchant !== ctx.merchantCode) throw new AppError('bot.check.failed');
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    }).catch(() => null);
    // ALTCHA checks the expiry before the signature: an old forged challenge also just asks for a fresh one.
    if (result?.expired) throw new AppError('bot.check.expired');
    if (!result?.verified) throw new AppError('bot.check.failed');
    const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
    const hash = createHash('sha256')
      .update(parsed.challenge.signature as string)
      .digest();
    if (++this.checks % SWEEP_EVERY === 0) await repo.sweepSpent(this.db, new Date());
    if (!(await repo.spend(this.db, ctx.merchantCode, hash, expiresAt))) throw new AppError('bot.check.failed');
  }
}
