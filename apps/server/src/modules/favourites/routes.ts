import {
  addFavourite,
  getFavouriteGames,
  getFavouriteIds,
  getRecentGames,
  removeFavourite,
} from '@tessera/contract/api/favourites';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRelay } from '../../http/relay.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { resolveLanguage } from '../catalogue/language.js';
import { memberOf } from '../wallet/routes.js';
import { FavouritesService } from './service.js';

const languageOf = (request: FastifyRequest, parameter?: string) =>
  resolveLanguage(parameter, request.headers[HEADERS.language], request.siteSettings.product);

/** The operator switches favourites (GAMELOFAV3) and recent games (GAMELOREC3) off in the whitelabel tree. */
function requireFeature(request: FastifyRequest, modId: string) {
  if (!isFeatureEnabled(request.siteSettings.whitelabel, modId)) throw new AppError('function.not.available');
}

/** Favourite and recent games (spec §7.3); every call is the member's own. */
export function favouriteRoutes(app: FastifyInstance, services: AppServices) {
  const favourites = new FavouritesService(services.db);

  registerRelay(app, services, getFavouriteIds, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    return { list: await favourites.ids(request.merchantCode, memberOf(request)) };
  });

  registerRelay(app, services, getFavouriteGames, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    const { pageNo, pageSize, language } = request.query;
    return favourites.page(request.merchantCode, memberOf(request), languageOf(request, language), pageNo, pageSize);
  });

  registerRelay(app, services, addFavourite, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    return { list: await favourites.add(request.merchantCode, memberOf(request), request.body) };
  });

  registerRelay(app, services, removeFavourite, async (request) => {
    requireFeature(request, FEATURES.favouriteGames);
    return { list: await favourites.remove(request.merchantCode, memberOf(request), request.query.nodeId) };
  });

  registerRelay(app, services, getRecentGames, async (request) => {
    requireFeature(request, FEATURES.recentGames);
    return {
      list: await favourites.recent(request.merchantCode, memberOf(request), languageOf(request, request.query.language)),
    };
  });
}
