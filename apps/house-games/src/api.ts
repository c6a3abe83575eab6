import type { Fairness, HouseGameSession, HouseRound, RevealedSeed, RoundVerification } from '@tessera/contract/api/house-games';
import type { ErrorValue } from '@tessera/contract/envelope';

/** The contract's paths, repeated as constants so no schema code enters the bundle. */
const PATHS = {
  session: '/wps/house-games/session',
  spin: '/wps/house-games/slots/spin',
  fairness: '/wps/house-games/fairness',
  rotate: '/wps/house-games/fairness/rotate',
  verify: '/wps/house-games/rounds/verify',
} as const;

export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    /** Field errors with parameters (e.g. a stake's limits), when the server sent them. */
    readonly value: ErrorValue = null,
  ) {
    super(code);
  }
}

let credentials: { merchant: string; session?: string } = { merchant: '' };

/** The Merchant header and game session every later call sends (the lottery page sets them too). */
export function setCredentials(next: { merchant: string; session?: string }) {
  credentials = next;
}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { merchant: credentials.merchant };
  if (credentials.session) headers['x-game-session'] = credentials.session;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await res.json().catch(() => null)) as { success: boolean; value: T; code: string } | null;
  if (!envelope?.success) throw new ApiError(envelope?.code ?? 'network', res.status, (envelope?.value as ErrorValue) ?? null);
  return envelope.value;
}

export async function openSession(merchant: string, ticket: string): Promise<HouseGameSession> {
  credentials = { merchant };
  const session = await call<HouseGameSession>('POST', PATHS.session, { ticket });
  credentials = { merchant: session.merchantCode, session: session.sessionToken };
  return session;
}

export const spin = (gameCode: string, bet: string, clientRoundId: string) =>
  call<{ round: HouseRound; balance: string; replayed: boolean }>('POST', PATHS.spin, { gameCode, bet, clientRoundId });

export const fairness = () => call<Fairness>('GET', PATHS.fairness);
export const rotate = () => call<{ revealed: RevealedSeed; fairness: Fairness }>('POST', PATHS.rotate, {});
export const verify = (roundId: string) =>
  call<RoundVerification>('GET', `${PATHS.verify}?roundId=${encodeURIComponent(roundId)}`);
