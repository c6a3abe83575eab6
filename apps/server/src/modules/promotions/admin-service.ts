import type { PromotionAdminItem, PromotionInput } from '@tessera/contract/api/back-office-promotions';
import type { PromotionAdminState } from '@tessera/contract/routes/back-office-promotions';
import { DEPOSIT_PROMOTION_TYPES, FIXED_BONUS_PROMOTION_TYPES } from '@tessera/contract/routes/promotions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import * as repo from './repo.js';

type Db = Kysely<Database> | Transaction<Database>;

const minorOrNull = (value: bigint | null) => (value === null ? null : value.toString());
const bigOrNull = (value: string | null) => (value === null ? null : BigInt(value));

export function adminStateOf(row: repo.PromotionRow, now: Date): PromotionAdminState {
  if (row.closed_at !== null) return 'closed';
  if (row.starts_at > now) return 'scheduled';
  if (row.ends_at !== null && row.ends_at <= now) return 'ended';
  return 'live';
}

/** The audience's named parts, as the operator wrote them: the downline's agent and the list's accounts. */
interface AudienceNames {
  agentAccount: string | null;
  accounts: string[];
}

function itemOf(row: repo.PromotionRow, now: Date, names: AudienceNames): PromotionAdminItem {
  return {
    id: row.id.toString(),
    state: adminStateOf(row, now),
    budgetUsedMinor: row.budget_used_minor.toString(),
    claimsCount: row.claims_count,
    updatedAt: row.updated_at.getTime(),
    updatedBy: row.updated_by,
    type: row.type,
    texts: row.texts,
    image: row.image,
    startTime: row.starts_at.getTime(),
    endTime: row.ends_at?.getTime() ?? null,
    audience: row.audience,
    vipLevels: row.audience_vip_levels,
    agentAccount: names.agentAccount,
    accounts: names.accounts,
    newMemberDays: row.new_member_days,
    matchPercent: row.match_percent,
    bonusCapMinor: row.bonus_cap_minor.toString(),
    minDepositMinor: minorOrNull(row.min_deposit_minor),
    fixedBonusMinor: minorOrNull(row.fixed_bonus_minor),
    wageringMultiplier: row.wagering_multiplier,
    wageringBase: row.wagering_base,
    weights: row.weights,
    maxBetMinor: minorOrNull(row.max_bet_minor),
    expiryHours: row.expiry_hours,
    maxConversionMinor: minorOrNull(row.max_conversion_minor),
    maxClaimsPerMember: row.max_claims_per_member,
    maxClaimsTotal: row.max_claims_total,
    budgetMinor: minorOrNull(row.budget_minor),
    review: row.review,
    referralTrigger: row.referral_trigger,
    referralValidBetMinor: minorOrNull(row.referral_valid_bet_minor),
    rebatePeriod: row.rebate_period,
    rebateBasisPoints: row.rebate_bp,
    minLossMinor: minorOrNull(row.min_loss_minor),
    rebateCategories: row.rebate_categories,
  };
}

/** What does not hold together in an operator's promotion, as field errors (empty: it holds). */
export function problemsOf(input: PromotionInput, defaultLanguage: string, budgetUsed = 0n) {
  const problems: { field: string; reason: string }[] = [];
  const add = (field: string, reason: string) => problems.push({ field, reason });
  if (!input.texts[defaultLanguage]) add('texts', `a title in the default language (${defaultLanguage}) is required`);
  if (input.endTime !== null && input.endTime <= input.startTime) add('endTime', 'must be after the start');
  const deposit = DEPOSIT_PROMOTION_TYPES.includes(input.type);
  if (deposit && input.matchPercent === null) add('matchPercent', 'a deposit match needs its percent');
  if (deposit && input.fixedBonusMinor !== null) add('fixedBonusMinor', 'a deposit match pays a percent, not a fixed bonus');
  const fixed = FIXED_BONUS_PROMOTION_TYPES.includes(input.type);
  if (fixed && input.fixedBonusMinor === null) add('fixedBonusMinor', 'this type pays a fixed bonus');
  if (input.type === 'rebate' && input.fixedBonusMinor !== null)
    add('fixedBonusMinor', 'a loss rebate pays a percent of the loss');
  if (!deposit && input.matchPercent !== null) add('matchPercent', 'only deposit matches pay a percent');
  const rebate = input.type === 'rebate';
  if (rebate && !input.rebatePeriod) add('rebatePeriod', 'a loss rebate needs its period');
  if (rebate && !input.rebateBasisPoints) add('rebateBasisPoints', 'a loss rebate needs its percent of the loss');
  if (rebate && !input.rebateCategories?.length) add('rebateCategories', 'choose at least one game category');
  if (rebate && input.review) add('review', 'loss rebates are paid by the period job, not reviewed one by one');
  if (!rebate && (input.rebatePeriod || input.rebateBasisPoints || input.minLossMinor || input.rebateCategories?.length))
    add('rebatePeriod', 'only a loss rebate has rebate terms');
  if (input.fixedBonusMinor !== null && BigInt(input.fixedBonusMinor) > BigInt(input.bonusCapMinor))
    add('fixedBonusMinor', 'must not be above the bonus cap');
  if (input.type === 'signup' && input.audience !== 'new') add('audience', 'a sign-up bonus is for new members');
  if (input.audience === 'vip' && !input.vipLevels?.length) add('vipLevels', 'choose at least one VIP level');
  if (input.audience === 'downline' && !input.agentAccount) add('agentAccount', 'name the agent whose downline it is for');
  if (input.audience === 'members' && !input.accounts?.length) add('accounts', 'name at least one account');
  const referral = input.type === 'referral';
  if (referral && input.referralTrigger === null) add('referralTrigger', 'a referral programme needs what earns its reward');
  if (!referral && input.referralTrigger !== null) add('referralTrigger', 'only a referral programme has a trigger');
  const betTrigger = input.referralTrigger === 'valid_bet' || input.referralTrigger === 'both';
  if (betTrigger && input.referralValidBetMinor === null)
    add('referralValidBetMinor', 'the valid bets a friend must reach are needed for this trigger');
  if (!betTrigger && input.referralValidBetMinor !== null)
    add('referralValidBetMinor', 'only the valid-bet triggers take valid bets');
  if (input.budgetMinor !== null && BigInt(input.budgetMinor) < budgetUsed)
    add('budgetMinor', `must not be below what is already paid (${budgetUsed})`);
  return problems;
}

