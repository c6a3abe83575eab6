import type { LaunchRequest, LaunchUrl, VendorAdapter } from '../games/vendor.js';
import { HOUSE_GAMES_BASE } from '../house-vendor/adapter.js';
import { issueTicket } from '../house-vendor/sessions.js';
import { ELOTT_VENDOR, LOTT_VENDOR, lotteryGameByCode } from './games.js';

/**
 * The house lotteries behind the vendor interface: the frame opens the lottery client of apps/house-games with
 * the house vendor's one-use launch ticket (house-vendor/sessions.ts), exchanged by `POST /wps/lottery/session`.
 */
export const houseLotteryAdapter: VendorAdapter = {
  vassalages: [LOTT_VENDOR, ELOTT_VENDOR],
  playMoney: true,
  async launchUrl(request: LaunchRequest): Promise<LaunchUrl> {
    const game = lotteryGameByCode(request.gameCode);
    if (!game) return { gameUrl: '' };
    const ticket = await issueTicket(request.db, request, game.gameCode);
    const query = new URLSearchParams({
      session: ticket,
      merchant: request.merchant,
      lang: request.language,
      game: game.gameCode,
      view: request.lottoView ?? 'betting',
    });
    return { gameUrl: `${HOUSE_GAMES_BASE}/lottery/?${query.toString()}` };
  },
};
