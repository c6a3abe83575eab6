import {
  type AnyTier,
  CONSOLIDATED_FIELDS,
  CONTRACT_KINDS,
  type ContractKind,
  type ContractPeriod,
  type ContractStatus,
  type EndReason,
  FEATURE_OF_KIND,
  isHigher,
  PERIODS_OF_KIND,
  type Rates,
  tiersProblem,
  topRates,
  withinCeiling,
} from '@tessera/contract/agent-contracts';
import type { Contract, ContractPage, ContractSettings, ProcessAnswer, ProcessBody } from '@tessera/contract/api/agent-contracts';
import type { ContractRow } from '@tessera/contract/api/back-office-agent-contracts';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import { DOWNLINES_SHOWN, OFFERED_PAGE_SIZE, RECEIVED_SHOWN } from '@tessera/contract/routes/agent-contracts';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { AgentsService } from '../agents/service.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import * as repo from './repo.js';

type Agent = Awaited<ReturnType<AgentsService['requireAgent']>>;
type Party = { kind: 'member'; agent: Agent } | { kind: 'operator'; actor: AuditActor };

const toContract = (row: repo.ContractRecord): Contract => ({
  id: row.id.toString(),
  kind: row.kind,
  status: row.status,
  period: row.period,
  upline: row.upline,
  downline: row.downline,
  tiers: row.tiers as unknown as Contract['tiers'],
  offeredAt: row.offered_at.getTime(),
  answeredAt: row.answered_at?.getTime() ?? null,
  effectiveFrom: row.effective_from?.getTime() ?? null,
  effectiveTo: row.effective_to?.getTime() ?? null,
  endReason: row.end_reason,
});

const toRow = (row: repo.ContractRecord): ContractRow => ({ ...toContract(row), chain: row.chain ?? [] });

/** The most a top agent (no upline) may offer: the merchant's limits; null when they allow nothing. */
function merchantCeiling(settings: Settings, kind: ContractKind): Rates | null {
  const limits = settings.agentContracts;
  const rates: Rates =
    kind === 'realTimeSalary'
      ? { profitRate: limits.realTimeSalary.profitCeilingRate, lossRate: limits.realTimeSalary.lossCeilingRate }
      : { rate: limits[kind].ceilingRate };
  return Object.values(rates).some((rate) => rate > 0) ? rates : null;
}

const periodsOf = (settings: Settings, kind: ContractKind) =>
  kind === 'dividend' ? settings.agentContracts.dividend.periods : [...PERIODS_OF_KIND[kind]];

const isOn = (settings: Settings, kind: ContractKind) => isFeatureEnabled(settings.whitelabel, FEATURES[FEATURE_OF_KIND[kind]]);

/**
 * Agent contracts (spec 2.5, §3, §4, 7.4) and their state machine (docs/decisions.md, "Agent contracts"): an upline
 * offers a contract of one kind to a direct downline agent, who accepts or rejects it; either side, or the operator,
 * terminates it at the end of its current period. A downline's rates never exceed the upline's own `active` contract of
 * that kind (a top agent's: the merchant's limits); a contract with a higher rate replaces the one in force at once,
 * a lower one waits for it to end. When an upline's contract ends or shrinks, the contracts it carries end with it.
 * Every change runs in one transaction under the merchant's lock for that kind.
 */
