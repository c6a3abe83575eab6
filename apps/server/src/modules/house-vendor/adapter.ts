import type { LaunchRequest, LaunchUrl, VendorAdapter } from '../games/vendor.js';
import { HOUSE_SLOT_VENDOR, houseSlotByCode } from './games.js';
import { issueTicket } from './sessions.js';

/** Where the server serves apps/house-games (platform/house-games-app.ts). */
export const HOUSE_GAMES_BASE = '/house-games';

/**
 * The house vendor behind the common vendor interface: its games run on this server, so the launch URL
 * is the house-games client with a one-use ticket, and its wallet is the ledger itself (no callbacks).
 */
export const houseSlotsAdapter: VendorAdapter = {
  vassalages: [HOUSE_SLOT_VENDOR],
  playMoney: true,
  async launchUrl(request: LaunchRequest): Promise<LaunchUrl> {
    const slot = houseSlotByCode(request.gameCode);
    if (!slot) return { gameUrl: '' };
    const ticket = await issueTicket(request.db, request, slot.gameCode);
    const query = new URLSearchParams({ session: ticket, merchant: request.merchant, lang: request.language });
    return { gameUrl: `${HOUSE_GAMES_BASE}/${slot.game.id}/?${query.toString()}` };
  },
};
