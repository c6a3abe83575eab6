import type { LaunchRequest, LaunchUrl, VendorAdapter } from '../games/vendor.js';
import { HOUSE_SLOT_VENDOR, houseSlotByCode } from './games.js';
import { houseOriginalByCode } from './originals.js';
import { issueTicket } from './sessions.js';

/** Where the server serves apps/house-games (platform/house-games-app.ts). */
export const HOUSE_GAMES_BASE = '/house-games';
/** The instant games' page (apps/house-games/originals/index.html). */
export const ORIGINALS_PAGE = 'originals';

/**
 * The house vendor behind the common vendor interface: its games run on this server, so the launch URL
 * is the house-games client with a one-use ticket, and its wallet is the ledger itself (no callbacks).
 */
export const houseSlotsAdapter: VendorAdapter = {
  vassalages: [HOUSE_SLOT_VENDOR],
  playMoney: true,
  async launchUrl(request: LaunchRequest): Promise<LaunchUrl> {
    const slot = houseSlotByCode(request.gameCode);
    const original = houseOriginalByCode(request.gameCode);
    // Slots open at their engine game's page, the instant games at the one page they share.
    const page = slot ? slot.game.id : original ? ORIGINALS_PAGE : null;
    if (page === null) return { gameUrl: '' };
    const ticket = await issueTicket(request.db, request, request.gameCode);
    const query = new URLSearchParams({ session: ticket, merchant: request.merchant, lang: request.language });
    return { gameUrl: `${HOUSE_GAMES_BASE}/${page}/?${query.toString()}` };
  },
};
