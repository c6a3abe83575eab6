import { describe, expect, it } from 'vitest';
import { inputOf } from './promotion-form';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ type: 'free', title_en: 'Gift', fixedBonus: '10', bonusCap: '10', ...fields }))
    form.set(name, value);
  return form;
};

describe("the promotion form's audience", () => {
  it('reads VIP levels, an agent, or a list of accounts for the audience chosen, and nothing for the others', () => {
    expect(inputOf(formOf({ audience: 'vip', vipLevels: '3, 2 3', agentAccount: 'ignored' })).input).toMatchObject({
      audience: 'vip',
      vipLevels: [3, 2],
      agentAccount: null,
      accounts: [],
    });
    expect(inputOf(formOf({ audience: 'downline', agentAccount: ' agent7 ' })).input).toMatchObject({
      audience: 'downline',
      agentAccount: 'agent7',
      vipLevels: [],
    });
    expect(inputOf(formOf({ audience: 'members', accounts: 'rahim\nkarim, rahim;sumi' })).input.accounts).toEqual([
      'rahim',
      'karim',
      'sumi',
    ]);
    expect(inputOf(formOf({ audience: 'somebody' })).input.audience).toBe('all');
  });

  it('names the VIP levels field when a level is not a whole number from 0 to 100', () => {
    expect(inputOf(formOf({ audience: 'vip', vipLevels: '2, x' })).problems).toContain('vipLevels');
    expect(inputOf(formOf({ audience: 'vip', vipLevels: '101' })).problems).toContain('vipLevels');
    expect(inputOf(formOf({ audience: 'vip', vipLevels: '0, 5' })).problems).toEqual([]);
  });
});

describe("the promotion form's loss rebate", () => {
  it('reads the period, the percent as basis points, the minimum loss and the categories for a rebate only', () => {
    const rebate = formOf({
      type: 'rebate',
      fixedBonus: '',
      rebatePeriod: 'weekly',
      rebatePercent: '2.5',
      minLoss: '100',
      rebate_RNG: 'on',
    });
    expect(inputOf(rebate)).toMatchObject({
      input: { rebatePeriod: 'weekly', rebateBasisPoints: 250, minLossMinor: '10000', rebateCategories: ['RNG'] },
      problems: [],
    });
    expect(inputOf(formOf({ rebatePercent: '2.5', rebate_RNG: 'on' })).input).toMatchObject({
      rebatePeriod: null,
      rebateBasisPoints: null,
      rebateCategories: [],
    });
    expect(inputOf(formOf({ type: 'rebate', rebatePercent: '2.555' })).problems).toContain('rebatePercent');
    expect(inputOf(formOf({ type: 'rebate', rebatePercent: '101' })).problems).toContain('rebatePercent');
  });
});
