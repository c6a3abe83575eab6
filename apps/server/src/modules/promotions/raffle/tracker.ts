import { MEMBER_CHANGE_PAUSE_MS, MemberChangeTracker } from '../../ledger/member-changes.js';
import type { RaffleService } from './service.js';

/**
 * Has members' new bets counted into the open raffles within a moment of the ledger's change. The count is a
 * catch-up from the entry's mark, so a replayed or duplicated event, or the same event heard by every instance,
 * counts nothing twice; a missed one is made up by the next count, the member opening the raffle, or the draw's
 * closing count.
 */
export class RaffleTracker extends MemberChangeTracker {
  constructor(raffles: RaffleService, onError: (error: unknown) => void, pauseMs = MEMBER_CHANGE_PAUSE_MS) {
    super((merchant, memberIds) => raffles.catchUpMany(merchant, memberIds), onError, pauseMs);
  }
}
