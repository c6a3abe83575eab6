import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office.js';
import { PERMISSIONS, ROLE_NAME_PATTERN, STAFF_NAME_PATTERN } from '../staff-permissions.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { RowId } from './row-id.js';

/** The back office: staff enrolment, login with a second factor, sessions, staff and roles, the audit log. */

const TAGS = ['back-office'];
const bypassesGate = true;

const Token = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
const StaffName = Type.String({ pattern: STAFF_NAME_PATTERN, description: 'Login name: 3-32 lower-case letters, digits, . _ -' });
const RoleName = Type.String({ pattern: ROLE_NAME_PATTERN });
const StaffPassword = Type.String({ minLength: 12, maxLength: 128, description: '12-128 characters' });
/** A 6-digit TOTP code, or a recovery code (`xxxxx-xxxxx`). */
const SecondFactorCode = Type.String({ minLength: 6, maxLength: 11, pattern: '^\\s*[A-Za-z0-9-]+\\s*$' });
export const PermissionName = Type.Enum(PERMISSIONS);

export const EnrolmentQr = Type.Object({
  name: Type.String(),
  otpauthUri: Type.String({ description: 'otpauth:// URI the QR code holds' }),
  qrDataUrl: Type.String({ description: 'The QR code as a data: PNG' }),
  secret: Type.String({ description: 'The TOTP secret (base32), for typing it in instead of scanning' }),
});

export const enrolmentStart = defineCall(routes.enrolmentStart, {
  tags: TAGS,
  bypassesGate,
  summary: 'The TOTP enrolment of a new staff member, from the one-time link: QR code and secret',
  body: Type.Object({ token: Token }, { additionalProperties: false }),
  value: EnrolmentQr,
});

export const enrolmentComplete = defineCall(routes.enrolmentComplete, {
  tags: TAGS,
  bypassesGate,
  summary: 'Finish enrolment: the password and a first code; answers the 10 recovery codes, shown only now',
  body: Type.Object({ token: Token, password: StaffPassword, code: SecondFactorCode }, { additionalProperties: false }),
  value: Type.Object({ recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) }),
});

export const login = defineCall(routes.login, {
  tags: TAGS,
  bypassesGate,
  summary: 'Staff login, first step: name and password; answers the challenge for the second factor (5 minutes)',
  body: Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 32 }), password: Type.String({ minLength: 1, maxLength: 128 }) },
    { additionalProperties: false },
  ),
  value: Type.Object({ challenge: Type.String() }),
});

export const StaffMe = Type.Object({
  name: Type.String(),
  role: Type.String(),
  permissions: Type.Array(PermissionName),
});
export type StaffMe = Static<typeof StaffMe>;

export const secondFactor = defineCall(routes.secondFactor, {
  tags: TAGS,
  bypassesGate,
  summary: 'Staff login, second step: a TOTP code or a recovery code; answers the session token',
  body: Type.Object({ challenge: Token, code: SecondFactorCode }, { additionalProperties: false }),
  value: Type.Object({ token: Type.String(), me: StaffMe }),
});

export const me = defineCall(routes.me, {
  tags: TAGS,
  bypassesGate,
  summary: 'The logged-in staff member, their role and its permissions',
  value: StaffMe,
});

export const logout = defineCall(routes.logout, {
  tags: TAGS,
  bypassesGate,
  summary: 'End this session',
  value: Type.Null(),
});

export const StaffSession = Type.Object({
  id: RowId,
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: EpochMs('When the session began'),
  lastSeenAt: EpochMs('Its last call'),
  current: Type.Boolean({ description: 'This is the session making the call' }),
});
export type StaffSession = Static<typeof StaffSession>;

export const sessions = defineCall(routes.sessions, {
  tags: TAGS,
  bypassesGate,
  summary: "The caller's live sessions, newest activity first",
  value: Type.Array(StaffSession),
});

