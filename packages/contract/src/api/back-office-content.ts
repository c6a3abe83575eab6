import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-content.js';
import { HelpItem } from '../settings.js';
import { defineCall } from './call.js';
import {
  AnnouncementAudience,
  AnnouncementInput,
  AnnouncementPlatform,
  AnnouncementText,
  CONTENT_MAX_LENGTH,
  LinkageType,
} from './content.js';
import { EpochMs } from './epoch-ms.js';
import { RowId } from './row-id.js';

/**
 * The back office's content screens: every announcement type (B banner, PL notice, PU popup, PR promotion,
 * H headline) through the content module's own validation and sanitising, and the help centre's articles
 * through the site settings' validation: the same services the operator commands call.
 */

const TAGS = ['back-office'];
const bypassesGate = true;

const ContentType = Type.Union([
  Type.Literal('B'),
  Type.Literal('PL'),
  Type.Literal('PU'),
  Type.Literal('PR'),
  Type.Literal('H'),
]);

export const ContentItem = Type.Object({
  id: RowId,
  type: ContentType,
  platform: AnnouncementPlatform,
  audience: AnnouncementAudience,
  state: Type.Enum(routes.CONTENT_STATES),
  startTime: EpochMs('Shown from'),
  endTime: Type.Union([EpochMs('Shown until (exclusive)'), Type.Null()]),
  sortOrder: Type.Integer(),
  image: Type.Union([Type.String(), Type.Null()]),
  groupName: Type.Union([Type.String(), Type.Null()]),
  linkageType: LinkageType,
  link: Type.Union([Type.String(), Type.Null()]),
  texts: Type.Record(Type.String(), AnnouncementText, { description: 'Title and sanitised HTML by language code' }),
  updatedAt: EpochMs('Last change'),
  updatedBy: Type.String(),
});
export type ContentItem = Static<typeof ContentItem>;

const ContentFilter = {
  type: Type.Optional(ContentType),
  state: Type.Optional(Type.Enum(routes.CONTENT_STATES)),
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Part of a title, any language' })),
  sort: Type.Optional(Type.Enum(routes.CONTENT_SORTS, { default: 'start-desc' })),
};

export const contentList = defineCall(routes.contentList, {
  tags: TAGS,
  bypassesGate,
  summary: 'Announcements of every type with all their languages, filtered, sorted and paged on the server',
  querystring: Type.Object(
    {
      ...ContentFilter,
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
      pageSize: Type.Optional(Type.Enum(routes.CONTENT_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ items: Type.Array(ContentItem), total: Type.Integer({ minimum: 0 }) }),
});

/** The most rows one export holds. */
export const CONTENT_EXPORT_MAX = 5000;

export const contentExport = defineCall(routes.contentExport, {
  tags: TAGS,
  bypassesGate,
  summary: `The filtered announcements as CSV text (up to ${CONTENT_EXPORT_MAX} rows)`,
  querystring: Type.Object(ContentFilter, { additionalProperties: false }),
  value: Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
});

export const contentCreate = defineCall(routes.contentCreate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Add an announcement (validated and sanitised as `announcement add` does); answers its id',
  body: AnnouncementInput,
  value: Type.Object({ id: RowId }),
});

export const contentUpdate = defineCall(routes.contentUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Replace an announcement: its type, window, placement and every language text',
  body: Type.Object({ id: RowId, announcement: AnnouncementInput }, { additionalProperties: false }),
  value: Type.Null(),
});

export const contentEnd = defineCall(routes.contentEnd, {
  tags: TAGS,
  bypassesGate,
  summary: 'Stop showing an announcement now (kept, with its history)',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const contentRemove = defineCall(routes.contentRemove, {
  tags: TAGS,
  bypassesGate,
  summary: 'Delete an announcement (the audit log keeps a full copy)',
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

/**
 * Operator HTML as saving would store it: the editor's preview shows the server's own sanitising, not a second
 * sanitiser in the browser (whose parsing of a typed `onerror` would also count as a refused inline script).
 */
export const contentPreview = defineCall(routes.contentPreview, {
  tags: TAGS,
  bypassesGate,
  summary: 'Sanitise HTML as saving an announcement or article would, without saving anything',
  body: Type.Object({ html: Type.String({ maxLength: CONTENT_MAX_LENGTH }) }, { additionalProperties: false }),
  value: Type.Object({ html: Type.String({ description: 'The HTML as it would be stored' }) }),
});

export const helpCentre = defineCall(routes.helpCentre, {
  tags: TAGS,
  bypassesGate,
  summary: "The help centre's articles, in their order",
  value: Type.Array(HelpItem),
});

export const helpCentreSave = defineCall(routes.helpCentreSave, {
  tags: TAGS,
  bypassesGate,
  summary: "Replace the help centre's articles (validated as `settings set helpCenter` does; HTML sanitised)",
  body: Type.Object({ articles: Type.Array(HelpItem, { maxItems: 200 }) }, { additionalProperties: false }),
  value: Type.Array(HelpItem),
});
