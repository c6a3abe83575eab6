import {
  cashOutMines,
  openMinesRound,
  openOriginalSession,
  playOriginal,
  revealMine,
  startMines,
} from '@tessera/contract/api/house-originals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { AppError } from '../../platform/app-error.js';
import type { WalletService } from '../wallet/service.js';
import type { MinesRounds } from './mines-rounds.js';
import { hasOpenRounds, houseOriginalByCode, MAX_AUTO_ROUNDS } from './originals.js';
import type { HouseVendor } from './service.js';
import { openHouseSession } from './session-opening.js';
import type { GameSessions } from './sessions.js';

/** The instant games' calls: the game session exchange and a round. Fairness and verification are the slots' calls. */
export function houseOriginalsRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    db,
    houseVendor: house,
    gameSessions,
    wallet,
    minesRounds: mines,
  }: {
    db: Kysely<Database>;
    houseVendor: HouseVendor;
    gameSessions: GameSessions;
    wallet: WalletService;
    minesRounds: MinesRounds;
  },
) {
  registerCall(app, http, openOriginalSession, async (request) => {
    const { game: original, opened } = await openHouseSession({ db, wallet, house }, request, houseOriginalByCode);
    const { games } = request.siteSettings;
    return {
      ...opened,
      gameCode: original.gameCode,
      game: original.game,
      houseEdge: original.houseEdge,
      limits: { minBet: original.minBet.toString(), maxBet: original.maxBet.toString() },
      minRoundMs: games.minSlotRoundMs,
      autoBet: { allowed: (games.autoBet ?? true) && !hasOpenRounds(original), maxRounds: MAX_AUTO_ROUNDS },
    };
  });

  registerCall(app, http, playOriginal, async (request) => {
    const player = await gameSessions.uncheckedPlayerOf(request);
    if (player.gameCode !== undefined && player.gameCode !== request.body.gameCode) throw new AppError('game.session.invalid');
    const autoBetAllowed = request.siteSettings.games.autoBet ?? true;
    return gameSessions.settle(player, () =>
      house.playOriginal(request.merchantCode, player.memberId, request.body, { autoBetAllowed, liveCheck: player.liveCheck }),
    );
  });

  /** A mines call's member: a game session must be the one of the game named (the site token may name any). */
  const minesPlayer = async (request: FastifyRequest, gameCode: string) => {
    const player = await gameSessions.playerOf(request);
    if (player.gameCode !== undefined && player.gameCode !== gameCode) throw new AppError('game.session.invalid');
    return player.memberId;
  };

  registerCall(app, http, startMines, async (request) =>
    mines.start(request.merchantCode, await minesPlayer(request, request.body.gameCode), request.body),
  );
  registerCall(app, http, revealMine, async (request) =>
    mines.reveal(request.merchantCode, await minesPlayer(request, request.body.gameCode), request.body),
  );
  registerCall(app, http, cashOutMines, async (request) =>
    mines.cashOut(request.merchantCode, await minesPlayer(request, request.body.gameCode), request.body),
  );
  registerCall(app, http, openMinesRound, async (request) =>
    mines.current(request.merchantCode, await minesPlayer(request, request.query.gameCode), request.query.gameCode),
  );
}
