import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * The back office's player calls (api/back-office-players.ts): search, the player page and its tables, and the
 * actions on an account. Reads need `players.view`, actions `players.manage`; mobile, e-mail and bank account
 * numbers come masked unless the role has `players.pii`.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The page sizes the player lists offer. */
export const PLAYER_PAGE_SIZES = [25, 50, 100] as const;
/** What a player search looks in: the account name by prefix, the others by the whole value. */
export const PLAYER_SEARCH_KEYS = ['account', 'mobile', 'email', 'ip', 'bank'] as const;
export const PLAYER_SORTS = ['account', 'createdAt', 'lastLoginAt'] as const;
/** The tables of the player page. */
export const PLAYER_TABLES = ['transfers', 'bets', 'deposits', 'withdrawals', 'sessions', 'devices', 'notes'] as const;
export type PlayerTable = (typeof PLAYER_TABLES)[number];
/** The columns of each table, in order; the CSV export has the same ones. */
export const PLAYER_TABLE_COLUMNS: Record<PlayerTable, readonly string[]> = {
  transfers: ['id', 'time', 'kind', 'account', 'direction', 'amount', 'balanceAfter', 'state', 'cause'],
  bets: ['time', 'game', 'vendor', 'round', 'stake', 'win', 'status', 'playMoney'],
  deposits: ['id', 'time', 'channel', 'amount', 'status', 'reference', 'decidedBy'],
  withdrawals: ['id', 'time', 'amount', 'payoutAccount', 'status', 'decidedBy'],
  sessions: ['time', 'ip', 'expiresAt', 'endedAt', 'endReason'],
  devices: ['ip', 'firstSeen', 'lastSeen'],
  notes: ['time', 'author', 'text'],
};
/** The agent types an operator may give: member, the agent kinds (trial accounts come from free play). */
export const SETTABLE_AGENT_TYPES = [0, 1, 2, 41, 42] as const;
export const NOTE_MAX_LENGTH = 2000;

const route = <const Id extends string, const M extends 'GET' | 'POST', const P extends string>(
  id: Id,
  method: M,
  path: P,
  permission: 'players.view' | 'players.manage',
) => ({ id, method, path, auth: 'staff', permission }) as const satisfies BackOfficeRoute;

export const playerSearch = route('bo.players.search', 'GET', '/bo/api/players', 'players.view');
export const playerSearchExport = route('bo.players.export', 'GET', '/bo/api/players/export', 'players.view');
export const player = route('bo.player', 'GET', '/bo/api/player', 'players.view');
export const playerRows = route('bo.player.rows', 'GET', '/bo/api/player/rows', 'players.view');
export const playerRowsExport = route('bo.player.rows.export', 'GET', '/bo/api/player/rows/export', 'players.view');
export const playerLock = route('bo.player.lock', 'POST', '/bo/api/player/lock', 'players.manage');
export const playerRequirePasswordChange = route(
  'bo.player.require-password-change',
  'POST',
  '/bo/api/player/require-password-change',
  'players.manage',
);
export const playerSetType = route('bo.player.set-type', 'POST', '/bo/api/player/type', 'players.manage');
export const playerForgetAddresses = route(
  'bo.player.forget-addresses',
  'POST',
  '/bo/api/player/forget-addresses',
  'players.manage',
);
export const playerResetTwoFactor = route(
  'bo.player.two-factor.reset',
  'POST',
  '/bo/api/player/two-factor/reset',
  'players.manage',
);
export const playerLiftTimeOut = route('bo.player.lift-time-out', 'POST', '/bo/api/player/lift-time-out', 'players.manage');
export const playerAddNote = route('bo.player.notes.add', 'POST', '/bo/api/player/notes', 'players.manage');
