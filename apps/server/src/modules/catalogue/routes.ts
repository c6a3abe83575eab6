import {
  getGameList,
  getGameMenus,
  getGameVendors,
  getHotGames,
  getPopularGames,
  getVendorClassifies,
} from '@tessera/contract/api/catalogue';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { registerArtwork } from './artwork.js';
import { resolveLanguage } from './language.js';
import { CatalogueService } from './service.js';

const languageOf = (request: FastifyRequest, parameter?: string) =>
  resolveLanguage(parameter, request.headers[HEADERS.language], request.siteSettings.product);

/** The original client repeats the merchant in the query; the Merchant header decides, so they must agree. */
function checkMerchant(request: FastifyRequest, merchantCode: string | undefined) {
  if (merchantCode !== undefined && merchantCode !== request.merchantCode) throw new AppError('function.not.available');
}

export async function catalogueRoutes(app: FastifyInstance, services: AppServices) {
  const catalogue = new CatalogueService(services.db);
  await registerArtwork(app);

  registerRelay(app, services, getGameVendors, async (request) => {
    checkMerchant(request, request.query.merchantCode);
    return { data: { lanes: await catalogue.lanes(request.merchantCode, languageOf(request)) } };
  });

  registerCall(app, services, getGameMenus, async (request) => {
    const { gameType, vassalage, language } = request.query;
    return { menus: await catalogue.menus(request.merchantCode, languageOf(request, language), { gameType, vassalage }) };
  });

  registerRelay(app, services, getHotGames, async (request) => {
    checkMerchant(request, request.query.merchantCode);
    const { vassalage, language } = request.query;
    return { list: await catalogue.hotGames(request.merchantCode, languageOf(request, language), vassalage) };
  });

  registerRelay(app, services, getGameList, async (request) =>
    catalogue.gameList(request.merchantCode, languageOf(request, request.query.language), request.query),
  );

  registerRelay(app, services, getVendorClassifies, async (request) => {
    const { vassalage, language } = request.query;
    return { list: await catalogue.vendorClassifies(request.merchantCode, languageOf(request, language), vassalage) };
  });

  registerCall(app, services, getPopularGames, async (request) => {
    const { count, prizeMode, language } = request.query;
    return { list: await catalogue.popular(request.merchantCode, languageOf(request, language), count, prizeMode) };
  });
}
