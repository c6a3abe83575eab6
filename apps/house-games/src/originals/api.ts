import type { OriginalRound } from '@tessera/contract/api/house-games';
import type { MinesAnswer, OriginalChoice, OriginalSession } from '@tessera/contract/api/house-originals';
import { call, setCredentials } from '../api.js';

/** The contract's paths (api/house-originals.ts), repeated so no schema code enters the bundle. */
const PATHS = {
  session: '/wps/house-games/originals/session',
  play: '/wps/house-games/originals/play',
} as const;

export async function openOriginalSession(merchant: string, ticket: string): Promise<OriginalSession> {
  setCredentials({ merchant });
  const session = await call<OriginalSession>('POST', PATHS.session, { ticket });
  setCredentials({ merchant: session.merchantCode, session: session.sessionToken });
  return session;
}

export const playRound = (body: {
  gameCode: string;
  bet: string;
  clientRoundId: string;
  choice: OriginalChoice;
  auto: boolean;
}) => call<{ round: OriginalRound; balance: string; replayed: boolean }>('POST', PATHS.play, body);

const MINES = '/wps/house-games/originals/mines';

export const openMinesRound = (gameCode: string) =>
  call<MinesAnswer>('GET', `${MINES}/open?gameCode=${encodeURIComponent(gameCode)}`);
export const startMines = (body: { gameCode: string; bet: string; mines: number; clientRoundId: string }) =>
  call<MinesAnswer>('POST', `${MINES}/start`, body);
export const revealMine = (body: { gameCode: string; roundId: string; tile: number }) =>
  call<MinesAnswer>('POST', `${MINES}/reveal`, body);
export const cashOutMines = (body: { gameCode: string; roundId: string }) => call<MinesAnswer>('POST', `${MINES}/cashout`, body);
