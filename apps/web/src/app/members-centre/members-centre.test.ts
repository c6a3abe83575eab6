import { describe, expect, it } from 'vitest';
import { MEMBERS_CENTRE_ENTRIES } from '../../lib/members-centre';
import { resolvePage } from './members-centre';
import { MEMBERS_CENTRE_PAGES } from './pages';

describe('members centre', () => {
  it('lists the 14 entries of spec §2.4 in order', () => {
    expect(MEMBERS_CENTRE_ENTRIES.map((entry) => entry.page)).toEqual([
      'securityCenter',
      'transferFund',
      'depositv2',
      'withdraw',
      'transferUpline',
      'personalHistoryCopy',
      'manualRebate',
      'transactionHistory',
      'personalProfit',
      'bonusDetails',
      'rewardCenter',
      'referral',
      'missionLeaderboard',
      'messageV2',
    ]);
  });

  it('opens the asked page when registered, else the default, else the first registered entry', () => {
    expect(resolvePage('depositv2')).toBe('depositv2');
    const fallback =
      'securityCenter' in MEMBERS_CENTRE_PAGES
        ? 'securityCenter'
        : MEMBERS_CENTRE_ENTRIES.find((e) => e.page in MEMBERS_CENTRE_PAGES)?.page;
    expect(resolvePage('noSuchPage')).toBe(fallback);
    expect(resolvePage(null)).toBe(fallback);
  });
});
