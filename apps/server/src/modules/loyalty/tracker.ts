import { MEMBER_CHANGE_PAUSE_MS, MemberChangeTracker } from '../ledger/member-changes.js';
import type { LoyaltyService } from './service.js';

/**
 * Has a member's new bets and deposits counted within a moment of the ledger's change: the upgrade follows the
 * crossing bet, and the bet path pays nothing for it.
 */
export class LoyaltyTracker extends MemberChangeTracker {
  constructor(loyalty: LoyaltyService, onError: (error: unknown) => void, pauseMs = MEMBER_CHANGE_PAUSE_MS) {
    super((merchant, memberIds) => loyalty.catchUpMany(merchant, memberIds), onError, pauseMs);
  }
}