function rowOf(input: PromotionInput, actor: string, agentId: bigint | null): repo.PromotionWrite {
  const rebate = input.type === 'rebate';
  return {
    type: input.type,
    texts: JSON.stringify(input.texts),
    image: input.image,
    starts_at: new Date(input.startTime),
    ends_at: input.endTime === null ? null : new Date(input.endTime),
    audience: input.audience,
    audience_vip_levels: JSON.stringify(input.audience === 'vip' ? [...(input.vipLevels ?? [])].sort((a, b) => a - b) : []),
    audience_agent_id: agentId,
    new_member_days: input.newMemberDays,
    match_percent: input.matchPercent,
    bonus_cap_minor: BigInt(input.bonusCapMinor),
    min_deposit_minor: bigOrNull(input.minDepositMinor),
    fixed_bonus_minor: bigOrNull(input.fixedBonusMinor),
    wagering_multiplier: input.wageringMultiplier,
    wagering_base: input.wageringBase,
    weights: JSON.stringify(input.weights),
    max_bet_minor: bigOrNull(input.maxBetMinor),
    expiry_hours: input.expiryHours,
    max_conversion_minor: bigOrNull(input.maxConversionMinor),
    max_claims_per_member: input.maxClaimsPerMember,
    max_claims_total: input.maxClaimsTotal,
    budget_minor: bigOrNull(input.budgetMinor),
    review: input.review,
    referral_trigger: input.referralTrigger,
    referral_valid_bet_minor: bigOrNull(input.referralValidBetMinor),
    rebate_period: rebate ? (input.rebatePeriod ?? null) : null,
    rebate_bp: rebate ? (input.rebateBasisPoints ?? null) : null,
    min_loss_minor: rebate ? bigOrNull(input.minLossMinor ?? null) : null,
    rebate_categories: JSON.stringify(rebate ? [...new Set(input.rebateCategories ?? [])] : []),
    updated_by: actor,
  };
}

/** Member types that are players, not agents: they have no downline. */
const PLAYER_TYPES = new Set([0, 4]);

/**
 * The audience's agent and listed members, by account; an unknown account (or a player named as the agent) is a
 * field error naming it, so a typo never silently narrows the audience.
 */
async function audienceOf(db: Db, merchant: string, input: PromotionInput) {
  if (input.audience === 'downline') {
    const [agent] = await repo.selectMembersByAccount(db, merchant, [input.agentAccount ?? '']);
    if (!agent || PLAYER_TYPES.has(agent.agent_type)) refuse([{ field: 'agentAccount', reason: 'no such agent' }]);
    return { agentId: agent.id, memberIds: [] };
  }
  if (input.audience !== 'members') return { agentId: null, memberIds: [] };
  const wanted = [...new Set((input.accounts ?? []).map((account) => account.trim().toLowerCase()))];
  const found = await repo.selectMembersByAccount(db, merchant, wanted);
  const known = new Set(found.map((member) => member.account.toLowerCase()));
  const unknown = wanted.filter((account) => !known.has(account));
  if (unknown.length > 0) refuse([{ field: 'accounts', reason: `no such accounts: ${unknown.slice(0, 20).join(', ')}` }]);
  return { agentId: null, memberIds: found.map((member) => member.id) };
}

