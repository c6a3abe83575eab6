import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import * as routes from '../routes/agents.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { MinorAmount, NonNegativeMinorAmount, signedMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * The agent centre (spec 2.5, §6): an agent's own figures and downline. Every call answers agents (types 1, 2, 41,
 * 42) only; any other account gets 403 `agent.not.agent` ('Non-agents cannot log in'). The downline is the whole
 * tree under the agent, any depth: level 1 is a direct downline, level 2 theirs, and so on.
 */

const TAGS = ['agents'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day (YYYY-MM-DD) in the report time zone' });

export const AgentCentre = Type.Object({
  account: Type.String(),
  agentType: Type.Integer(),
  inviteCode: Type.Union([Type.String(), Type.Null()], { description: 'The agent’s active affiliate code, null if none' }),
  teamSize: Type.Integer({ minimum: 0, description: 'Everyone under the agent, any level' }),
  directCount: Type.Integer({ minimum: 0, description: 'Direct downline (level 1)' }),
  showsBalance: Type.Boolean({ description: 'The merchant lets agents see their downline’s balances' }),
});
export type AgentCentre = Static<typeof AgentCentre>;

export const agentCentre = defineCall(routes.agentCentre, {
  tags: TAGS,
  summary: 'The agent centre’s header: the agent, their invite code, team size and what the merchant lets agents see',
  value: AgentCentre,
});

export const TeamOverviewQuery = Type.Object({ fromDay: Day, toDay: Day }, { additionalProperties: false });

const TeamFigures = {
  newMembers: Type.Integer({ minimum: 0, description: 'Downline accounts created in the range' }),
  firstDeposits: Type.Integer({ minimum: 0, description: 'Downline members whose first deposit fell in the range' }),
  deposits: NonNegativeMinorAmount,
  depositCount: Type.Integer({ minimum: 0 }),
  withdrawals: NonNegativeMinorAmount,
  withdrawalCount: Type.Integer({ minimum: 0 }),
  validBets: MinorAmount,
  betCount: Type.Integer({ minimum: 0 }),
  profit: signedMinorAmount('The team’s profit and loss: payouts less valid bets'),
};

export const TeamOverview = Type.Object({
  fromDay: Day,
  toDay: Day,
  timeZone: Type.String(),
  teamSize: Type.Integer({ minimum: 0, description: 'Everyone under the agent now' }),
  activeMembers: Type.Integer({ minimum: 0, description: 'Downline members with a bet in the range' }),
  totals: Type.Object(TeamFigures),
  days: Type.Array(Type.Object({ day: Day, ...TeamFigures }), { description: 'Every day of the range, oldest first' }),
});
export type TeamOverview = Static<typeof TeamOverview>;

export const teamOverview = defineCall(routes.teamOverview, {
  tags: TAGS,
  summary: `The team overview for a range of days (at most ${routes.TEAM_OVERVIEW_MAX_DAYS}): sizes, money and bets of the downline`,
  querystring: TeamOverviewQuery,
  value: TeamOverview,
});

export const TeamMember = Type.Object({
  id: RowId,
  account: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  level: Type.Integer({ minimum: 1, description: '1 = direct downline' }),
  agentType: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('frozen')]),
  createdAt: EpochMs('When the account was created'),
  lastLoginAt: Type.Union([EpochMs('The last login'), Type.Null()]),
  balance: Type.Union([NonNegativeMinorAmount, Type.Null()], { description: 'Main wallet; null unless the merchant allows it' }),
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamMembersQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 64, description: 'An account name prefix' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    pageSize: Type.Optional(Type.Enum(routes.TEAM_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type TeamMembersQuery = Static<typeof TeamMembersQuery>;

export const teamMembers = defineCall(routes.teamMembers, {
  tags: TAGS,
  summary: 'The downline, any level, searchable by account prefix, nearest levels first, paged',
  querystring: TeamMembersQuery,
  value: Type.Object({ members: Type.Array(TeamMember), total: Type.Integer({ minimum: 0 }), showsBalance: Type.Boolean() }),
});

export const TeamMemberDetail = Type.Object({
  member: TeamMember,
  chain: Type.Array(Type.String(), { description: 'Accounts from the agent down to the member’s direct upline' }),
  directCount: Type.Integer({ minimum: 0 }),
  teamSize: Type.Integer({ minimum: 0 }),
});
export type TeamMemberDetail = Static<typeof TeamMemberDetail>;

export const teamMember = defineCall(routes.teamMember, {
  tags: TAGS,
  summary: 'One downline member: their place in the tree and their own downline (404 for anyone not in the agent’s team)',
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: TeamMemberDetail,
});

export const RegisterDownlineBody = Type.Object(
  {
    kind: Type.Enum(routes.DOWNLINE_KINDS, { description: 'A member, or a sub-agent of the agent’s own type' }),
    username: Type.String({ maxLength: 64 }),
    password: Type.String({ maxLength: 128 }),
    confirmPassword: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type RegisterDownlineBody = Static<typeof RegisterDownlineBody>;

export const registerDownline = defineCall(routes.registerDownline, {
  tags: TAGS,
  summary: 'Creates a direct downline member or sub-agent (encrypted entry; the sign-up rules of account name and password)',
  body: RegisterDownlineBody,
  value: TeamMember,
});

const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 }));
const ReportPageSize = Type.Optional(
  Type.Enum(routes.AGENT_REPORT_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 20 }),
);
const AccountPrefix = Type.Optional(Type.String({ maxLength: 64, description: 'An account name prefix' }));

export const AgentNotice = Type.Object({
  id: RowId,
  title: Type.String(),
  content: Type.String({ description: 'Sanitised HTML' }),
  time: EpochMs('Published'),
});
export type AgentNotice = Static<typeof AgentNotice>;

export const agentNotices = defineCall(routes.agentNotices, {
  tags: TAGS,
  summary: 'Notices the operator wrote for agents, live now, newest first, paged',
  querystring: Type.Object({ page: Page }, { additionalProperties: false }),
  value: Type.Object({ notices: Type.Array(AgentNotice), total: Type.Integer({ minimum: 0 }) }),
});

export const agentNotice = defineCall(routes.agentNotice, {
  tags: TAGS,
  summary: 'One live agent notice (404 notice.not.found otherwise)',
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: AgentNotice,
});

/** The days a team report covers, in the zone its days are counted in. */
const ReportDays = { fromDay: Day, toDay: Day, timeZone: Type.String() };
/** A team report's page of rows, how many rows there are, and the figures summed over all of them. */
const reportRows = <Row extends TSchema, Figures extends TProperties>(row: Row, figures: Figures) => ({
  rows: Type.Array(row),
  total: Type.Integer({ minimum: 0 }),
  totals: Type.Object(figures),
});

export const TeamBettingQuery = Type.Object(
  {
    fromDay: Day,
    toDay: Day,
    groupBy: Type.Optional(Type.Enum(routes.TEAM_BET_GROUPINGS, { default: 'member' })),
    q: AccountPrefix,
    page: Page,
    pageSize: ReportPageSize,
  },
  { additionalProperties: false },
);
export type TeamBettingQuery = Static<typeof TeamBettingQuery>;

const BetFigures = {
  betCount: Type.Integer({ minimum: 0 }),
  validBets: MinorAmount,
  payout: NonNegativeMinorAmount,
  profit: signedMinorAmount('The players’ result: payouts less valid bets'),
};

export const TeamBetRow = Type.Object({
  key: Type.String({ description: 'Member id, vendor, or vendor:game' }),
  label: Type.String({ description: 'Account, vendor or game name' }),
  vendor: Type.Union([Type.String(), Type.Null()]),
  ...BetFigures,
});
export type TeamBetRow = Static<typeof TeamBetRow>;

export const TeamBetting = Type.Object({
  ...ReportDays,
  groupBy: Type.Enum(routes.TEAM_BET_GROUPINGS),
  ...reportRows(TeamBetRow, BetFigures),
});
export type TeamBetting = Static<typeof TeamBetting>;

export const teamBetting = defineCall(routes.teamBetting, {
  tags: TAGS,
  summary: 'Real-money bets of the downline in a range of days, by member, game or vendor, largest valid bets first, paged',
  querystring: TeamBettingQuery,
  value: TeamBetting,
});

export const UserProfitQuery = Type.Object(
  {
    fromDay: Day,
    toDay: Day,
    q: AccountPrefix,
    sort: Type.Optional(Type.Enum(routes.USER_PROFIT_SORTS, { default: 'validBets' })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    page: Page,
    pageSize: ReportPageSize,
  },
  { additionalProperties: false },
);
export type UserProfitQuery = Static<typeof UserProfitQuery>;

const ProfitFigures = {
  deposits: NonNegativeMinorAmount,
  withdrawals: NonNegativeMinorAmount,
  betCount: Type.Integer({ minimum: 0 }),
  validBets: MinorAmount,
  payout: NonNegativeMinorAmount,
  profit: signedMinorAmount('Win/loss: payouts less valid bets'),
  bonuses: NonNegativeMinorAmount,
};

export const UserProfitRow = Type.Object({ id: RowId, account: Type.String(), ...ProfitFigures });
export type UserProfitRow = Static<typeof UserProfitRow>;

export const UserProfit = Type.Object({ ...ReportDays, ...reportRows(UserProfitRow, ProfitFigures) });
export type UserProfit = Static<typeof UserProfit>;

export const userProfit = defineCall(routes.userProfit, {
  tags: TAGS,
  summary: 'Profit and loss per downline member with money moves in a range of days (the team of that period), sorted, paged',
  querystring: UserProfitQuery,
  value: UserProfit,
});

export const AccountDetailsQuery = Type.Object(
  {
    fromDay: Day,
    toDay: Day,
    type: Type.Optional(Type.Enum(routes.ACCOUNT_DETAIL_TYPES)),
    member: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One downline member’s account' })),
    page: Page,
    pageSize: ReportPageSize,
  },
  { additionalProperties: false },
);
export type AccountDetailsQuery = Static<typeof AccountDetailsQuery>;

export const AccountDetail = Type.Object({
  txId: RowId,
  account: Type.String({ description: 'The downline member whose account moved' }),
  type: Type.Enum(routes.ACCOUNT_DETAIL_TYPES),
  state: Type.Union([Type.Literal('pending'), Type.Literal('posted'), Type.Literal('voided')]),
  time: EpochMs('When it was made'),
  amount: signedMinorAmount('Into the member’s account (positive) or out of it (negative)'),
});
export type AccountDetail = Static<typeof AccountDetail>;

export const accountDetails = defineCall(routes.accountDetails, {
  tags: TAGS,
  summary: `The downline’s deposits, withdrawals, transfers and bonuses in a range of days (at most ${routes.ACCOUNT_DETAILS_MAX_DAYS}), newest first, paged`,
  querystring: AccountDetailsQuery,
  value: Type.Object({ rows: Type.Array(AccountDetail), total: Type.Integer({ minimum: 0 }), timeZone: Type.String() }),
});
