/**
 * Back-office permissions, one per action, and the roles seeded as named sets of them. Plain data: the back
 * office imports it to show and hide what a role may do; the server enforces it on every `/bo/api` call.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'players.view',
  'players.pii',
  'players.manage',
  'agents.manage',
  'contracts.manage',
  'deposits.approve',
  'withdrawals.approve',
  'payments.reconcile',
  'balances.adjust',
  'bonuses.grant',
  'promotions.manage',
  'loyalty.manage',
  'promotions.review',
  'content.edit',
  'games.edit',
  'draws.void',
  'settings.edit',
  'reports.view',
  'audit.view',
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What a back-office call needs beyond its permission list: `public` before login, `session` any logged-in staff. */
export type CallPermission = Permission | 'public' | 'session';

export const ROLE_NAMES = ['owner', 'finance', 'support', 'content', 'risk', 'read-only'] as const;

/** The seeded roles; an owner may change them later (their stored sets are what the server checks). */
export const DEFAULT_ROLES: Record<(typeof ROLE_NAMES)[number], readonly Permission[]> = {
  owner: PERMISSIONS,
  finance: [
    'dashboard.view',
    'players.view',
    'deposits.approve',
    'withdrawals.approve',
    'payments.reconcile',
    'balances.adjust',
    'reports.view',
  ],
  support: ['dashboard.view', 'players.view', 'players.manage'],
  content: ['dashboard.view', 'content.edit', 'games.edit'],
  risk: ['dashboard.view', 'players.view', 'players.pii', 'players.manage', 'promotions.review', 'reports.view', 'audit.view'],
  'read-only': ['dashboard.view', 'players.view', 'reports.view', 'audit.view'],
};

/** A role name an owner may give: lower-case words joined by hyphens. */
export const ROLE_NAME_PATTERN = '^[a-z][a-z0-9-]{1,31}$';
/** A staff login name. */
export const STAFF_NAME_PATTERN = '^[a-z][a-z0-9._-]{2,31}$';
