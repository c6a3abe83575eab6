import {
  GAME_SESSION_HEADER,
  getFairness,
  MIN_SPIN_MS,
  openHouseGameSession,
  rotateSeed,
  setClientSeed,
  spinSlot,
  verifyRound,
} from '@tessera/contract/api/house-games';
import { HEADERS } from '@tessera/contract/headers';
import { paytableOf } from '@tessera/house-engine/slots/catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { verifyToken } from '../sessions/service.js';
import { WalletService } from '../wallet/service.js';
import { installHouseGamesClient } from './client-app.js';
import { houseSlotByCode } from './games.js';
import { HouseVendor } from './service.js';
import { exchangeTicket, resolveGameSession } from './sessions.js';

const paytableView = (game: Parameters<typeof paytableOf>[0]) => {
  const table = paytableOf(game);
  return { ...table, paylines: table.paylines.map((line) => [...line]) };
};

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The game client's session, else the site token (the player's own pages); a game session is tied to one game. */
export async function playerOf(services: AppServices, request: FastifyRequest): Promise<{ memberId: bigint; gameCode?: string }> {
  const gameSession = single(request.headers[GAME_SESSION_HEADER]);
  if (gameSession) {
    const session = await resolveGameSession(services.db, request.merchantCode, gameSession);
    if (!session) throw new AppError('game.session.invalid');
    return session;
  }
  const token = single(request.headers[HEADERS.authorization]);
  const session = token ? await verifyToken(services.db, token, request.merchantCode) : null;
  if (!session) throw new AppError('login.not.session');
  return { memberId: session.memberId };
}

/** The house-games client and the house vendor's calls: game session exchange, slot spins, provably fair seeds and round verification. */
export async function houseVendorRoutes(app: FastifyInstance, services: AppServices) {
  await installHouseGamesClient(app, services.config.houseGamesDist);
  const house = new HouseVendor(services.db);
  const wallet = new WalletService(services.db);

  registerCall(app, services, openHouseGameSession, async (request) => {
    const session = await exchangeTicket(services.db, request.merchantCode, request.body.ticket);
    const slot = session && houseSlotByCode(session.gameCode);
    if (!session || !slot) throw new AppError('game.session.invalid');
    const settings = request.siteSettings;
    // The wallet read also hands a trial account its play money on first use.
    const [balance, fairness] = await Promise.all([
      wallet.balance(request.merchantCode, session.memberId, settings),
      house.fairness(request.merchantCode, session.memberId),
    ]);
    const currency = settings.product.currency;
    return {
      sessionToken: session.sessionToken,
      expiresAt: session.expiresAt.getTime(),
      merchantCode: request.merchantCode,
      gameCode: slot.gameCode,
      paytable: paytableView(slot.game),
      limits: { minBet: slot.minBet.toString(), maxBet: slot.maxBet.toString(), multipleOf: slot.game.paylines.length },
      balance: balance.balance[0]?.availBalance ?? '0',
      playMoney: balance.playMoney,
      currency: { code: currency.code, symbol: currency.symbol, minorDigits: currency.minorDigits },
      fairness,
      minSpinMs: MIN_SPIN_MS,
    };
  });

  registerCall(app, services, spinSlot, async (request) => {
    const player = await playerOf(services, request);
    if (player.gameCode !== undefined && player.gameCode !== request.body.gameCode) throw new AppError('game.session.invalid');
    return house.spin(request.merchantCode, player.memberId, request.body);
  });

  registerCall(app, services, getFairness, async (request) =>
    house.fairness(request.merchantCode, (await playerOf(services, request)).memberId),
  );

  registerCall(app, services, setClientSeed, async (request) =>
    house.setClientSeed(request.merchantCode, (await playerOf(services, request)).memberId, request.body.clientSeed),
  );

  registerCall(app, services, rotateSeed, async (request) =>
    house.rotate(request.merchantCode, (await playerOf(services, request)).memberId, request.body.clientSeed),
  );

  registerCall(app, services, verifyRound, async (request) =>
    house.verify(request.merchantCode, (await playerOf(services, request)).memberId, BigInt(request.query.roundId)),
  );
}
