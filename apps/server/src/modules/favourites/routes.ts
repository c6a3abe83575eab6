import {
  addFavourite,
  getFavouriteGames,
  getFavouriteIds,
  getRecentGames,
  removeFavourite,
} from '@tessera/contract/api/favourites';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerRelay } from '../../http/relay.js';
import { answerLanguage, memberOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import type { FavouritesService } from './service.js';

/** The operator switches favourites (GAMELOFAV3) and recent games (GAMELOREC3) off in the whitelabel tree. */
function requireFeature(request: FastifyRequest, modId: string) {
  if (!isFeatureEnabled(request.siteSettings.whitelabel, modId)) throw new AppError('function.not.available');
}

/** Favourite and recent games (spec §7.3); every call is the member's own. */
export function favouriteRoutes(app: FastifyInstance, http: HttpContext, { favourites }: { favourites: FavouritesService }) {
  registerRelay(app, http, getFavouriteIds, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    return { list: await favourites.ids(request.merchantCode, memberOf(request)) };
  });

  registerRelay(app, http, getFavouriteGames, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    const { pageNo, pageSize, language } = request.query;
    return favourites.page(request.merchantCode, memberOf(request), answerLanguage(request, language), pageNo, pageSize);
  });

  registerRelay(app, http, addFavourite, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    return { list: await favourites.add(request.merchantCode, memberOf(request), request.body) };
  });

  registerRelay(app, http, removeFavourite, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    return { list: await favourites.remove(request.merchantCode, memberOf(request), request.query.nodeId) };
  });

  registerRelay(app, http, getRecentGames, async (request) => {
    requireFeature(request, FEATURES.recentGames);
    return {
      list: await favourites.recent(request.merchantCode, memberOf(request), answerLanguage(request, request.query.language)),
    };
  });
}
