import {
  getFairness,
  openHouseGameSession,
  rotateSeed,
  setClientSeed,
  spinSlot,
  verifyRound,
} from '@tessera/contract/api/house-games';
import { paytableOf } from '@tessera/house-engine/slots/catalogue';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { AppError } from '../../platform/app-error.js';
import type { WalletService } from '../wallet/service.js';
import { installHouseGamesClient } from './client-app.js';
import { houseSlotByCode } from './games.js';
import type { MinesRounds } from './mines-rounds.js';
import { houseOriginalsRoutes } from './originals-routes.js';
import type { HouseVendor } from './service.js';
import { openHouseSession } from './session-opening.js';
import type { GameSessions } from './sessions.js';

const paytableView = (game: Parameters<typeof paytableOf>[0]) => {
  const table = paytableOf(game);
  return { ...table, paylines: table.paylines.map((line) => [...line]) };
};

/** The house-games client and the house vendor's calls: game session exchange, slot spins, provably fair seeds and round verification. */
export async function houseVendorRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    db,
    houseGamesDist,
    houseVendor: house,
    gameSessions,
    wallet,
    minesRounds,
  }: {
    db: Kysely<Database>;
    houseGamesDist: string;
    houseVendor: HouseVendor;
    gameSessions: GameSessions;
    wallet: WalletService;
    minesRounds: MinesRounds;
  },
) {
  await installHouseGamesClient(app, houseGamesDist);

  registerCall(app, http, openHouseGameSession, async (request) => {
    const { game: slot, opened } = await openHouseSession({ db, wallet, house }, request, houseSlotByCode);
    return {
      ...opened,
      gameCode: slot.gameCode,
      paytable: paytableView(slot.game),
      limits: { minBet: slot.minBet.toString(), maxBet: slot.maxBet.toString(), multipleOf: slot.game.paylines.length },
      minSpinMs: request.siteSettings.games.minSlotRoundMs,
    };
  });

  registerCall(app, http, spinSlot, async (request) => {
    const player = await gameSessions.uncheckedPlayerOf(request);
    if (player.gameCode !== undefined && player.gameCode !== request.body.gameCode) throw new AppError('game.session.invalid');
    return gameSessions.settle(player, () => house.spin(request.merchantCode, player.memberId, request.body, player.liveCheck));
  });

  houseOriginalsRoutes(app, http, { db, houseVendor: house, gameSessions, wallet, minesRounds });

  registerCall(app, http, getFairness, async (request) =>
    house.fairness(request.merchantCode, (await gameSessions.playerOf(request)).memberId),
  );

  registerCall(app, http, setClientSeed, async (request) =>
    house.setClientSeed(request.merchantCode, (await gameSessions.playerOf(request)).memberId, request.body.clientSeed),
  );

  registerCall(app, http, rotateSeed, async (request) =>
    house.rotate(request.merchantCode, (await gameSessions.playerOf(request)).memberId, request.body.clientSeed),
  );

  registerCall(app, http, verifyRound, async (request) =>
    house.verify(request.merchantCode, (await gameSessions.playerOf(request)).memberId, BigInt(request.query.roundId)),
  );
}
