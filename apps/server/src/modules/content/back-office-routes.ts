import * as api from '@tessera/contract/api/back-office-content';
import type { AnnouncementType } from '@tessera/contract/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import type { AuditActor } from '../audit-log/service.js';
import { SettingsRejected } from '../site-settings/errors.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { ContentRejected } from './errors.js';
import type * as repo from './repo.js';
import { sanitiseContent, sanitiseTitle } from './sanitise.js';
import type { ContentService } from './service.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });

/** A refusal's reasons as field errors: `announcements[0].endTime must…` names the field `endTime`. */
export const rejectionFields = (reasons: string[]) =>
  reasons.map((reason) => {
    const field = /^(?:announcements\[\d+\]\.|\/)([A-Za-z]+)/.exec(reason)?.[1] ?? '';
    const text = reason.replace(/^announcements\[\d+\]\.?/, '');
    return { field: field ? `body/${field}` : 'body', key: 'validation.rejected', params: { reason: text } };
  });

/** Runs a write, turning the content module's refusal into a 400 whose fields say what to fix. */
async function refusing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ContentRejected) throw new AppError('content.rejected', { fields: rejectionFields(error.reasons) });
    if (error instanceof SettingsRejected) throw new AppError('content.rejected', { fields: rejectionFields(error.reasons) });
    throw error;
  }
}

type Listed = Awaited<ReturnType<ContentService['page']>>['rows'][number];

const stateOf = (row: Listed, now: number): api.ContentItem['state'] =>
  row.starts_at.getTime() > now ? 'scheduled' : row.ends_at && row.ends_at.getTime() <= now ? 'ended' : 'live';

const toItem = (row: Listed, now: number): api.ContentItem => ({
  id: row.id.toString(),
  type: row.type as AnnouncementType,
  platform: row.platform as api.ContentItem['platform'],
  audience: row.audience as api.ContentItem['audience'],
  state: stateOf(row, now),
  startTime: row.starts_at.getTime(),
  endTime: row.ends_at?.getTime() ?? null,
  sortOrder: row.sort_order,
  image: row.image_path,
  groupName: row.group_name,
  linkageType: row.linkage_type as api.ContentItem['linkageType'],
  link: row.link,
  texts: Object.fromEntries(row.texts.map((text) => [text.language, { title: text.title, content: text.content }])),
  updatedAt: row.updated_at.getTime(),
  updatedBy: row.updated_by,
});

const CSV_COLUMNS = [
  'id',
  'type',
  'state',
  'platform',
  'start',
  'end',
  'sort',
  'titles',
  'image',
  'link',
  'updated',
  'updated_by',
];

const filterOf = (query: {
  type?: AnnouncementType;
  state?: repo.AdminFilter['state'];
  search?: string;
  sort?: repo.AdminFilter['sort'];
}) => ({
  type: query.type,
  state: query.state,
  search: query.search,
  sort: query.sort,
});

/** The back office's content calls: the content module's own service, so its checks and history apply as for the CLI. */
export function contentBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { content, siteSettings }: { content: ContentService; siteSettings: SiteSettingsService },
) {
  registerCall(app, http, api.contentList, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    const { rows, total } = await content.page(request.merchantCode, filterOf(request.query), (page - 1) * pageSize, pageSize);
    const now = Date.now();
    return { items: rows.map((row) => toItem(row, now)), total };
  });

  registerCall(app, http, api.contentExport, async (request) => {
    const { rows, total } = await content.page(request.merchantCode, filterOf(request.query), 0, api.CONTENT_EXPORT_MAX);
    const now = Date.now();
    const lines = rows.map((row) => {
      const item = toItem(row, now);
      return [
        item.id,
        item.type,
        item.state,
        item.platform,
        new Date(item.startTime).toISOString(),
        item.endTime === null ? '' : new Date(item.endTime).toISOString(),
        String(item.sortOrder),
        Object.entries(item.texts)
          .map(([language, text]) => `${language}: ${text.title}`)
          .join(' | '),
        item.image ?? '',
        item.link ?? '',
        new Date(item.updatedAt).toISOString(),
        item.updatedBy,
      ];
    });
    return csvExport(CSV_COLUMNS, lines, total);
  });

  registerCall(app, http, api.contentCreate, async (request) => {
    const id = await refusing(() => content.add(request.merchantCode, request.body, actorOf(request)));
    return { id: id.toString() };
  });

  registerCall(app, http, api.contentUpdate, async (request) => {
    await refusing(() =>
      content.update(request.merchantCode, BigInt(request.body.id), request.body.announcement, actorOf(request)),
    );
    return null;
  });

  registerCall(app, http, api.contentEnd, async (request) => {
    await refusing(() => content.end(request.merchantCode, BigInt(request.body.id), actorOf(request)));
    return null;
  });

  registerCall(app, http, api.contentRemove, async (request) => {
    await refusing(() => content.remove(request.merchantCode, BigInt(request.body.id), actorOf(request)));
    return null;
  });

  registerCall(app, http, api.contentPreview, async (request) => ({ html: sanitiseContent(request.body.html) }));

  registerCall(app, http, api.helpCentre, async (request) => {
    const settings = await siteSettings.get(request.merchantCode, 0);
    return settings?.helpCenter ?? [];
  });

  registerCall(app, http, api.helpCentreSave, async (request) => {
    // The site renders article HTML as it is stored: the content module's allow-list applies here as to announcements.
    const articles = request.body.articles.map((article) => ({
      ...article,
      title: Object.fromEntries(Object.entries(article.title).map(([language, text]) => [language, sanitiseTitle(text)])),
      content: Object.fromEntries(Object.entries(article.content).map(([language, html]) => [language, sanitiseContent(html)])),
    }));
    return refusing(() => siteSettings.set(request.merchantCode, 'helpCenter', articles, `staff:${staffOf(request).name}`));
  });
}
