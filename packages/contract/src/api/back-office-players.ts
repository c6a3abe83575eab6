import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-players.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { PlayerProtection } from './responsible-gaming.js';
import { RowId } from './row-id.js';

/** The back office's players: search, the player page and its tables, and the actions on an account. */

const TAGS = ['back-office'];
const bypassesGate = true;

const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 }));
const PageSize = Type.Optional(Type.Enum(routes.PLAYER_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 }));
const Order = Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }));
const Text = Type.Union([Type.String(), Type.Null()]);
const Csv = Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() });

/** The most rows one export holds; narrower filters export the rest. */
export const PLAYER_EXPORT_MAX = 10000;

const SearchFilter = {
  by: Type.Enum(routes.PLAYER_SEARCH_KEYS, { description: 'What to look in' }),
  q: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: '\\S',
    description: 'An account prefix, or the whole mobile, e-mail, IP or number',
  }),
  sort: Type.Optional(Type.Enum(routes.PLAYER_SORTS, { default: 'createdAt' })),
  order: Order,
};

const Masked = (what: string) =>
  Type.Union([Type.String(), Type.Null()], { description: `${what}, masked unless the role has players.pii` });

export const PlayerSummary = Type.Object({
  id: RowId,
  merchantCode: Type.String(),
  account: Type.String(),
  agentType: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('frozen')]),
  mobile: Masked('The mobile with its dial code'),
  email: Masked('The e-mail address'),
  createdAt: EpochMs('When the account was created'),
  lastLoginAt: Type.Union([EpochMs('The last login'), Type.Null()]),
  lastLoginIp: Text,
});
export type PlayerSummary = Static<typeof PlayerSummary>;

export const playerSearch = defineCall(routes.playerSearch, {
  tags: TAGS,
  bypassesGate,
  summary: 'Players by account prefix, mobile, e-mail, IP or bank account number, sorted and paged on the server',
  querystring: Type.Object({ ...SearchFilter, page: Page, pageSize: PageSize }, { additionalProperties: false }),
  value: Type.Object({ players: Type.Array(PlayerSummary), total: Type.Integer({ minimum: 0 }) }),
});

export const playerSearchExport = defineCall(routes.playerSearchExport, {
  tags: TAGS,
  bypassesGate,
  summary: `The same search as CSV text (up to ${PLAYER_EXPORT_MAX} rows)`,
  querystring: Type.Object(SearchFilter, { additionalProperties: false }),
  value: Csv,
});

const PlayerId = Type.Object({ id: RowId }, { additionalProperties: false });

export const PayoutAccount = Type.Object({
  type: Type.Union([Type.Literal('bank'), Type.Literal('ewallet')]),
  provider: Type.String(),
  holderName: Type.String(),
  accountNumber: Masked('The account number'),
  createdAt: EpochMs('When it was bound'),
  removedAt: Type.Union([EpochMs('When it was removed'), Type.Null()]),
});

export const Balance = Type.Object({
  kind: Type.String({ description: 'member_main, member_vendor, member_bonus, member_points' }),
  ref: Type.String({ description: 'The wallet (a vendor code for a game wallet)' }),
  balanceMinor: Type.String(),
  heldMinor: Type.String(),
});

export const PlayerProfile = Type.Object({
  ...PlayerSummary.properties,
  nickname: Text,
  language: Text,
  mobileVerified: Type.Boolean(),
  emailVerified: Type.Boolean(),
  passwordChangedAt: Type.Union([EpochMs('The last password change'), Type.Null()]),
  passwordChangeRequired: Type.Boolean(),
  hasPassword: Type.Boolean(),
  registration: Type.Record(Type.String(), Type.String()),
  balances: Type.Array(Balance),
  payoutAccounts: Type.Array(PayoutAccount),
  protection: PlayerProtection,
  knownAddresses: Type.Integer({ minimum: 0 }),
  twoFactorEnabled: Type.Boolean({ description: 'The player logs in with an authenticator code (Google code)' }),
});
export type PlayerProfile = Static<typeof PlayerProfile>;

