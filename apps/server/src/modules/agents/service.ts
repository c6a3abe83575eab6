import { AGENT_CENTRE_TYPES, TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type {
  AccountDetailsQuery,
  AgentCentre,
  RegisterDownlineBody,
  TeamBetting,
  TeamBettingQuery,
  TeamMember,
  TeamOverview,
  UserProfit,
  UserProfitQuery,
} from '@tessera/contract/api/agents';
import type { AgentMoveRow, AgentRow } from '@tessera/contract/api/back-office-agents';
import {
  ACCOUNT_DETAIL_TYPES,
  ACCOUNT_DETAILS_MAX_DAYS,
  AGENT_NOTICES_PER_PAGE,
  TEAM_OVERVIEW_MAX_DAYS,
} from '@tessera/contract/routes/agents';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { RequestContext } from '../accounts/login-session.js';
import { setUpline } from '../accounts/member-admin.js';
import type { RegistrationService } from '../accounts/registration.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import type { Audience, ContentService } from '../content/service.js';
import type { Ledger } from '../ledger/service.js';
import type { RecordsService, TeamRecordFilter } from '../records/service.js';
import type { ReportsService } from '../reports/service.js';
import * as repo from './repo.js';

type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.selectMember>>>;

const DAY_MS = 24 * 3600_000;
const MOVES_SHOWN = 50;
/**
 * Above this many members, a team's account details test the merchant's entries of the days one by one rather than
 * read each member's accounts (a test costs about what one account's read does, and entries of those kinds are rare).
 */
const LARGE_TEAM = 2_000;

const toMoveRow = (row: repo.MoveRow): AgentMoveRow => ({
  id: row.id.toString(),
  member: row.member,
  from: row.from_account,
  to: row.to_account,
  movedMembers: row.moved_members,
  reason: row.reason,
  by: row.actor,
  at: row.moved_at.getTime(),
});

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Whole days, first to last, at most `maxDays` of them; 400 `agent.range.invalid` otherwise. */
function checkedRange(fromDay: string, toDay: string, maxDays: number) {
  const from = dayNumber(fromDay);
  const to = dayNumber(toDay);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || to - from + 1 > maxDays) {
    throw new AppError('agent.range.invalid');
  }
  return { from, to };
}

/**
 * Agents and their downline (spec 2.5, §6): the tree is a closure table kept by triggers on `members`
 * (docs/decisions.md, "Agents"); this answers the agent centre, for agents only, and the back office's agents list
 * and audited moves.
 */
