import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/lottery.ts, as plain data the browser imports without the schema library. */
export const lotteryRoutes = {
  openLotterySession: { id: 'lottery.session', method: 'POST', path: '/wps/lottery/session', auth: 'none' },
  listLotteryGames: { id: 'lottery.games', method: 'GET', path: '/wps/lottery/games', auth: 'none' },
  getCurrentDraw: { id: 'lottery.currentDraw', method: 'GET', path: '/wps/lottery/draws/current', auth: 'none' },
  listLotteryResults: { id: 'lottery.results', method: 'GET', path: '/wps/lottery/draws/results', auth: 'none' },
  getLotteryDraw: { id: 'lottery.draw', method: 'GET', path: '/wps/lottery/draws/draw', auth: 'none' },
  placeLotterySlip: { id: 'lottery.placeSlip', method: 'POST', path: '/wps/lottery/slips', auth: 'none' },
  listLotteryTickets: { id: 'lottery.tickets', method: 'GET', path: '/wps/lottery/tickets', auth: 'none' },
  lotteryGameMenu: { id: 'lottery.gameMenu', method: 'GET', path: '/lgw/vn/games/game_menu', auth: 'none' },
  recentLotteryGameMenu: { id: 'lottery.gameMenuRecent', method: 'GET', path: '/lgw/vn/games/game_menu/recent', auth: 'token' },
  openedNumerosOfGame: { id: 'lottery.openedNumeros', method: 'GET', path: '/lgw/vn/numeros/opened/game', auth: 'none' },
  latestOpenedNumeros: { id: 'lottery.latestOpened', method: 'GET', path: '/lotto/lgw/games/opened/numero', auth: 'none' },
} as const satisfies Record<string, CallRoute>;
