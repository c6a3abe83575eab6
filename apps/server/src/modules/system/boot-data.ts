import { type BootData, LANGUAGE_COOKIE } from '@tessera/contract/api/boot-data';
import { POPULAR_DEFAULT_COUNT } from '@tessera/contract/api/catalogue';
import { SYSTEM_STATUS } from '@tessera/contract/api/system';
import type { AnnouncementType } from '@tessera/contract/settings';
import { parse as parseCookies } from 'cookie';
import type { FastifyRequest } from 'fastify';
import type { CatalogueService } from '../catalogue/service.js';
import type { ContentService } from '../content/service.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { systemStatus } from './service.js';

/** The home page's announcements call (apps/web/src/features/content/api/get-announcements.ts). */
const HOME_ANNOUNCEMENT_TYPES: AnnouncementType[] = ['B', 'PU', 'PR', 'H'];

/**
 * The language the visitor chose (the web app's `lang` cookie) when the site offers it, else the site's default:
 * the web app shows the same one (apps/web/src/i18n/languages.ts, pickLanguage), so its boot data and prerendered
 * page are written in the language it will keep.
 */
function visitorLanguage(request: FastifyRequest, product: { defaultLang: string; supportLanguages: readonly string[] }) {
  const header = request.headers.cookie;
  const chosen = header ? parseCookies(header)[LANGUAGE_COOKIE] : undefined;
  return chosen && product.supportLanguages.includes(chosen) ? chosen : product.defaultLang;
}

export interface BootDataSources {
  defaultMerchant: string;
  siteSettings: SiteSettingsService;
  content: ContentService;
  catalogue: CatalogueService;
  countryOf: (ip: string) => string | null;
}

/** The home page's first answers, put into the page itself (platform/boot-data.ts renders them). */
export function bootDataLoader({ defaultMerchant, siteSettings, content, catalogue, countryOf }: BootDataSources) {
  /** Computed per request and never cached: an operator's maintenance switch shows on the next load. */
  return async (request: FastifyRequest): Promise<BootData | null> => {
    const merchantCode = defaultMerchant;
    const settings = await siteSettings.cached(merchantCode);
    if (!settings) return null;
    const now = Date.now();
    const status = systemStatus(settings, request.ip, countryOf, now);
    if (status.status !== SYSTEM_STATUS.normal) return { status };
    const language = visitorLanguage(request, settings.product);
    const audience = { merchantCode, platform: 'W' as const, language, defaultLanguage: settings.product.defaultLang };
    const [lists, lanes, hotGames, popularGames] = await Promise.all([
      content.announcements(audience, HOME_ANNOUNCEMENT_TYPES, new Date(now)),
      catalogue.lanes(merchantCode, language),
      catalogue.hotGames(merchantCode, language, undefined),
      catalogue.popular(merchantCode, language, POPULAR_DEFAULT_COUNT, undefined),
    ]);
    return {
      status,
      announcements: { language, lists },
      catalogue: { language, lanes, hotGames, popularGames },
    };
  };
}
