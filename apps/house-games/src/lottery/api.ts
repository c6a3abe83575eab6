import type { LotteryBet, LotteryDraw, LotterySession, LotterySlip, LotteryTicket } from '@tessera/contract/api/lottery';
import { call, setCredentials } from '../api.js';

/** packages/contract/src/api/lottery.ts by path, so no schema code enters the bundle (api.test.ts checks them). */
export const LOTTERY_PATHS = {
  session: '/wps/lottery/session',
  current: '/wps/lottery/draws/current',
  results: '/wps/lottery/draws/results',
  slips: '/wps/lottery/slips',
  tickets: '/wps/lottery/tickets',
} as const;

export interface Paged<T> {
  content: T[];
  page: number;
  size: number;
  total: number;
}

export interface CurrentDraws {
  open: LotteryDraw | null;
  next: LotteryDraw | null;
  last: LotteryDraw | null;
  serverTime: number;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

export async function openLotterySession(merchant: string, ticket: string): Promise<LotterySession> {
  setCredentials({ merchant });
  const session = await call<LotterySession>('POST', LOTTERY_PATHS.session, { ticket });
  setCredentials({ merchant: session.merchantCode, session: session.sessionToken });
  return session;
}

export const currentDraws = (gameCode: string) => call<CurrentDraws>('GET', `${LOTTERY_PATHS.current}?${query({ gameCode })}`);

export const results = (gameCode: string, page: number, size: number) =>
  call<Paged<LotteryDraw>>('GET', `${LOTTERY_PATHS.results}?${query({ gameCode, page, size })}`);

export const myTickets = (gameCode: string, status: 'open' | 'settled' | 'all', page: number, size: number) =>
  call<Paged<LotteryTicket>>('GET', `${LOTTERY_PATHS.tickets}?${query({ gameCode, status, page, size })}`);

export const buySlip = (slip: {
  gameCode: string;
  drawId: string;
  clientSlipId: string;
  bets: { bet: LotteryBet; stake: string }[];
}) => call<{ slip: LotterySlip; balance: string; replayed: boolean }>('POST', LOTTERY_PATHS.slips, slip);
