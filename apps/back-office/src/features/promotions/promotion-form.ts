import type { PromotionAdminItem, PromotionInput } from '@tessera/contract/api/back-office-promotions';
import {
  PROMOTION_AUDIENCES,
  PROMOTION_TYPES,
  type PromotionType,
  REBATE_PERIODS,
  REFERRAL_TRIGGERS,
} from '@tessera/contract/routes/promotions';
import { parseMajor } from '../../lib/money';

const MINOR_DIGITS = 2;
const LANGUAGES = ['en', 'bn'] as const;

/** An amount field: empty → null; anything that is not an amount → the field's name, reported to the operator. */
function amount(form: FormData, name: string, problems: string[]): string | null {
  const text = String(form.get(name) ?? '').trim();
  if (text === '') return null;
  const minor = parseMajor(text, MINOR_DIGITS);
  if (minor === null || minor === '0') problems.push(name);
  return minor;
}

function integer(form: FormData, name: string, problems: string[]): number | null {
  const text = String(form.get(name) ?? '').trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isInteger(value)) problems.push(name);
  return value;
}

const epoch = (form: FormData, name: string) => {
  const text = String(form.get(name) ?? '').trim();
  return text ? new Date(text).getTime() : null;
};

/** Accounts typed one a line, or separated by commas or spaces. */
const accountsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** VIP levels typed as "2, 3 5"; anything else the field's name, reported to the operator. */
function levelsOf(form: FormData, problems: string[]): number[] {
  const parts = String(form.get('vipLevels') ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const levels = parts.map(Number);
  if (levels.some((level) => !Number.isInteger(level) || level < 0 || level > 100)) problems.push('vipLevels');
  return [...new Set(levels)];
}

/** A percent with up to two decimals ("0.5", "10") as basis points; anything else the field's name. */
function basisPoints(form: FormData, name: string, problems: string[]): number | null {
  const text = String(form.get(name) ?? '').trim();
  if (text === '') return null;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  const value = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (!match || value < 1 || value > 10_000) problems.push(name);
  return value;
}

/** The game categories whose weights and rebates the form sets. */
export const FORM_CATEGORIES = ['RNG', 'LOTT'] as const;

/** The form's values as the call's body, or the names of the fields that are not numbers or amounts. */
export function inputOf(form: FormData): { input: PromotionInput; problems: string[] } {
  const problems: string[] = [];
  const type = String(form.get('type')) as PromotionType;
  if (!PROMOTION_TYPES.includes(type)) problems.push('type');
  const texts: Record<string, { title: string; body: string }> = {};
  for (const language of LANGUAGES) {
    const title = String(form.get(`title_${language}`) ?? '').trim();
    if (title) texts[language] = { title, body: String(form.get(`body_${language}`) ?? '').trim() };
  }
  const weights: Record<string, number> = {};
  for (const category of FORM_CATEGORIES) {
    const percent = integer(form, `weight_${category}`, problems);
    if (percent !== null) weights[category] = percent;
  }
  const audience = PROMOTION_AUDIENCES.find((option) => option === form.get('audience')) ?? 'all';
  const input: PromotionInput = {
    type,
    texts,
    image: String(form.get('image') ?? '').trim() || null,
    startTime: epoch(form, 'startTime') ?? Date.now(),
    endTime: epoch(form, 'endTime'),
    audience,
    vipLevels: audience === 'vip' ? levelsOf(form, problems) : [],
    agentAccount: audience === 'downline' ? String(form.get('agentAccount') ?? '').trim() || null : null,
    accounts: audience === 'members' ? accountsOf(String(form.get('accounts') ?? '')) : [],
    newMemberDays: integer(form, 'newMemberDays', problems) ?? 7,
    matchPercent: integer(form, 'matchPercent', problems),
    bonusCapMinor: amount(form, 'bonusCap', problems) ?? '0',
    minDepositMinor: amount(form, 'minDeposit', problems),
    fixedBonusMinor: amount(form, 'fixedBonus', problems),
    wageringMultiplier: integer(form, 'wageringMultiplier', problems) ?? 0,
    wageringBase: form.get('wageringBase') === 'deposit_bonus' ? 'deposit_bonus' : 'bonus',
    weights,
    maxBetMinor: amount(form, 'maxBet', problems),
    expiryHours: integer(form, 'expiryHours', problems) ?? 72,
    maxConversionMinor: amount(form, 'maxConversion', problems),
    maxClaimsPerMember: integer(form, 'maxClaimsPerMember', problems) ?? 1,
    maxClaimsTotal: integer(form, 'maxClaimsTotal', problems),
    budgetMinor: amount(form, 'budget', problems),
    review: form.get('review') === 'on',
    referralTrigger: REFERRAL_TRIGGERS.find((trigger) => trigger === form.get('referralTrigger')) ?? null,
    referralValidBetMinor: amount(form, 'referralValidBet', problems),
    ...(type === 'rebate'
      ? {
          rebatePeriod: REBATE_PERIODS.find((period) => period === form.get('rebatePeriod')) ?? 'daily',
          rebateBasisPoints: basisPoints(form, 'rebatePercent', problems),
          minLossMinor: amount(form, 'minLoss', problems),
          rebateCategories: FORM_CATEGORIES.filter((category) => form.get(`rebate_${category}`) === 'on'),
        }
      : { rebatePeriod: null, rebateBasisPoints: null, minLossMinor: null, rebateCategories: [] }),
  };
  return { input, problems };
}

/** "2026-11-28T05:20" in local time, as a datetime-local input shows it. */
export const localInput = (epochMs: number | null) => {
  if (epochMs === null) return '';
  const date = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Basis points as the percent a field shows (250 → "2.5"); empty for none. */
export const percentText = (basisPoints: number | null | undefined) =>
  basisPoints === null || basisPoints === undefined ? '' : String(basisPoints / 100);

/** Minor units as the major-unit text a field shows ("12550" → "125.50"); empty for none. */
export const majorText = (minor: string | null) =>
  minor === null ? '' : `${BigInt(minor) / 100n}.${String(BigInt(minor) % 100n).padStart(2, '0')}`;

export type Editing = PromotionAdminItem | null;
