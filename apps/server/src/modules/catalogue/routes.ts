import {
  getGameList,
  getGameMenus,
  getGameVendors,
  getHotGames,
  getPopularGames,
  getVendorClassifies,
} from '@tessera/contract/api/catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import { answerLanguage } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { registerArtwork } from './artwork.js';
import type { CatalogueService } from './service.js';

/** The original client repeats the merchant in the query; the Merchant header decides, so they must agree. */
function checkMerchant(request: FastifyRequest, merchantCode: string | undefined) {
  if (merchantCode !== undefined && merchantCode !== request.merchantCode) throw new AppError('function.not.available');
}

export async function catalogueRoutes(app: FastifyInstance, http: HttpContext, { catalogue }: { catalogue: CatalogueService }) {
  await registerArtwork(app);

  registerRelay(app, http, getGameVendors, async (request) => {
    checkMerchant(request, request.query.merchantCode);
    return { data: { lanes: await catalogue.lanes(request.merchantCode, answerLanguage(request)) } };
  });

  registerCall(app, http, getGameMenus, async (request) => {
    const { gameType, vassalage, language } = request.query;
    return { menus: await catalogue.menus(request.merchantCode, answerLanguage(request, language), { gameType, vassalage }) };
  });

  registerRelay(app, http, getHotGames, async (request) => {
    checkMerchant(request, request.query.merchantCode);
    const { vassalage, language } = request.query;
    return { list: await catalogue.hotGames(request.merchantCode, answerLanguage(request, language), vassalage) };
  });

  registerRelay(app, http, getGameList, async (request) =>
    catalogue.gameList(request.merchantCode, answerLanguage(request, request.query.language), request.query),
  );

  registerRelay(app, http, getVendorClassifies, async (request) => {
    const { vassalage, language } = request.query;
    return { list: await catalogue.vendorClassifies(request.merchantCode, answerLanguage(request, language), vassalage) };
  });

  registerCall(app, http, getPopularGames, async (request) => {
    const { count, prizeMode, language } = request.query;
    return { list: await catalogue.popular(request.merchantCode, answerLanguage(request, language), count, prizeMode) };
  });
}
