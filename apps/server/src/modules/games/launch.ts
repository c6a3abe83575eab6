import type { LaunchGameBody, LaunchGameValue } from '@tessera/contract/api/games';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import type { CatalogueService } from '../catalogue/service.js';
import { recordRecentGame } from '../favourites/service.js';
import { assertMayPlay } from '../responsible-gaming/service.js';
import { isTrialMember } from './accounts.js';
import * as repo from './repo.js';
import type { VendorAdapter } from './vendor.js';
import { adapterFor } from './vendor.js';

/** How many games a maintenance answer offers instead. */
const RECOMMENDED_COUNT = 6;

/** Launch (spec §2.1, §3): checks the member may play this game now, then asks its vendor's adapter for the URL. */
export class LaunchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: CatalogueService,
    private readonly adapters: readonly VendorAdapter[],
  ) {}

  async launch(
    { merchantCode: merchant, memberId, tokenHash }: SessionPrincipal,
    settings: Settings,
    body: LaunchGameBody,
    language: string,
  ): Promise<LaunchGameValue> {
    const gameCode = body.gameId ?? body.roomId ?? body.lottoGameCode;
    if (gameCode === undefined) {
      throw new AppError('request.invalid', { fields: [{ field: 'body/gameId', key: 'validation.required', params: {} }] });
    }
    const game = await repo.selectLaunchGame(this.db, merchant, body.vassalage, gameCode);
    if (!game || game.status === 'retired' || game.vendor_status === 'retired') throw new AppError('game.not.found');
    await assertMayPlay(this.db, merchant, memberId);
    if (game.status === 'maintenance' || game.vendor_status === 'maintenance') {
      return {
        maintenance: { messageKey: 'errors.game_maintenance', recommended: await this.recommend(merchant, language, game) },
      };
    }
    const adapter = adapterFor(game.vassalage, this.adapters);
    if (!adapter) throw new AppError('game.vendor.unavailable');
    if (await isTrialMember(this.db, merchant, memberId)) {
      // Play money exists only where the merchant hands it out, and only the house can settle it.
      if (!adapter.playMoney || settings.wallet.trialPlayMoneyMinor <= 0) throw new AppError('in_need_true_account');
    }
    const url = await adapter.launchUrl({
      db: this.db,
      merchant,
      memberId,
      siteSession: tokenHash,
      gameCode: game.game_code,
      vassalage: game.vassalage,
      language,
      platform: body.platform ?? 'html5-desktop',
      ...(body.lottoView ? { lottoView: body.lottoView } : {}),
    });
    if (url.gameUrl === '') throw new AppError('game.vendor.unavailable');
    await recordRecentGame(this.db, { merchant, memberId, vassalage: game.vassalage, gameId: game.game_code });
    return { content: { game_url: url.gameUrl, ...(url.gameUrl2 ? { game_url2: url.gameUrl2 } : {}) } };
  }

  /** Active games of the same category, the same class first, most popular first within the catalogue order. */
  private async recommend(
    merchant: string,
    language: string,
    game: { game_code: string; category: string; classify_key: string },
  ) {
    const page = await this.catalogue.gameList(merchant, language, {
      gameType: game.category as GameCategory,
      pageNo: 1,
      pageSize: 60,
    });
    const playable = page.content.filter((item) => item.status === 'active' && item.gameId !== game.game_code);
    const sameClass = playable.filter((item) => item.classify === game.classify_key);
    const others = playable.filter((item) => item.classify !== game.classify_key);
    return [...sameClass, ...others].slice(0, RECOMMENDED_COUNT);
  }
}
