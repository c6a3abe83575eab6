import { type AnyTier, type ContractKind, formatRate, RATES, THRESHOLDS } from '@tessera/contract/agent-contracts';
import type { ParseKeys } from 'i18next';

/** Each tier field's label; thresholds in money, counts, or rates. */
export const FIELD_LABELS: Record<string, ParseKeys> = {
  minValidBet: 'contracts.field.min_valid_bet',
  minLoss: 'contracts.field.min_loss',
  minActiveMembers: 'contracts.field.min_active_members',
  minBetPerDay: 'contracts.field.min_bet_per_day',
  minBetPerHour: 'contracts.field.min_bet_per_hour',
  minSingleBet: 'contracts.field.min_single_bet',
  rate: 'contracts.field.rate',
  profitRate: 'contracts.field.profit_rate',
  lossRate: 'contracts.field.loss_rate',
};

export const fieldsOf = (kind: ContractKind): readonly string[] => [...THRESHOLDS[kind], ...RATES[kind]];

export type FieldKind = 'money' | 'count' | 'rate';
export const fieldKind = (name: string): FieldKind =>
  name === 'minActiveMembers' ? 'count' : name.endsWith('Rate') || name === 'rate' ? 'rate' : 'money';

/** A tier's value for showing: money in the currency, rates as per cents. */
export function showValue(tier: AnyTier, name: string, money: (minor: string) => string) {
  const value = (tier as unknown as Record<string, string | number>)[name];
  const kind = fieldKind(name);
  if (kind === 'rate') return `${formatRate(Number(value))} %`;
  if (kind === 'count') return String(value);
  return money(String(value));
}