export class AgentContractsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { agents: AgentsService; timeZone: string },
  ) {}

  /** The most `agent` may offer downward of a kind, or null: nothing. */
  private async ceilingOf(db: Kysely<Database>, agent: Agent, kind: ContractKind, settings: Settings) {
    if (agent.parentId === null) return merchantCeiling(settings, kind);
    const active = await repo.selectActive(db, agent.id, kind);
    return active ? (active.rates as Rates) : null;
  }

  /** Spec §3's consolidated contract settings: per kind, whether it is on and where the caller stands. */
  async consolidated(merchantCode: string, memberId: bigint, settings: Settings): Promise<ContractSettings> {
    const agent = await this.deps.agents.requireAgent(merchantCode, memberId);
    const entries = [];
    for (const kind of CONTRACT_KINDS) {
      await repo.closeDue(this.db, merchantCode, kind);
      const inForce = await repo.selectInForce(this.db, agent.id, kind);
      const pending = await repo.selectPendingOffer(this.db, agent.id, kind);
      entries.push([
        CONSOLIDATED_FIELDS[kind],
        {
          enabled: isOn(settings, kind),
          received: (inForce?.status ?? pending?.status ?? null) as ContractStatus | null,
          awaitingAnswer: pending !== undefined,
          ceiling: await this.ceilingOf(this.db, agent, kind, settings),
        },
      ]);
    }
    return Object.fromEntries(entries) as ContractSettings;
  }

  /** The caller's contracts of one kind, received and offered, with what they may offer. */
  async page(
    merchantCode: string,
    memberId: bigint,
    kind: ContractKind,
    page: number,
    settings: Settings,
  ): Promise<ContractPage> {
    const agent = await this.deps.agents.requireAgent(merchantCode, memberId);
    await repo.closeDue(this.db, merchantCode, kind);
    const [received, offered, offeredTotal, ceiling, downlines] = [
      await repo.selectContracts(this.db, { merchantCode, kind, downlineId: agent.id }, { offset: 0, limit: RECEIVED_SHOWN }),
      await repo.selectContracts(
        this.db,
        { merchantCode, kind, uplineId: agent.id },
        { offset: (page - 1) * OFFERED_PAGE_SIZE, limit: OFFERED_PAGE_SIZE },
      ),
      await repo.countContracts(this.db, { merchantCode, kind, uplineId: agent.id }),
      await this.ceilingOf(this.db, agent, kind, settings),
      await this.deps.agents.directDownlineAgents(agent.id, DOWNLINES_SHOWN),
    ];
    return {
      kind,
      enabled: isOn(settings, kind),
      periods: periodsOf(settings, kind),
      ceiling,
      template: settings.agentContracts[kind].template as ContractPage['template'],
      received: received.map(toContract),
      offered: offered.map(toContract),
      offeredTotal,
      downlines,
    } as ContractPage;
  }

  /** Spec 7.4: one kind's call, offering, accepting, rejecting or terminating. */
  async process(
    merchantCode: string,
    memberId: bigint,
    kind: ContractKind,
    body: ProcessBody,
    settings: Settings,
  ): Promise<ProcessAnswer> {
    const ended: bigint[] = [];
    const id = await this.db.transaction().execute(async (trx) => {
      await repo.lockKind(trx, merchantCode, kind);
      await repo.closeDue(trx, merchantCode, kind);
      const agent = await this.deps.agents.requireAgent(merchantCode, memberId, trx);
      if (body.action === 'offer') return this.offer(trx, merchantCode, agent, kind, body, settings);
      if (body.contractId === undefined) throw new AppError('contract.request.incomplete');
      const contract = await repo.selectById(trx, merchantCode, BigInt(body.contractId));
      const isParty = contract?.upline_id === agent.id || contract?.downline_id === agent.id;
      if (!contract || !isParty || contract.kind !== kind) throw new AppError('contract.unknown');
      const party: Party = { kind: 'member', agent };
      if (body.action === 'accept') await this.accept(trx, agent, contract, settings, ended);
      else if (body.action === 'reject') await this.reject(trx, agent, contract);
      else await this.terminate(trx, party, contract, ended);
      await repo.closeDue(trx, merchantCode, kind);
      return contract.id;
    });
    return this.answer(merchantCode, id, ended);
  }

  private async answer(merchantCode: string, id: bigint, ended: bigint[]) {
    const [row] = await repo.selectContracts(this.db, { merchantCode, id });
    if (!row) throw new AppError('system.error');
    const others = await repo.selectContracts(this.db, { merchantCode, ids: ended.filter((other) => other !== id) });
    return { contract: toRow(row), autoTerminated: others.map(toContract) };
  }

  private async offer(
    trx: Kysely<Database>,
    merchantCode: string,
    agent: Agent,
    kind: ContractKind,
    body: ProcessBody,
    settings: Settings,
  ) {
    if (!isOn(settings, kind)) throw new AppError('contract.kind.off');
    const { downline: account, period, tiers } = body;
    if (account === undefined || period === undefined || tiers === undefined) {
      throw new AppError('contract.request.incomplete');
    }
    if (!periodsOf(settings, kind).includes(period as never)) throw new AppError('contract.period.invalid');
    const problem = tiersProblem(kind, tiers as AnyTier[]);
    if (problem) throw new AppError('contract.tiers.invalid', { fields: [{ field: '/tiers', key: problem, params: {} }] });
    const downline = await this.deps.agents.directDownlineAgent(merchantCode, agent.id, account, trx);
    if (!downline) throw new AppError('contract.downline.invalid');
    const rates = topRates(kind, tiers as AnyTier[]);
    const ceiling = await this.ceilingOf(trx, agent, kind, settings);
    if (!ceiling || !withinCeiling(rates, ceiling)) throw new AppError('contract.rate.ceiling');
    if (await repo.selectPendingOffer(trx, downline.id, kind)) throw new AppError('contract.offer.pending');
    await this.placement(trx, downline.id, kind, rates);
    return repo.insertOffer(trx, {
      merchantCode,
      kind,
      uplineId: agent.id,
      downlineId: downline.id,
      period,
      timeZone: this.deps.timeZone,
      tiers: tiers as unknown[],
      rates,
    });
  }

  /**
   * Where a new contract of `rates` goes among the downline's: a higher rate replaces what is in force (and any
   * successor) at once; otherwise it starts when the contract in force ends, if that one is ending and has no
   * successor; otherwise it is refused (to lower a contract, terminate it first).
   */
  private async placement(trx: Kysely<Database>, downlineId: bigint, kind: ContractKind, rates: Rates) {
    const inForce = await repo.selectInForce(trx, downlineId, kind);
    const active = await repo.selectActive(trx, downlineId, kind);
    const current = inForce ?? active;
    if (!current) return { replaces: [], startsAt: null };
    if (isHigher(rates, current.rates as Rates)) {
      return { replaces: [current, ...(active && active.id !== current.id ? [active] : [])], startsAt: null };
    }
    if (current.status === 'ending' && (!active || active.id === current.id) && current.effective_to) {
      return { replaces: [], startsAt: current.effective_to };
    }
    throw new AppError('contract.rate.not.higher');
  }

  private async accept(trx: Kysely<Database>, agent: Agent, contract: repo.StoredContract, settings: Settings, ended: bigint[]) {
    if (contract.status !== 'offered' || contract.downline_id !== agent.id) throw new AppError('contract.state.invalid');
    if (!isOn(settings, contract.kind)) throw new AppError('contract.kind.off');
    if (agent.parentId !== contract.upline_id) throw new AppError('contract.downline.invalid');
    const upline = await this.deps.agents.requireAgent(contract.merchant_code, contract.upline_id, trx);
    const rates = contract.rates as Rates;
    const ceiling = await this.ceilingOf(trx, upline, contract.kind, settings);
    if (!ceiling || !withinCeiling(rates, ceiling)) throw new AppError('contract.rate.ceiling');
    const now = new Date();
    const { replaces, startsAt } = await this.placement(trx, agent.id, contract.kind, rates);
    for (const old of replaces) {
      const notStarted = old.effective_from !== null && old.effective_from > now;
      await this.move(trx, old, {
        status: 'ended',
        effectiveTo: notStarted ? (old.effective_from as Date) : now,
        endReason: 'superseded',
        replacedBy: contract.id,
      });
      ended.push(old.id);
    }
    const chain = await this.deps.agents.chainAbove(agent.id, trx);
    const from = startsAt ?? now;
    await this.move(trx, contract, {
      status: 'active',
      answeredAt: now,
      effectiveFrom: from,
      uplineChain: chain.map((link) => link.id),
    });
    await this.cutBack(trx, agent.id, contract.kind, rates, from, ended);
  }

  private async reject(trx: Kysely<Database>, agent: Agent, contract: repo.StoredContract) {
    if (contract.status !== 'offered' || contract.downline_id !== agent.id) throw new AppError('contract.state.invalid');
    await this.move(trx, contract, { status: 'rejected', answeredAt: new Date(), endReason: 'downline' });
  }

  /**
   * Terminate: the upline withdraws an offer at once; a contract in force ends at the end of its current period (one
   * waiting for its start never starts), and the contracts the downline carries of that kind end with it.
   */
  private async terminate(trx: Kysely<Database>, party: Party, contract: repo.StoredContract, ended: bigint[]) {
    const reason: EndReason =
      party.kind === 'operator' ? 'operator' : party.agent.id === contract.upline_id ? 'upline' : 'downline';
    const now = new Date();
    if (contract.status === 'offered') {
      if (reason === 'downline') throw new AppError('contract.state.invalid');
      await this.move(trx, contract, { status: 'withdrawn', answeredAt: now, endReason: reason });
      return;
    }
    if (contract.status !== 'active' || contract.effective_from === null) throw new AppError('contract.state.invalid');
    const notStarted = contract.effective_from > now;
    const until = notStarted ? contract.effective_from : await repo.periodEnd(trx, contract.period, now, contract.time_zone);
    await this.move(trx, contract, { status: notStarted ? 'ended' : 'ending', effectiveTo: until, endReason: reason });
    await this.cutBack(trx, contract.downline_id, contract.kind, null, until, ended);
  }

  /**
   * From `at` the agent may carry at most `ceiling` of a kind (null: nothing): offers above it are withdrawn, contracts
   * above it end at `at` (or never start), and so on down the chain.
   */
  private async cutBack(
    trx: Kysely<Database>,
    agentId: bigint,
    kind: ContractKind,
    ceiling: Rates | null,
    at: Date,
    ended: bigint[],
  ): Promise<void> {
    for (const carried of await repo.selectCarried(trx, agentId, kind)) {
      if (ceiling && withinCeiling(carried.rates as Rates, ceiling)) continue;
      if (carried.status === 'offered') {
        await this.move(trx, carried, { status: 'withdrawn', answeredAt: new Date(), endReason: 'ceiling' });
        ended.push(carried.id);
        continue;
      }
      const from = carried.effective_from as Date;
      if (carried.effective_to !== null && carried.effective_to <= at) continue;
      const neverStarts = from >= at;
      await this.move(trx, carried, {
        status: neverStarts ? 'ended' : 'ending',
        effectiveTo: neverStarts ? from : at,
        endReason: 'ceiling',
      });
      ended.push(carried.id);
      await this.cutBack(trx, carried.downline_id, kind, null, at, ended);
    }
  }

  private async move(trx: Kysely<Database>, contract: repo.StoredContract, change: Parameters<typeof repo.transition>[3]) {
    if (!(await repo.transition(trx, contract.id, contract.status, change))) throw new AppError('contract.state.invalid');
  }

  /** The end of the contract period holding `at` in `timeZone`: where settlement closes a period. */
  periodEnd(period: ContractPeriod, at: Date, timeZone: string, db: Kysely<Database> = this.db) {
    return repo.periodEnd(db, period, at, timeZone);
  }

  /** The back office's list: every contract of the merchant, newest first, with the upline chain when accepted. */
  async list(
    merchantCode: string,
    query: { kind?: ContractKind; status?: ContractStatus; account?: string; page?: number; pageSize?: number },
  ) {
    await repo.closeDue(this.db, merchantCode);
    const pageSize = query.pageSize ?? 25;
    const account = query.account?.trim() || undefined;
    const filter = { merchantCode, kind: query.kind, status: query.status, account };
    const rows = await repo.selectContracts(this.db, filter, { offset: ((query.page ?? 1) - 1) * pageSize, limit: pageSize });
    return { contracts: rows.map(toRow), total: await repo.countContracts(this.db, filter) };
  }

  /** The operator ends a contract as a party would (an offer at once), audited in the same transaction. */
  async operatorTerminate(merchantCode: string, id: bigint, reason: string, by: AuditActor) {
    const ended: bigint[] = [];
    await this.db.transaction().execute(async (trx) => {
      const found = await repo.selectById(trx, merchantCode, id);
      if (!found) throw new AppError('contract.unknown');
      await repo.lockKind(trx, merchantCode, found.kind);
      await repo.closeDue(trx, merchantCode, found.kind);
      const contract = await repo.selectById(trx, merchantCode, id);
      if (!contract) throw new AppError('contract.unknown');
      await this.terminate(trx, { kind: 'operator', actor: by }, contract, ended);
      await repo.closeDue(trx, merchantCode, found.kind);
      const [after] = await repo.selectContracts(trx, { merchantCode, id });
      await appendAudit(trx, by, {
        action: 'agent.contract.terminate',
        merchantCode,
        target: `${contract.kind}:${contract.id}`,
        before: { status: contract.status },
        after: {
          status: after?.status,
          effectiveTo: after?.effective_to?.toISOString() ?? null,
          reason,
          cascaded: ended.map(String),
        },
      });
    });
    const answer = await this.answer(merchantCode, id, ended);
    return { contract: answer.contract, autoTerminated: answer.autoTerminated };
  }
}
