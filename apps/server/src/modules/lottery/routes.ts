import {
  getCurrentDraw,
  getLotteryDraw,
  latestOpenedNumeros,
  listLotteryGames,
  listLotteryResults,
  listLotteryTickets,
  lotteryGameMenu,
  openedNumerosOfGame,
  openLotterySession,
  placeLotterySlip,
  recentLotteryGameMenu,
} from '@tessera/contract/api/lottery';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { answerLanguage, memberOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { exchangeTicket, type GameSessions } from '../house-vendor/sessions.js';
import type { WalletService } from '../wallet/service.js';
import { gameView } from './games.js';
import type { LotteryMenus } from './menus.js';
import type { LotteryService } from './service.js';

/** A game session is bound to one game: it may act only on that game. */
async function lotteryPlayer(gameSessions: GameSessions, request: FastifyRequest, gameCode?: string) {
  const player = await gameSessions.playerOf(request);
  if (player.gameCode !== undefined && gameCode !== undefined && player.gameCode !== gameCode) {
    throw new AppError('game.session.invalid');
  }
  return player;
}

/** The house lotteries: session exchange, games, draws, slips, tickets, and the spec §7.3 reads. */
export function lotteryRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    db,
    lottery,
    lotteryMenus: menus,
    gameSessions,
    wallet,
  }: {
    db: Kysely<Database>;
    lottery: LotteryService;
    lotteryMenus: LotteryMenus;
    gameSessions: GameSessions;
    wallet: WalletService;
  },
) {
  registerCall(app, http, openLotterySession, async (request) => {
    const session = await exchangeTicket(db, request.merchantCode, request.body.ticket);
    const game = session && lottery.game(session.gameCode);
    if (!session || !game) throw new AppError('game.session.invalid');
    // The wallet read also hands a trial account its play money on first use.
    const balance = await wallet.balance(request.merchantCode, session.memberId, request.siteSettings);
    const currency = request.siteSettings.product.currency;
    return {
      sessionToken: session.sessionToken,
      expiresAt: session.expiresAt.getTime(),
      merchantCode: request.merchantCode,
      gameCode: game.gameCode,
      game: gameView(game),
      balance: balance.balance[0]?.availBalance ?? '0',
      playMoney: balance.playMoney,
      currency: { code: currency.code, symbol: currency.symbol, minorDigits: currency.minorDigits },
    };
  });

  registerCall(app, http, listLotteryGames, async () => ({ games: lottery.games().map(gameView) }));

  registerCall(app, http, getCurrentDraw, async (request) => lottery.current(request.query.gameCode));

  registerCall(app, http, listLotteryResults, async (request) =>
    lottery.results(request.query.gameCode, request.query.page ?? 1, request.query.size ?? 20),
  );

  registerCall(app, http, getLotteryDraw, async (request) => lottery.draw(BigInt(request.query.drawId)));

  registerCall(app, http, placeLotterySlip, async (request) => {
    const player = await lotteryPlayer(gameSessions, request, request.body.gameCode);
    return lottery.placeSlip(request.merchantCode, player.memberId, request.body);
  });

  registerCall(app, http, listLotteryTickets, async (request) => {
    const { query } = request;
    const player = await lotteryPlayer(gameSessions, request, query.gameCode);
    const filter = {
      merchant: request.merchantCode,
      memberId: player.memberId,
      gameCode: query.gameCode ?? player.gameCode,
      ...(query.drawId ? { drawId: BigInt(query.drawId) } : {}),
      status: query.status ?? 'all',
    };
    return lottery.tickets(filter, query.page ?? 1, query.size ?? 20);
  });

  registerCall(app, http, lotteryGameMenu, async (request) => ({
    list: await menus.menu(request.merchantCode, answerLanguage(request, request.query.language), request.query.prizeMode),
  }));

  registerCall(app, http, recentLotteryGameMenu, async (request) => {
    const language = answerLanguage(request, request.query.language);
    return { list: await menus.recent(request.merchantCode, memberOf(request), language, request.query.prizeMode) };
  });

  registerCall(app, http, openedNumerosOfGame, async (request) => ({
    list: await menus.openedNumeros(request.query.gameCode, request.query.count ?? 100),
  }));

  registerCall(app, http, latestOpenedNumeros, async (request) => ({
    list: await menus.latestOpened(request.query.gameCode),
  }));
}