export const player = defineCall(routes.player, {
  tags: TAGS,
  bypassesGate,
  summary: "A player's profile, balances, payout accounts and responsible-gaming state",
  querystring: PlayerId,
  value: PlayerProfile,
});

const RowsFilter = {
  id: RowId,
  table: Type.Enum(routes.PLAYER_TABLES),
  from: Type.Optional(EpochMs('Rows at or after this time')),
  to: Type.Optional(EpochMs('Rows before this time')),
  order: Order,
};

const Cell = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const playerRows = defineCall(routes.playerRows, {
  tags: TAGS,
  bypassesGate,
  summary:
    'One table of the player page (ledger transfers, bets, deposits, withdrawals, sessions, devices, notes) by time, paged on the server; bets cover at most 31 days',
  querystring: Type.Object({ ...RowsFilter, page: Page, pageSize: PageSize }, { additionalProperties: false }),
  value: Type.Object({
    columns: Type.Array(Type.String()),
    rows: Type.Array(Type.Array(Cell)),
    total: Type.Integer({ minimum: 0 }),
  }),
});

export const playerRowsExport = defineCall(routes.playerRowsExport, {
  tags: TAGS,
  bypassesGate,
  summary: `One table of the player page as CSV text (up to ${PLAYER_EXPORT_MAX} rows)`,
  querystring: Type.Object(RowsFilter, { additionalProperties: false }),
  value: Csv,
});

export const playerLock = defineCall(routes.playerLock, {
  tags: TAGS,
  bypassesGate,
  summary: 'Lock an account (signs it out at once, no login) or unlock it (and clear its failed logins)',
  body: Type.Object({ id: RowId, locked: Type.Boolean() }, { additionalProperties: false }),
  value: Type.Null(),
});

export const playerRequirePasswordChange = defineCall(routes.playerRequirePasswordChange, {
  tags: TAGS,
  bypassesGate,
  summary: 'The next password login must choose a new password',
  body: PlayerId,
  value: Type.Null(),
});

export const playerSetType = defineCall(routes.playerSetType, {
  tags: TAGS,
  bypassesGate,
  summary: 'Change the member type: 0 member; 1, 2, 41, 42 agents (trial accounts never change type)',
  body: Type.Object(
    { id: RowId, agentType: Type.Enum(routes.SETTABLE_AGENT_TYPES, { type: 'integer', minimum: 0, maximum: 42 }) },
    { additionalProperties: false },
  ),
  value: Type.Null(),
});

export const playerForgetAddresses = defineCall(routes.playerForgetAddresses, {
  tags: TAGS,
  bypassesGate,
  summary: "Reset the player's second factor: forget every known address, so the next login from any needs a code",
  body: PlayerId,
  value: Type.Null(),
});

export const playerResetTwoFactor = defineCall(routes.playerResetTwoFactor, {
  tags: TAGS,
  bypassesGate,
  summary: "Turn off the player's authenticator (Google code) and its recovery codes, for a player who lost both; audited",
  body: PlayerId,
  value: Type.Null(),
});

export const playerLiftTimeOut = defineCall(routes.playerLiftTimeOut, {
  tags: TAGS,
  bypassesGate,
  summary: "End the player's time-out; refused while a self-exclusion is in force or waiting",
  body: PlayerId,
  value: Type.Null(),
});

export const playerAddNote = defineCall(routes.playerAddNote, {
  tags: TAGS,
  bypassesGate,
  summary: 'A staff-only note on the player',
  body: Type.Object(
    { id: RowId, text: Type.String({ minLength: 1, maxLength: routes.NOTE_MAX_LENGTH }) },
    { additionalProperties: false },
  ),
  value: Type.Object({ id: RowId }),
});
