import type { ColumnType, Generated } from 'kysely';

export interface AccountTables {
  members: MemberTable;
  affiliate_codes: AffiliateCodeTable;
  login_failures: LoginFailureTable;
  password_grants: PasswordGrantTable;
  member_audit: MemberAuditTable;
  contact_codes: ContactCodeTable;
  member_avatar_images: MemberAvatarImageTable;
}

export interface MemberTable {
  id: Generated<bigint>;
  merchant_code: string;
  account: string;
  /** argon2id PHC string; null for trial accounts, which have no password login. */
  password_hash: string | null;
  nickname: string | null;
  agent_type: ColumnType<number, number | undefined, number>;
  parent_id: bigint | null;
  mobile: string | null;
  dial_code: string | null;
  email: string | null;
  /** When a code sent to the e-mail came back (or an operator entered it); null while unproven. */
  email_verified_at: Date | null;
  /** When a code sent to the mobile came back (SMS at sign-up, binding, or an operator entered it). */
  mobile_verified_at: Date | null;
  /** Optional registration fields of spec §3 (payeeName, qqNum, birthday…), as entered. */
  profile: ColumnType<Record<string, string>, string | undefined, string>;
  /** How the account came to be: registerUrl, domain, registerMethod, ip, device id. */
  registration: ColumnType<Record<string, string>, string | undefined, string>;
  status: ColumnType<'active' | 'frozen', 'active' | 'frozen' | undefined, 'active' | 'frozen'>;
  avatar: ColumnType<string, string | undefined, string>;
  avatar_type: ColumnType<'STATIC' | 'CUSTOM', 'STATIC' | 'CUSTOM' | undefined, 'STATIC' | 'CUSTOM'>;
  password_changed_at: Date | null;
  /** Set by an operator: the next password login must choose a new password; cleared by any new password. */
  password_change_required: ColumnType<boolean, boolean | undefined, boolean>;
  first_login_done: ColumnType<boolean, boolean | undefined, boolean>;
  last_login_ip: string | null;
  last_login_at: Date | null;
  /** The site language the member last chose (spec 7.1 language update), e.g. 'bn'. */
  language: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface AffiliateCodeTable {
  merchant_code: string;
  code: string;
  agent_id: bigint;
  domain: string | null;
  disabled_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface LoginFailureTable {
  id: Generated<bigint>;
  merchant_code: string;
  /** Lower-cased account name as typed: failures count for unknown accounts too, so they reveal nothing. */
  account_key: string;
  ip: string;
  failed_at: ColumnType<Date, never, never>;
}

/** Single-use grants: 'change' replaces oldPassword after a forced-change login, 'reset' is the emailed link. */
export interface PasswordGrantTable {
  token_hash: Buffer;
  member_id: bigint;
  purpose: 'change' | 'reset';
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** Operator changes to an account; `detail` never holds a password or its hash. */
export interface MemberAuditTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  action: 'create' | 'set-password' | 'set-type' | 'unlock' | 'freeze' | 'unfreeze' | 'require-password-change';
  detail: ColumnType<Record<string, unknown>, string, never>;
  actor: string;
  at: ColumnType<Date, never, never>;
}

/** A code proving that the member reads the e-mail or mobile being bound; only the member's newest one counts. */
export interface ContactCodeTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  channel: 'email' | 'mobile';
  email: string | null;
  dial_code: string | null;
  mobile: string | null;
  /** SHA-256 over "member:channel:address:code": the database never holds a usable code. */
  code_hash: Buffer;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** A custom avatar, re-encoded on upload; served by its random public name. */
export interface MemberAvatarImageTable {
  name: string;
  member_id: bigint;
  mime: 'image/webp';
  data: Buffer;
  created_at: ColumnType<Date, never, never>;
}
