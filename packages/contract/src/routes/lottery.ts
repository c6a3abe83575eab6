import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/lottery.ts, as plain data the browser imports without the schema
 * library (`import * as lotteryRoutes from '@tessera/contract/routes/lottery'`; unused routes drop out of the bundle).
 */

export const openLotterySession = {
  id: 'lottery.session',
  method: 'POST',
  path: '/wps/lottery/session',
  auth: 'none',
} as const satisfies CallRoute;

export const listLotteryGames = {
  id: 'lottery.games',
  method: 'GET',
  path: '/wps/lottery/games',
  auth: 'none',
} as const satisfies CallRoute;

export const getCurrentDraw = {
  id: 'lottery.currentDraw',
  method: 'GET',
  path: '/wps/lottery/draws/current',
  auth: 'none',
} as const satisfies CallRoute;

export const listLotteryResults = {
  id: 'lottery.results',
  method: 'GET',
  path: '/wps/lottery/draws/results',
  auth: 'none',
} as const satisfies CallRoute;

export const getLotteryDraw = {
  id: 'lottery.draw',
  method: 'GET',
  path: '/wps/lottery/draws/draw',
  auth: 'none',
} as const satisfies CallRoute;

export const placeLotterySlip = {
  id: 'lottery.placeSlip',
  method: 'POST',
  path: '/wps/lottery/slips',
  auth: 'optional',
} as const satisfies CallRoute;

export const listLotteryTickets = {
  id: 'lottery.tickets',
  method: 'GET',
  path: '/wps/lottery/tickets',
  auth: 'optional',
} as const satisfies CallRoute;

export const lotteryGameMenu = {
  id: 'lottery.gameMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  auth: 'none',
} as const satisfies CallRoute;

export const recentLotteryGameMenu = {
  id: 'lottery.gameMenuRecent',
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  auth: 'token',
} as const satisfies CallRoute;

export const openedNumerosOfGame = {
  id: 'lottery.openedNumeros',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  auth: 'none',
} as const satisfies CallRoute;

export const latestOpenedNumeros = {
  id: 'lottery.latestOpened',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  auth: 'none',
} as const satisfies CallRoute;