async function namesOf(db: Db, row: repo.PromotionRow): Promise<AudienceNames> {
  const agent = row.audience_agent_id === null ? undefined : await repo.selectMemberAccount(db, row.audience_agent_id);
  const accounts = row.audience === 'members' ? ((await repo.selectAudienceAccounts(db, [row.id])).get(row.id) ?? []) : [];
  return { agentAccount: agent?.account ?? null, accounts };
}

function refuse(problems: { field: string; reason: string }[]): never {
  throw new AppError('promo.rejected', {
    fields: problems.map((p) => ({ field: `body/${p.field}`, key: 'validation.rejected', params: { reason: p.reason } })),
  });
}

/**
 * The operator's side of promotions: create, edit, close, each in one transaction with its audit entry. A running
 * bonus keeps the terms it was paid under (the claim holds a copy), so an edit only changes what is paid next.
 */
export class PromotionsAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(merchant: string, state?: PromotionAdminState): Promise<PromotionAdminItem[]> {
    const now = this.now();
    const rows = (await repo.selectPromotions(this.db, merchant)).filter((row) => !state || adminStateOf(row, now) === state);
    const listed = await repo.selectAudienceAccounts(
      this.db,
      rows.filter((row) => row.audience === 'members').map((row) => row.id),
    );
    const agents = new Map<bigint, string>();
    for (const row of rows)
      if (row.audience_agent_id !== null && !agents.has(row.audience_agent_id))
        agents.set(row.audience_agent_id, (await repo.selectMemberAccount(this.db, row.audience_agent_id))?.account ?? '');
    return rows.map((row) =>
      itemOf(row, now, {
        agentAccount: row.audience_agent_id === null ? null : (agents.get(row.audience_agent_id) ?? null),
        accounts: listed.get(row.id) ?? [],
      }),
    );
  }

  async create(merchant: string, input: PromotionInput, defaultLanguage: string, who: AuditActor): Promise<PromotionAdminItem> {
    const problems = problemsOf(input, defaultLanguage);
    if (problems.length > 0) refuse(problems);
    return this.db.transaction().execute(async (trx) => {
      const audience = await audienceOf(trx, merchant, input);
      const id = await repo.insertPromotion(trx, merchant, rowOf(input, who.actor, audience.agentId));
      await repo.replaceAudienceMembers(trx, id, audience.memberIds);
      const row = await repo.selectPromotion(trx, merchant, id);
      if (!row) throw new Error('promotion vanished in its own transaction');
      const item = itemOf(row, this.now(), await namesOf(trx, row));
      await appendAudit(trx, who, { action: 'promotion.create', target: id.toString(), merchantCode: merchant, after: item });
      return item;
    });
  }

  async update(merchant: string, id: bigint, input: PromotionInput, defaultLanguage: string, who: AuditActor) {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.selectPromotion(trx, merchant, id, true);
      if (!before) throw new AppError('promo.not.found');
      if (before.closed_at !== null) throw new AppError('promo.closed');
      const problems = problemsOf(input, defaultLanguage, before.budget_used_minor);
      if (problems.length > 0) refuse(problems);
      const beforeItem = itemOf(before, this.now(), await namesOf(trx, before));
      const audience = await audienceOf(trx, merchant, input);
      await repo.updatePromotion(trx, id, rowOf(input, who.actor, audience.agentId));
      await repo.replaceAudienceMembers(trx, id, audience.memberIds);
      const after = await repo.selectPromotion(trx, merchant, id);
      if (!after) throw new Error('promotion vanished in its own transaction');
      const now = this.now();
      const item = itemOf(after, now, await namesOf(trx, after));
      await appendAudit(trx, who, {
        action: 'promotion.update',
        target: id.toString(),
        merchantCode: merchant,
        before: beforeItem,
        after: item,
      });
      return item;
    });
  }

  async close(merchant: string, id: bigint, who: AuditActor): Promise<PromotionAdminItem> {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.selectPromotion(trx, merchant, id, true);
      if (!before) throw new AppError('promo.not.found');
      const now = this.now();
      if (before.closed_at === null) await repo.closePromotion(trx, id, who.actor, now);
      const after = await repo.selectPromotion(trx, merchant, id);
      if (!after) throw new Error('promotion vanished in its own transaction');
      const names = await namesOf(trx, after);
      const item = itemOf(after, now, names);
      if (before.closed_at === null)
        await appendAudit(trx, who, {
          action: 'promotion.close',
          target: id.toString(),
          merchantCode: merchant,
          before: itemOf(before, now, names),
          after: item,
        });
      return item;
    });
  }
}