export const revokeSession = defineCall(routes.revokeSession, {
  tags: TAGS,
  bypassesGate,
  summary: "End one of the caller's sessions",
  body: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const StaffMember = Type.Object({
  id: RowId,
  name: Type.String(),
  role: Type.String(),
  state: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('locked'), Type.Literal('disabled')]),
  createdAt: EpochMs('When the account was created'),
  createdBy: Type.String(),
});
export type StaffMember = Static<typeof StaffMember>;

export const staffList = defineCall(routes.staffList, {
  tags: TAGS,
  bypassesGate,
  summary: 'Every staff account',
  value: Type.Array(StaffMember),
});

export const staffCreate = defineCall(routes.staffCreate, {
  tags: TAGS,
  bypassesGate,
  summary: 'A new staff account with a role; answers the one-time enrolment path (72 hours), shown only now',
  body: Type.Object({ name: StaffName, role: RoleName }, { additionalProperties: false }),
  value: Type.Object({ id: RowId, enrolmentPath: Type.String(), expiresAt: EpochMs('When the link stops working') }),
});

export const Role = Type.Object({ name: Type.String(), permissions: Type.Array(PermissionName) });
export type Role = Static<typeof Role>;

export const roles = defineCall(routes.roles, {
  tags: TAGS,
  bypassesGate,
  summary: 'The roles and their permissions',
  value: Type.Array(Role),
});

export const roleUpdate = defineCall(routes.roleUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: "Replace a role's permissions (refused when no active staff member would keep every permission)",
  body: Type.Object(
    { name: RoleName, permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS.length }) },
    { additionalProperties: false },
  ),
  value: Type.Null(),
});

export const roleCreate = defineCall(routes.roleCreate, {
  tags: TAGS,
  bypassesGate,
  summary: 'Add a role: a new name with its set of permissions',
  body: Type.Object(
    { name: RoleName, permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS.length }) },
    { additionalProperties: false },
  ),
  value: Type.Null(),
});

export const roleDelete = defineCall(routes.roleDelete, {
  tags: TAGS,
  bypassesGate,
  summary: 'Delete a role no staff account has (the owner role stays: the CLI creates the first owner with it)',
  body: Type.Object({ name: RoleName }, { additionalProperties: false }),
  value: Type.Null(),
});

const AuditFilter = {
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9._-]+$' })),
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  from: Type.Optional(EpochMs('Entries at or after this time')),
  to: Type.Optional(EpochMs('Entries before this time')),
};

export const AuditEntry = Type.Object({
  seq: RowId,
  at: EpochMs('When it happened'),
  actor: Type.String(),
  actorKind: Type.String({ description: 'staff, cli or system' }),
  ip: Type.Union([Type.String(), Type.Null()]),
  merchantCode: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  hash: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const auditList = defineCall(routes.auditList, {
  tags: TAGS,
  bypassesGate,
  summary: 'The audit log, newest first, filtered and paged on the server; an action ending in a dot is a prefix',
  querystring: Type.Object(
    {
      ...AuditFilter,
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
      pageSize: Type.Optional(Type.Enum(routes.AUDIT_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ entries: Type.Array(AuditEntry), total: Type.Integer({ minimum: 0 }) }),
});

/** The most rows one export holds; narrower filters export the rest. */
export const AUDIT_EXPORT_MAX = 10000;

export const auditExport = defineCall(routes.auditExport, {
  tags: TAGS,
  bypassesGate,
  summary: `The filtered audit log as CSV text (newest first, up to ${AUDIT_EXPORT_MAX} rows)`,
  querystring: Type.Object(AuditFilter, { additionalProperties: false }),
  value: Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
});

export const backOfficeCalls = [
  enrolmentStart,
  enrolmentComplete,
  login,
  secondFactor,
  me,
  logout,
  sessions,
  revokeSession,
  staffList,
  staffCreate,
  roles,
  roleUpdate,
  roleCreate,
  roleDelete,
  auditList,
  auditExport,
];
