import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/winners.ts, as plain data the browser imports without the schema
 * library (`import * as winnersRoutes from '@tessera/contract/routes/winners'`; unused routes drop out of the bundle).
 */

export const getRankList = {
  id: 'winners.list',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getRankList',
  auth: 'none',
} as const satisfies CallRoute;
