import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's site settings: the keys the operator commands edit, through the same checks. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The settings the screen edits: maintenance, region rules, feature switches, register rules, customer service, resources. */
export const EDITABLE_SETTINGS = [
  'maintenance',
  'region',
  'whitelabel',
  'registerRules',
  'customerService',
  'resources',
] as const;

export const settingsGet = {
  id: 'bo.settings',
  method: 'GET',
  path: '/bo/api/settings',
  auth: 'staff',
  permission: 'settings.edit',
} as const satisfies BackOfficeRoute;

export const settingsSet = {
  id: 'bo.settings.set',
  method: 'PUT',
  path: '/bo/api/settings',
  auth: 'staff',
  permission: 'settings.edit',
} as const satisfies BackOfficeRoute;