export class AgentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      registration: RegistrationService;
      reports: ReportsService;
      ledger: Ledger;
      content: ContentService;
      records: RecordsService;
    },
  ) {}

  /**
   * Every agent above the member, at any depth: whose messages and promotions for their downline reach the member;
   * read through `db` when given (a caller's transaction).
   */
  uplinesOf(memberId: bigint, db: Kysely<Database> = this.db): Promise<bigint[]> {
    return repo.selectUplines(db, memberId);
  }

  /** The calling member when they are an agent; 403 'Non-agents cannot log in' for anyone else. */
  private async agent(merchantCode: string, memberId: bigint): Promise<MemberRow> {
    const member = await repo.selectMember(this.db, merchantCode, memberId);
    if (!member || !AGENT_CENTRE_TYPES.includes(member.agent_type)) throw new AppError('agent.not.agent');
    return member;
  }

  async centre(merchantCode: string, memberId: bigint, showsBalance: boolean): Promise<AgentCentre> {
    const agent = await this.agent(merchantCode, memberId);
    const counts = await repo.countTeam(this.db, agent.id);
    const inviteCode = await repo.selectInviteCode(this.db, agent.id);
    return { account: agent.account, agentType: agent.agent_type, inviteCode, ...counts, showsBalance };
  }

  async overview(merchantCode: string, memberId: bigint, fromDay: string, toDay: string): Promise<TeamOverview> {
    const agent = await this.agent(merchantCode, memberId);
    const { from, to } = checkedRange(fromDay, toDay, TEAM_OVERVIEW_MAX_DAYS);
    const [{ teamSize }, team] = [
      await repo.countTeam(this.db, agent.id),
      await this.deps.reports.team(merchantCode, agent.id, fromDay, toDay),
    ];
    const byDay = new Map(team.days.map((row) => [row.day, row]));
    const days = Array.from({ length: to - from + 1 }, (_, index) => {
      const day = dayOf(from + index);
      const row = byDay.get(day);
      return {
        day,
        newMembers: Number(row?.new_members ?? 0n),
        firstDeposits: Number(row?.first_deposits ?? 0n),
        deposits: (row?.deposit_amount ?? 0n).toString(),
        depositCount: Number(row?.deposits ?? 0n),
        withdrawals: (row?.withdrawal_amount ?? 0n).toString(),
        withdrawalCount: Number(row?.withdrawals ?? 0n),
        validBets: (row?.stake ?? 0n).toString(),
        betCount: Number(row?.bets ?? 0n),
        profit: ((row?.payout ?? 0n) - (row?.stake ?? 0n)).toString(),
      };
    });
    const sum = (pick: (day: (typeof days)[number]) => string | number) =>
      days.reduce((total, day) => total + BigInt(pick(day)), 0n);
    return {
      fromDay,
      toDay,
      timeZone: team.timeZone,
      teamSize,
      activeMembers: team.activeMembers,
      totals: {
        newMembers: Number(sum((d) => d.newMembers)),
        firstDeposits: Number(sum((d) => d.firstDeposits)),
        deposits: sum((d) => d.deposits).toString(),
        depositCount: Number(sum((d) => d.depositCount)),
        withdrawals: sum((d) => d.withdrawals).toString(),
        withdrawalCount: Number(sum((d) => d.withdrawalCount)),
        validBets: sum((d) => d.validBets).toString(),
        betCount: Number(sum((d) => d.betCount)),
        profit: sum((d) => d.profit).toString(),
      },
      days,
    };
  }

  private async teamMemberOf(
    merchantCode: string,
    row: MemberRow & { depth: number },
    showsBalance: boolean,
  ): Promise<TeamMember> {
    const balance = showsBalance
      ? (await this.deps.ledger.balanceOf(merchantCode, { kind: 'member_main', memberId: row.id })).balance.toString()
      : null;
    return {
      id: row.id.toString(),
      account: row.account,
      nickname: row.nickname,
      level: row.depth,
      agentType: row.agent_type,
      status: row.status,
      createdAt: row.created_at.getTime(),
      lastLoginAt: row.last_login_at?.getTime() ?? null,
      balance,
    };
  }

  async team(
    merchantCode: string,
    memberId: bigint,
    query: { q?: string; page?: number; pageSize?: number },
    showsBalance: boolean,
  ) {
    const agent = await this.agent(merchantCode, memberId);
    const pageSize = query.pageSize ?? 20;
    const page = await repo.selectTeamPage(
      this.db,
      agent.id,
      (query.q ?? '').trim(),
      ((query.page ?? 1) - 1) * pageSize,
      pageSize,
    );
    const members: TeamMember[] = [];
    for (const row of page.rows) members.push(await this.teamMemberOf(merchantCode, row, showsBalance));
    return { members, total: page.total, showsBalance };
  }

  async teamMember(merchantCode: string, memberId: bigint, id: bigint, showsBalance: boolean) {
    const agent = await this.agent(merchantCode, memberId);
    const row = await repo.selectTeamMember(this.db, agent.id, id);
    if (!row) throw new AppError('agent.member.unknown');
    const chain = await repo.selectChainAbove(this.db, row.id, row.depth);
    const counts = await repo.countTeam(this.db, row.id);
    return {
      member: await this.teamMemberOf(merchantCode, row, showsBalance),
      chain: chain.map((link) => link.account).reverse(),
      ...counts,
    };
  }

  async registerDownline(ctx: RequestContext, memberId: bigint, body: RegisterDownlineBody): Promise<TeamMember> {
    const agent = await this.agent(ctx.merchantCode, memberId);
    const id = await this.deps.registration.registerDownline(ctx, { id: agent.id, agentType: agent.agent_type }, body);
    const row = await repo.selectTeamMember(this.db, agent.id, id);
    if (!row) throw new AppError('system.error');
    return this.teamMemberOf(ctx.merchantCode, row, false);
  }

  /** Notices the merchant wrote for agents, live now, in the reader's language. */
  async notices(audience: Audience, memberId: bigint, page: number) {
    await this.agent(audience.merchantCode, memberId);
    return this.deps.content.agentNotices(audience, page, AGENT_NOTICES_PER_PAGE, new Date());
  }

  async notice(audience: Audience, memberId: bigint, id: bigint) {
    await this.agent(audience.merchantCode, memberId);
    const notice = await this.deps.content.agentNotice(audience, id, new Date());
    if (!notice) throw new AppError('notice.not.found');
    return notice;
  }

  /**
   * Team betting: the real-money bets of the agent's team in the days, by member (everyone in the team during them,
   * from the member summaries), or by game or vendor (each bet counted for the agents above its member when it was
   * made, from the agent summaries).
   */
  async teamBetting(merchantCode: string, memberId: bigint, query: TeamBettingQuery, language: string): Promise<TeamBetting> {
    const agent = await this.agent(merchantCode, memberId);
    checkedRange(query.fromDay, query.toDay, TEAM_OVERVIEW_MAX_DAYS);
    const groupBy = query.groupBy ?? 'member';
    const pageSize = query.pageSize ?? 20;
    const offset = ((query.page ?? 1) - 1) * pageSize;
    const range = { fromDay: query.fromDay, toDay: query.toDay };
    const team = repo.teamDuringDays(agent.id, query.fromDay, query.toDay, this.deps.reports.zone);
    const figures = (sums: { bets: bigint; stake: bigint; payout: bigint }) => ({
      betCount: Number(sums.bets),
      validBets: sums.stake.toString(),
      payout: sums.payout.toString(),
      profit: (sums.payout - sums.stake).toString(),
    });
    if (groupBy === 'member') {
      const page = await this.deps.reports.teamMembers(merchantCode, team, range, {
        prefix: repo.accountPrefix(query.q ?? ''),
        betsOnly: true,
        sort: 'validBets',
        descending: true,
        offset,
        limit: pageSize,
      });
      return {
        ...range,
        timeZone: page.timeZone,
        groupBy,
        rows: page.rows.map((row) => ({
          key: row.member_id.toString(),
          label: row.account,
          vendor: null,
          ...figures(row),
        })),
        total: page.total,
        totals: figures(page.totals),
      };
    }
    const page = await this.deps.reports.teamGames(merchantCode, agent.id, range, groupBy, language, {
      offset,
      limit: pageSize,
    });
    return {
      ...range,
      timeZone: page.timeZone,
      groupBy,
      rows: page.rows.map((row) => ({ key: row.key, label: row.label, vendor: row.vendor, ...figures(row) })),
      total: page.total,
      totals: figures(page.totals),
    };
  }

  /** User P&L: per member of the agent's team during the days, their money in the range, sorted and paged. */
  async userProfit(merchantCode: string, memberId: bigint, query: UserProfitQuery): Promise<UserProfit> {
    const agent = await this.agent(merchantCode, memberId);
    checkedRange(query.fromDay, query.toDay, TEAM_OVERVIEW_MAX_DAYS);
    const pageSize = query.pageSize ?? 20;
    const range = { fromDay: query.fromDay, toDay: query.toDay };
    const page = await this.deps.reports.teamMembers(
      merchantCode,
      repo.teamDuringDays(agent.id, query.fromDay, query.toDay, this.deps.reports.zone),
      range,
      {
        prefix: repo.accountPrefix(query.q ?? ''),
        betsOnly: false,
        sort: query.sort ?? 'validBets',
        descending: (query.order ?? 'desc') === 'desc',
        offset: ((query.page ?? 1) - 1) * pageSize,
        limit: pageSize,
      },
    );
    const figures = (sums: Omit<(typeof page.rows)[number], 'member_id' | 'account'>) => ({
      deposits: sums.deposit_amount.toString(),
      withdrawals: sums.withdrawal_amount.toString(),
      betCount: Number(sums.bets),
      validBets: sums.stake.toString(),
      payout: sums.payout.toString(),
      profit: (sums.payout - sums.stake).toString(),
      bonuses: sums.bonus_amount.toString(),
    });
    return {
      ...range,
      timeZone: page.timeZone,
      rows: page.rows.map((row) => ({ id: row.member_id.toString(), account: row.account, ...figures(row) })),
      total: page.total,
      totals: figures(page.totals),
    };
  }

  /**
   * Account details: the deposits, withdrawals, transfers and bonuses of the agent's team during the days (or of one
   * member of it: anyone else is 404 like an unknown account), newest first.
   */
  async accountDetails(merchantCode: string, memberId: bigint, query: AccountDetailsQuery) {
    const agent = await this.agent(merchantCode, memberId);
    checkedRange(query.fromDay, query.toDay, ACCOUNT_DETAILS_MAX_DAYS);
    const timeZone = this.deps.reports.zone;
    let team: TeamRecordFilter['team'];
    if (query.member !== undefined) {
      const member = await repo.selectMemberDuring(this.db, merchantCode, agent.id, query.member, { ...query, timeZone });
      if (!member) throw new AppError('agent.member.unknown');
      team = { members: repo.oneMember(member.id) };
    } else if (await repo.teamLargerThan(this.db, agent.id, LARGE_TEAM)) {
      team = { has: repo.inTeamDuringDays(agent.id, query.fromDay, query.toDay, timeZone) };
    } else {
      team = { members: repo.teamDuringDays(agent.id, query.fromDay, query.toDay, timeZone) };
    }
    const page = await this.deps.records.teamEntries(
      {
        merchantCode,
        team,
        fromDay: query.fromDay,
        toDay: query.toDay,
        timeZone,
        kinds: query.type ? [query.type] : ACCOUNT_DETAIL_TYPES,
      },
      { page: query.page ?? 1, size: query.pageSize ?? 20 },
    );
    return {
      timeZone,
      total: page.total,
      rows: page.rows.map((row) => ({ ...row, type: row.type as (typeof ACCOUNT_DETAIL_TYPES)[number] })),
    };
  }

  /** The chain above a member, nearest first: direct upline, theirs, and so on to the top. */
  chainAbove(memberId: bigint, db: Kysely<Database> = this.db) {
    return repo.selectChainAbove(db, memberId);
  }

  /** Everyone under the agent at any moment of [from, to), with their depth then: a past period's team. */
  teamDuring(agentId: bigint, from: Date, to: Date) {
    return repo.selectTeamDuring(this.db, agentId, from, to);
  }

  /** The agent's team over [from, to) as a query of member links with their spans (settlement reads it). */
  teamLinksDuring(agentId: bigint | RawBuilder<bigint>, from: Date | RawBuilder<Date>, to: Date | RawBuilder<Date>) {
    return repo.teamLinksDuring(agentId, from, to);
  }

  /**
   * The back office's agents list, or one level of the tree: the agents directly under `under`, with the chain from
   * the top of its tree down to it (an unknown account is 404).
   */
  async agents(merchantCode: string, query: { q?: string; under?: string; page?: number; pageSize?: number }) {
    const pageSize = query.pageSize ?? 25;
    let under: MemberRow | null = null;
    let chain: string[] = [];
    if (query.under?.trim()) {
      under = (await repo.selectMemberByAccount(this.db, merchantCode, query.under.trim())) ?? null;
      if (!under) throw new AppError('player.unknown');
      const above = await repo.selectChainAbove(this.db, under.id);
      chain = [...above.map((link) => link.account).reverse(), under.account];
    }
    const page = await repo.selectAgentsPage(
      this.db,
      merchantCode,
      { prefix: (query.q ?? '').trim(), underId: under?.id ?? null },
      ((query.page ?? 1) - 1) * pageSize,
      pageSize,
    );
    const agents: AgentRow[] = page.rows.map((row) => ({
      id: row.id.toString(),
      merchantCode: row.merchant_code,
      account: row.account,
      agentType: row.agent_type,
      status: row.status,
      upline: row.upline,
      directCount: Number(row.direct_count ?? 0),
      teamSize: Number(row.team_size ?? 0),
      createdAt: row.created_at.getTime(),
    }));
    return { agents, total: page.total, chain };
  }

  async moves(merchantCode: string, account: string | undefined): Promise<AgentMoveRow[]> {
    let memberId: bigint | null = null;
    if (account !== undefined) {
      const member = await repo.selectMemberByAccount(this.db, merchantCode, account);
      if (!member) throw new AppError('player.unknown');
      memberId = member.id;
    }
    const rows = await repo.selectMoves(this.db, merchantCode, { memberId }, MOVES_SHOWN);
    return rows.map(toMoveRow);
  }

  /**
   * Moves a member, with everyone under them, under another agent (or to no upline), audited in the move's
   * transaction. The links the move ends are kept with their period, so what happened before stays with the agent of
   * that time. 409 `agent.move.invalid` when the new upline is not an agent, is the member or is under them.
   */
  async move(
    merchantCode: string,
    input: { member: string; toAgent: string | null; reason: string },
    by: AuditActor,
  ): Promise<AgentMoveRow> {
    const id = await this.db.transaction().execute(async (trx) => {
      await repo.lockTree(trx, merchantCode);
      const member = await repo.selectMemberByAccount(trx, merchantCode, input.member);
      if (!member) throw new AppError('player.unknown');
      if (member.agent_type === TRIAL_TYPE) throw new AppError('player.type.trial');
      let target: MemberRow | null = null;
      if (input.toAgent !== null) {
        target = (await repo.selectMemberByAccount(trx, merchantCode, input.toAgent)) ?? null;
        if (!target) throw new AppError('player.unknown');
        if (!AGENT_CENTRE_TYPES.includes(target.agent_type) || (await repo.isInSubtree(trx, member.id, target.id))) {
          throw new AppError('agent.move.invalid');
        }
      }
      const toParentId = target?.id ?? null;
      if (member.parent_id === toParentId) throw new AppError('player.state.unchanged');
      const { teamSize } = await repo.countTeam(trx, member.id);
      const from = member.parent_id === null ? null : await repo.selectMember(trx, merchantCode, member.parent_id);
      await setUpline(trx, member.id, toParentId);
      const moveId = await repo.insertMove(trx, {
        merchantCode,
        memberId: member.id,
        fromParentId: member.parent_id,
        toParentId,
        movedMembers: teamSize + 1,
        reason: input.reason,
        actor: by.actor,
      });
      await appendAudit(trx, by, {
        action: 'agent.move',
        merchantCode,
        target: member.account,
        before: { upline: from?.account ?? null },
        after: { upline: target?.account ?? null, movedMembers: teamSize + 1, reason: input.reason },
      });
      return moveId;
    });
    const [row] = await repo.selectMoves(this.db, merchantCode, { moveId: id }, 1);
    if (!row) throw new AppError('system.error');
    return toMoveRow(row);
  }

  /**
   * The member when they are an agent of the merchant (403 `agent.not.agent` otherwise), for other modules; `db` is
   * the caller's transaction when it has one. Their type is what decides, as for every agent call.
   */
  async requireAgent(merchantCode: string, memberId: bigint, db: Kysely<Database> = this.db) {
    const agent = await repo.selectMember(db, merchantCode, memberId);
    if (!agent || !AGENT_CENTRE_TYPES.includes(agent.agent_type)) throw new AppError('agent.not.agent');
    return { id: agent.id, account: agent.account, agentType: agent.agent_type, parentId: agent.parent_id };
  }

  /** A direct downline agent of `agentId` by account; undefined for anyone else. */
  async directDownlineAgent(merchantCode: string, agentId: bigint, account: string, db: Kysely<Database> = this.db) {
    const member = await repo.selectMemberByAccount(db, merchantCode, account);
    if (!member || member.parent_id !== agentId || !AGENT_CENTRE_TYPES.includes(member.agent_type)) return undefined;
    return { id: member.id, account: member.account };
  }

  /** The accounts of the agent's direct downline agents, by account. */
  directDownlineAgents(agentId: bigint, limit: number) {
    return repo.selectDirectAgents(this.db, agentId, limit);
  }
}
