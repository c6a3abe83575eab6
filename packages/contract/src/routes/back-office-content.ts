import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's content screens: announcements of every type (notices, banners, popups, …) and the help centre. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The page sizes the content list offers. */
export const CONTENT_PAGE_SIZES = [25, 50, 100] as const;
/** Where an item stands against now: shown, waiting for its start, or past its end. */
export const CONTENT_STATES = ['live', 'scheduled', 'ended'] as const;
export const CONTENT_SORTS = ['start-desc', 'start-asc', 'sort-order'] as const;

export const contentList = {
  id: 'bo.content.list',
  method: 'GET',
  path: '/bo/api/content',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const contentExport = {
  id: 'bo.content.export',
  method: 'GET',
  path: '/bo/api/content/export',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const contentCreate = {
  id: 'bo.content.create',
  method: 'POST',
  path: '/bo/api/content',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const contentUpdate = {
  id: 'bo.content.update',
  method: 'PUT',
  path: '/bo/api/content',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const contentEnd = {
  id: 'bo.content.end',
  method: 'POST',
  path: '/bo/api/content/end',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const contentRemove = {
  id: 'bo.content.remove',
  method: 'POST',
  path: '/bo/api/content/remove',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const contentPreview = {
  id: 'bo.content.preview',
  method: 'POST',
  path: '/bo/api/content/preview',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const helpCentre = {
  id: 'bo.help-centre',
  method: 'GET',
  path: '/bo/api/help-centre',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;

export const helpCentreSave = {
  id: 'bo.help-centre.save',
  method: 'PUT',
  path: '/bo/api/help-centre',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies BackOfficeRoute;
