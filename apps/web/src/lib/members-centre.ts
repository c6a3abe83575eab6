import type { ParseKeys } from 'i18next';

/** Spec §2.4: the personal-centre panel's 14 entries, in this order, each with its page key. */
export const MEMBERS_CENTRE_ENTRIES = [
  { page: 'securityCenter', label: 'members_centre.entry.my_account' },
  { page: 'transferFund', label: 'members_centre.entry.my_wallet' },
  { page: 'depositv2', label: 'members_centre.entry.deposit' },
  { page: 'withdraw', label: 'members_centre.entry.withdrawal' },
  { page: 'transferUpline', label: 'members_centre.entry.transfer_upline' },
  { page: 'personalHistoryCopy', label: 'members_centre.entry.betting_record' },
  { page: 'manualRebate', label: 'members_centre.entry.cashback' },
  { page: 'transactionHistory', label: 'members_centre.entry.account_record' },
  { page: 'personalProfit', label: 'members_centre.entry.personal_loss' },
  { page: 'bonusDetails', label: 'members_centre.entry.bonus_details' },
  { page: 'rewardCenter', label: 'members_centre.entry.reward_center' },
  { page: 'referral', label: 'members_centre.entry.invite_friends' },
  { page: 'missionLeaderboard', label: 'members_centre.entry.mission_activity' },
  { page: 'messageV2', label: 'members_centre.entry.platform_information' },
] as const satisfies readonly { page: string; label: ParseKeys }[];

/** Spec §2.4 "other named pages", reachable by `?mc=` but not listed in the panel. */
export const MEMBERS_CENTRE_OTHER_PAGES = ['playerRank', 'profile'] as const;

export type MembersCentrePageKey = (typeof MEMBERS_CENTRE_ENTRIES)[number]['page'] | (typeof MEMBERS_CENTRE_OTHER_PAGES)[number];

export const DEFAULT_MEMBERS_CENTRE_PAGE: MembersCentrePageKey = 'securityCenter';
/** The URL parameter that opens the overlay on a page (the URL is state: a reload keeps the page). */
export const MEMBERS_CENTRE_PARAM = 'mc';
