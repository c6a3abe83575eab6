import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../platform/app-error.js';
import type { VendorEndpoint } from '../../../platform/config.js';
import { assertMayPlay } from '../../responsible-gaming/service.js';
import type { SiteSettingsService } from '../../site-settings/service.js';
import * as repo from '../repo.js';
import type { LedgerSeamlessWallet } from '../seamless-wallet.js';
import { isValidSignature } from './hmac-signature.js';
import { TEST_VENDOR } from './test-vendor.js';
import { TESTV_SIGNATURE_HEADER, TESTV_TIMESTAMP_HEADER } from './test-vendor-api.js';
import { isVendorPlayer } from './vendor-players.js';

/** Where TESTV calls our wallet: `<base>/balance | debit | credit | rollback` (TESTV_WALLET_URL on its side). */
export const TESTV_WALLET_PATH = `/vendors/${TEST_VENDOR}/wallet`;

const Id = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9:._-]+$' });
const CallbackBody = Type.Object({
  requestId: Id,
  operatorId: Type.String({ pattern: '^[A-Za-z0-9_]{2,32}$' }),
  playerId: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }),
  txId: Type.Optional(Id),
  refTxId: Type.Optional(Id),
  amount: Type.Optional(Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$' })),
  roundId: Type.Optional(Id),
  gameCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
type CallbackBody = Static<typeof CallbackBody>;

const STATUSES = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'TX_CONFLICT',
  'TX_NOT_FOUND',
  'INVALID_PLAYER',
  'PLAYER_BLOCKED',
  'INVALID_GAME',
  'INVALID_SIGNATURE',
  'INVALID_REQUEST',
  'INTERNAL_ERROR',
] as const;
type Status = (typeof STATUSES)[number];
const CallbackReply = Type.Object({
  status: Type.Union(STATUSES.map((status) => Type.Literal(status))),
  balance: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
});

/** Our error codes in TESTV's words; any other failure is INTERNAL_ERROR (HTTP 500), which TESTV retries. */
const STATUS_OF_CODE: Partial<Record<AppError['code'], Status>> = {
  'wallet.insufficient.funds': 'INSUFFICIENT_FUNDS',
  'vendor.tx.conflict': 'TX_CONFLICT',
};
const HTTP_OF_STATUS: Partial<Record<Status, number>> = { INVALID_SIGNATURE: 401, INVALID_REQUEST: 400, INTERNAL_ERROR: 500 };

class Refusal extends Error {
  constructor(readonly status: Status) {
    super(status);
  }
}

/**
 * TESTV's seamless-wallet callbacks. Order: the signature first (constant time, replay window) on the raw
 * bytes, before anything is parsed or read; then the body; then the operator and the player; then the one
 * `LedgerSeamlessWallet` call. Every answer carries the player's balance once the player is known.
 */
export function testVendorCallbacks(
  app: FastifyInstance,
  endpoint: VendorEndpoint,
  {
    db,
    siteSettings,
    seamlessWallet: wallet,
  }: { db: Kysely<Database>; siteSettings: SiteSettingsService; seamlessWallet: LedgerSeamlessWallet },
) {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep them, whatever the content type says.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error.statusCode === undefined || error.statusCode >= 500) request.log.error({ err: error }, 'TESTV callback failed');
      return answer(reply, error.statusCode !== undefined && error.statusCode < 500 ? 'INVALID_REQUEST' : 'INTERNAL_ERROR');
    });

    for (const op of ['balance', 'debit', 'credit', 'rollback'] as const) {
      scope.post(
        `${TESTV_WALLET_PATH}/${op}`,
        { schema: { hide: true, response: { '2xx': CallbackReply, '4xx': CallbackReply, '5xx': CallbackReply } } },
        async (request, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          };
          const signed = isValidSignature({
            secret: endpoint.secret,
            timestamp: header(TESTV_TIMESTAMP_HEADER),
            signature: header(TESTV_SIGNATURE_HEADER),
            rawBody: raw,
          });
          if (!signed) return answer(reply, 'INVALID_SIGNATURE');
          const body = parseBody(raw);
          if (!body) return answer(reply, 'INVALID_REQUEST');
          const merchant = body.operatorId;
          const settings = await siteSettings.cached(merchant);
          const memberId = BigInt(body.playerId);
          if (!settings || !(await isVendorPlayer(db, merchant, memberId))) return answer(reply, 'INVALID_PLAYER');
          const currency = settings.product.currency.code;
          const balance = async () => (await wallet.balance(merchant, memberId)).balance.toString();
          try {
            const result = await handle(op, merchant, memberId, body);
            return answer(reply, result.status, { balance: result.balance.toString(), currency });
          } catch (error) {
            const status =
              error instanceof Refusal ? error.status : error instanceof AppError ? STATUS_OF_CODE[error.code] : undefined;
            if (!status) throw error;
            return answer(reply, status, { balance: await balance(), currency });
          }
        },
      );
    }
  });

  async function handle(op: 'balance' | 'debit' | 'credit' | 'rollback', merchant: string, memberId: bigint, body: CallbackBody) {
    if (op === 'balance') return { status: 'OK' as const, balance: (await wallet.balance(merchant, memberId)).balance };
    if (op === 'rollback') {
      if (!body.refTxId) throw new Refusal('INVALID_REQUEST');
      const receipt = await wallet.rollback({ merchant, vendor: TEST_VENDOR, txId: body.refTxId, memberId });
      return { status: receipt.found ? ('OK' as const) : ('TX_NOT_FOUND' as const), balance: receipt.balance };
    }
    const { txId, amount, roundId, gameCode } = body;
    if (!txId || amount === undefined || !roundId || !gameCode) throw new Refusal('INVALID_REQUEST');
    if (op === 'debit' && amount === '0') throw new Refusal('INVALID_REQUEST');
    // A time-out or self-exclusion stops new bets at once, as at the house's next spin; wins and rollbacks still pay.
    if (op === 'debit') await assertMayPlay(db, merchant, memberId).catch(() => Promise.reject(new Refusal('PLAYER_BLOCKED')));
    const game = await repo.selectLaunchGame(db, merchant, TEST_VENDOR, gameCode);
    if (!game) throw new Refusal('INVALID_GAME');
    const movement = {
      merchant,
      vendor: TEST_VENDOR,
      memberId,
      txId,
      amount: BigInt(amount),
      roundId,
      gameCode,
      gameCategory: game.category,
    };
    const receipt = op === 'debit' ? await wallet.debit(movement) : await wallet.credit(movement);
    return { status: 'OK' as const, balance: receipt.balance };
  }
}

function parseBody(raw: string): CallbackBody | null {
  try {
    const value: unknown = JSON.parse(raw);
    return Value.Check(CallbackBody, value) ? value : null;
  } catch {
    return null;
  }
}

function answer(reply: FastifyReply, status: Status, extra: { balance?: string; currency?: string } = {}) {
  return reply.status(HTTP_OF_STATUS[status] ?? 200).send({ status, ...extra });
}
