import {
  DEFAULT_ANNOUNCEMENT_TYPE,
  getListAnnouncements,
  getNotice,
  getNoticeList,
  NOTICES_PER_PAGE,
} from '@tessera/contract/api/content';
import type { AnnouncementType } from '@tessera/contract/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerRelay } from '../../http/relay.js';
import { requestedLanguage } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { installContentMedia } from './media.js';
import type { Audience, ContentService } from './service.js';

/** Token-free (spec §6): announcements, the notice page and one notice; plus the images they point at. */
export function contentRoutes(app: FastifyInstance, http: HttpContext, { content }: { content: ContentService }) {
  const audience = (request: FastifyRequest, platform: 'W' | 'M' | undefined): Audience => ({
    merchantCode: request.merchantCode,
    platform: platform ?? 'W',
    language: requestedLanguage(request),
    defaultLanguage: request.siteSettings.product.defaultLang,
  });

  registerRelay(app, http, getListAnnouncements, async (request) => {
    const { types, platform, execution } = request.query;
    // The original sends the full type list plus the type the page executes (default B, spec §9); a call that
    // names no types asks for that one type.
    const wanted = types ? (types.split(',') as AnnouncementType[]) : [execution ?? DEFAULT_ANNOUNCEMENT_TYPE];
    return content.announcements(audience(request, platform), wanted, new Date());
  });

  registerRelay(app, http, getNoticeList, async (request) => {
    const { pageNo = 1, pageSize = NOTICES_PER_PAGE, platform } = request.query;
    return content.noticePage(audience(request, platform), pageNo, pageSize, new Date());
  });

  registerRelay(app, http, getNotice, async (request) => {
    const notice = await content.notice(audience(request, undefined), BigInt(request.query.id), new Date());
    if (!notice) throw new AppError('notice.not.found');
    return notice;
  });

  installContentMedia(app);
}
