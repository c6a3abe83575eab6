import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * The back office's calls (api/back-office.ts), under their own prefix. Each names the permission it needs:
 * `public` ones come before a login, `session` ones serve any logged-in staff member.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The page sizes the audit log list offers. */
export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

export const enrolmentStart = {
  id: 'bo.enrolment.start',
  method: 'POST',
  path: '/bo/api/enrolment/start',
  auth: 'none',
  permission: 'public',
} as const satisfies BackOfficeRoute;

export const enrolmentComplete = {
  id: 'bo.enrolment.complete',
  method: 'POST',
  path: '/bo/api/enrolment/complete',
  auth: 'none',
  permission: 'public',
} as const satisfies BackOfficeRoute;

export const login = {
  id: 'bo.login',
  method: 'POST',
  path: '/bo/api/login',
  auth: 'none',
  permission: 'public',
} as const satisfies BackOfficeRoute;

export const secondFactor = {
  id: 'bo.login.second-factor',
  method: 'POST',
  path: '/bo/api/login/second-factor',
  auth: 'none',
  permission: 'public',
} as const satisfies BackOfficeRoute;

export const me = {
  id: 'bo.me',
  method: 'GET',
  path: '/bo/api/me',
  auth: 'staff',
  permission: 'session',
} as const satisfies BackOfficeRoute;

export const logout = {
  id: 'bo.logout',
  method: 'POST',
  path: '/bo/api/logout',
  auth: 'staff',
  permission: 'session',
} as const satisfies BackOfficeRoute;

export const sessions = {
  id: 'bo.sessions',
  method: 'GET',
  path: '/bo/api/sessions',
  auth: 'staff',
  permission: 'session',
} as const satisfies BackOfficeRoute;

export const revokeSession = {
  id: 'bo.sessions.revoke',
  method: 'POST',
  path: '/bo/api/sessions/revoke',
  auth: 'staff',
  permission: 'session',
} as const satisfies BackOfficeRoute;

export const staffList = {
  id: 'bo.staff.list',
  method: 'GET',
  path: '/bo/api/staff',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies BackOfficeRoute;

export const staffCreate = {
  id: 'bo.staff.create',
  method: 'POST',
  path: '/bo/api/staff',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies BackOfficeRoute;

export const roles = {
  id: 'bo.roles',
  method: 'GET',
  path: '/bo/api/roles',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies BackOfficeRoute;

export const roleUpdate = {
  id: 'bo.roles.update',
  method: 'PUT',
  path: '/bo/api/roles',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies BackOfficeRoute;

export const auditList = {
  id: 'bo.audit.list',
  method: 'GET',
  path: '/bo/api/audit',
  auth: 'staff',
  permission: 'audit.view',
} as const satisfies BackOfficeRoute;

export const auditExport = {
  id: 'bo.audit.export',
  method: 'GET',
  path: '/bo/api/audit/export',
  auth: 'staff',
  permission: 'audit.view',
} as const satisfies BackOfficeRoute;

export const roleCreate = {
  id: 'bo.roles.create',
  method: 'POST',
  path: '/bo/api/roles',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies BackOfficeRoute;

export const roleDelete = {
  id: 'bo.roles.delete',
  method: 'POST',
  path: '/bo/api/roles/delete',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies BackOfficeRoute;
