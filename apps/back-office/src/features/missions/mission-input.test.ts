import { describe, expect, it } from 'vitest';
import { formTextOf, missionInputOf } from './mission-input';

const form = (values: Record<string, string>) => (name: string) => values[name] ?? '';
const base = {
  name_en: 'Spin daily',
  kind: 'valid_bet',
  target: '500',
  period: 'daily',
  rewardType: 'points',
  rewardAmount: '50',
};

describe('missions form input', () => {
  it('turns a money target into minor units and keeps points whole', () => {
    expect(missionInputOf(form({ ...base, gameCategory: 'rng', name_bn: 'প্রতিদিন ঘুরান' }), 2)).toEqual({
      input: {
        names: { en: 'Spin daily', bn: 'প্রতিদিন ঘুরান' },
        kind: 'valid_bet',
        gameCategory: 'RNG',
        target: '50000',
        period: 'daily',
        rewardType: 'points',
        rewardAmount: '50',
        promotionId: null,
      },
    });
  });

  it('keeps counts as counts, drops a category where it does not apply, and asks a bonus for its promotion', () => {
    const logins = missionInputOf(form({ ...base, kind: 'login_days', target: '3', gameCategory: 'RNG' }), 2);
    expect(logins).toMatchObject({ input: { target: '3', gameCategory: null } });
    expect(missionInputOf(form({ ...base, kind: 'bet_count', target: '2.5' }), 2)).toEqual({
      problem: { field: 'target', key: 'missions.form.count_invalid' },
    });
    expect(missionInputOf(form({ ...base, rewardType: 'bonus', rewardAmount: '10' }), 2)).toEqual({
      problem: { field: 'promotionId', key: 'missions.form.promotion_needed' },
    });
    expect(missionInputOf(form({ ...base, rewardType: 'bonus', rewardAmount: '10.5', promotionId: '7' }), 2)).toMatchObject({
      input: { rewardAmount: '1050', promotionId: '7' },
    });
    expect(missionInputOf(form({ ...base, target: '0' }), 2)).toEqual({
      problem: { field: 'target', key: 'missions.form.amount_invalid' },
    });
  });

  it('shows a saved amount back in major units', () => {
    expect(formTextOf('50000', true, 2)).toBe('500');
    expect(formTextOf('1050', true, 2)).toBe('10.5');
    expect(formTextOf('5', true, 2)).toBe('0.05');
    expect(formTextOf('12', false, 2)).toBe('12');
  });
});
