import type { MissionInput } from '@tessera/contract/api/back-office-loyalty';

/** A daily mission: 50.00 of valid bet on any game, 10 points. */
export const missionInput = (overrides: Partial<MissionInput> = {}): MissionInput => ({
  names: { en: 'Daily spinner', bn: 'দৈনিক স্পিনার' },
  kind: 'valid_bet',
  gameCategory: null,
  target: '5000',
  period: 'daily',
  rewardType: 'points',
  rewardAmount: '10',
  promotionId: null,
  ...overrides,
});
