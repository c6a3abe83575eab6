import type { OriginalRound } from '@tessera/contract/api/house-games';
import type { OriginalChoice, OriginalSession } from '@tessera/contract/api/house-originals';
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
