import { type Static, Type } from 'typebox';
import * as routes from '../routes/content.js';
import { AnnouncementType } from '../settings.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';

/**
 * Site content: announcements (spec §3, original-platform §4 "Announcements") and the notice page (spec §2.6).
 * Announcement types (spec §9): B banner, PL player notice (the notice page), PU popup, PR promotion,
 * H headline (the scrolling marquee line under the header). Every call here is token-free (spec §6).
 */

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
/** Spec §9: the default announcement type. */
export const DEFAULT_ANNOUNCEMENT_TYPE = 'B';
/** Spec §9: notices per page. */
export const NOTICES_PER_PAGE = 9;
export const NOTICES_MAX_PAGE_SIZE = 50;

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 20000;

/** Where a request comes from: W web, M mobile. */
export const RequestPlatform = Type.Union([Type.Literal('W'), Type.Literal('M')]);
/** Where an announcement shows: W web only, M mobile only, A all. */
export const AnnouncementPlatform = Type.Union([Type.Literal('W'), Type.Literal('M'), Type.Literal('A')]);
export type AnnouncementPlatform = Static<typeof AnnouncementPlatform>;

/** Who an announcement is for: the site's players, or agents (a notice in the agent centre, type PL only). */
export const AnnouncementAudience = Type.Union([Type.Literal('players'), Type.Literal('agents')]);
export type AnnouncementAudience = Static<typeof AnnouncementAudience>;

/** What a click on the item does: nothing, an in-site route (e.g. /promotions), or an absolute https URL. */
export const LinkageType = Type.Union([Type.Literal('none'), Type.Literal('route'), Type.Literal('url')]);
export type LinkageType = Static<typeof LinkageType>;

export const Announcement = Type.Object({
  id: Type.String({ description: 'Decimal id' }),
  type: AnnouncementType,
  title: Type.String(),
  content: Type.String({ description: 'Sanitised HTML in the language chosen' }),
  language: Type.String({
    description: 'Language of title and content (the requested one, else the merchant default, else any)',
  }),
  url: Type.Union([Type.String(), Type.Null()], { description: 'Banner image path or URL' }),
  groupName: Type.Union([Type.String(), Type.Null()], { description: 'Placement group, e.g. w_leftmenu' }),
  linkageType: LinkageType,
  link: Type.Union([Type.String(), Type.Null()], { description: 'Route or URL opened on click; null when linkageType is none' }),
  sortOrder: Type.Integer({ description: 'Ascending; ties show newest first' }),
  time: Type.Integer({ description: 'Publication time (start of the window), epoch ms' }),
  endTime: Type.Union([Type.Integer(), Type.Null()], { description: 'End of the window, epoch ms; null = open-ended' }),
});
export type Announcement = Static<typeof Announcement>;

export const AnnouncementLists = Type.Object({
  banners: Type.Array(Announcement),
  player: Type.Array(Announcement),
  popup: Type.Array(Announcement),
  promotion: Type.Array(Announcement),
  headline: Type.Array(Announcement),
});
export type AnnouncementLists = Static<typeof AnnouncementLists>;

/** The list of `AnnouncementLists` each type fills. */
export const LIST_OF_TYPE = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'headline',
} as const satisfies Record<(typeof ANNOUNCEMENT_TYPES)[number], keyof AnnouncementLists>;

const TYPE_LIST_PATTERN = '^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H)){0,4}$';

export const getListAnnouncements = defineCall(routes.getListAnnouncements, {
  tags: ['content'],
  summary:
    'Announcements live now (banners, player notices, popups, promotions, headlines) in the request language; types = comma list, default = execution',
  querystring: Type.Object({
    types: Type.Optional(Type.String({ pattern: TYPE_LIST_PATTERN, description: 'Comma list of B, PL, PU, PR, H' })),
    platform: Type.Optional(RequestPlatform),
    execution: Type.Optional(AnnouncementType),
  }),
  value: AnnouncementLists,
});

export const Notice = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String({ description: 'Sanitised HTML' }),
  time: Type.Integer({ description: 'Publication time, epoch ms' }),
});
export type Notice = Static<typeof Notice>;

export const NoticePage = Type.Object({
  content: Type.Array(Notice),
  pageNum: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type NoticePage = Static<typeof NoticePage>;

export const getNoticeList = defineCall(routes.getNoticeList, {
  tags: ['content'],
  summary: 'Player notices live now (sort order, then newest first), 9 a page (spec §2.6)',
  querystring: Type.Object({
    pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTICES_MAX_PAGE_SIZE, default: NOTICES_PER_PAGE })),
    platform: Type.Optional(RequestPlatform),
  }),
  value: NoticePage,
});

export const getNotice = defineCall(routes.getNotice, {
  tags: ['content'],
  summary: 'One live player notice by id (404 notice.not.found otherwise)',
  querystring: Type.Object({ id: RowId }),
  value: Notice,
});

export const contentCalls = [getListAnnouncements, getNoticeList, getNotice];

/** What an operator writes (admin `content import`, `announcement add`): validated, then sanitised. */
export const AnnouncementText = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH }),
    content: Type.String({ maxLength: CONTENT_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

export const AnnouncementInput = Type.Object(
  {
    type: AnnouncementType,
    platform: Type.Optional(AnnouncementPlatform),
    audience: Type.Optional(AnnouncementAudience),
    startTime: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601; default now' })),
    endTime: Type.Optional(Type.Union([Type.String({ maxLength: 40, description: 'ISO 8601' }), Type.Null()])),
    sortOrder: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
    image: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    groupName: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), Type.Null()])),
    linkageType: Type.Optional(LinkageType),
    link: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    texts: Type.Record(Type.String({ pattern: '^[a-z]{2,3}$' }), AnnouncementText, {
      minProperties: 1,
      description: 'Title and HTML content by language code',
    }),
  },
  { additionalProperties: false },
);
export type AnnouncementInput = Static<typeof AnnouncementInput>;

export const ContentImport = Type.Object(
  { announcements: Type.Array(AnnouncementInput, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type ContentImport = Static<typeof ContentImport>;
