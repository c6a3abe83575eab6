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
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { resolveLanguage } from '../catalogue/language.js';
import { playerOf } from '../house-vendor/routes.js';
import { exchangeTicket } from '../house-vendor/sessions.js';
import { WalletService } from '../wallet/service.js';
import { gameView } from './games.js';
import { registerLotteryJobs } from './jobs.js';
import { LotteryMenus } from './menus.js';
import { LotteryService } from './service.js';

const languageOf = (request: FastifyRequest, parameter: string | undefined) =>
  resolveLanguage(parameter, request.headers[HEADERS.language], request.siteSettings.product);

/** A game session is bound to one game: it may act only on that game. */
async function lotteryPlayer(services: AppServices, request: FastifyRequest, gameCode?: string) {
  const player = await playerOf(services, request);
  if (player.gameCode !== undefined && gameCode !== undefined && player.gameCode !== gameCode) {
    throw new AppError('game.session.invalid');
  }
  return player;
}

/** The house lotteries (issue 6 item 4): session exchange, games, draws, slips, tickets, and the spec §7.3 reads. */
export function lotteryRoutes(app: FastifyInstance, services: AppServices) {
  const lottery = new LotteryService(services.db, { drawIntervalSeconds: services.config.lotteryDrawIntervalSeconds });
  const menus = new LotteryMenus(services.db, lottery);
  const wallet = new WalletService(services.db);
  registerLotteryJobs(services.jobs, lottery);
  // Every instance makes sure the next draws exist when it starts; afterwards each draw job schedules the next. A
  // failure here (database not ready) must not stop the server: the current-draw read schedules again on demand.
  app.addHook('onReady', async () => {
    await lottery.ensureSchedule().catch((err: unknown) => app.log.error({ err }, 'lottery draws not scheduled at start'));
  });

  registerCall(app, services, openLotterySession, async (request) => {
    const session = await exchangeTicket(services.db, request.merchantCode, request.body.ticket);
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

  registerCall(app, services, listLotteryGames, async () => ({ games: lottery.games().map(gameView) }));

  registerCall(app, services, getCurrentDraw, async (request) => lottery.current(request.query.gameCode));

  registerCall(app, services, listLotteryResults, async (request) =>
    lottery.results(request.query.gameCode, request.query.page ?? 1, request.query.size ?? 20),
  );

  registerCall(app, services, getLotteryDraw, async (request) => lottery.draw(BigInt(request.query.drawId)));

  registerCall(app, services, placeLotterySlip, async (request) => {
    const player = await lotteryPlayer(services, request, request.body.gameCode);
    return lottery.placeSlip(request.merchantCode, player.memberId, request.body);
  });

  registerCall(app, services, listLotteryTickets, async (request) => {
    const { query } = request;
    const player = await lotteryPlayer(services, request, query.gameCode);
    const filter = {
      merchant: request.merchantCode,
      memberId: player.memberId,
      gameCode: query.gameCode ?? player.gameCode,
      ...(query.drawId ? { drawId: BigInt(query.drawId) } : {}),
      status: query.status ?? 'all',
    };
    return lottery.tickets(filter, query.page ?? 1, query.size ?? 20);
  });

  registerCall(app, services, lotteryGameMenu, async (request) => ({
    list: await menus.menu(request.merchantCode, languageOf(request, request.query.language), request.query.prizeMode),
  }));

  registerCall(app, services, recentLotteryGameMenu, async (request) => {
    if (!request.session) throw new AppError('login.not.session');
    const language = languageOf(request, request.query.language);
    return { list: await menus.recent(request.merchantCode, request.session.memberId, language, request.query.prizeMode) };
  });

  registerCall(app, services, openedNumerosOfGame, async (request) => ({
    list: await menus.openedNumeros(request.query.gameCode, request.query.count ?? 100),
  }));

  registerCall(app, services, latestOpenedNumeros, async (request) => ({
    list: await menus.latestOpened(request.query.gameCode),
  }));
}
