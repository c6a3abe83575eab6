import type { CallRoute } from '../api/call.js';
import type { SettingsKey } from '../settings.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's site settings: the keys the operator commands edit, through the same checks. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/**
 * The settings the screen edits: every key the CLI edits, except the help centre's articles, which the content
 * screen edits (through the same checks) beside the other player-facing text.
 */
export const EDITABLE_SETTINGS = [
  'maintenance',
  'region',
  'whitelabel',
  'registerRules',
  'customerService',
  'resources',
  'product',
  'analytics',
  'cdns',
  'domainRoutes',
  'wallet',
  'withdrawal',
  'games',
  'approvals',
  'agents',
  'agentContracts',
  'vip',
  'points',
] as const satisfies readonly SettingsKey[];

/** Keys another back-office screen edits, by that screen's path. */
export const SETTINGS_EDITED_ELSEWHERE = { helpCenter: '/content' } as const satisfies Partial<Record<SettingsKey, string>>;

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
