import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export const MEMBER_COLUMNS = [
  'id',
  'merchant_code',
  'account',
  'password_hash',
  'nickname',
  'agent_type',
  'parent_id',
  'mobile',
  'dial_code',
  'email',
  'email_verified_at',
  'mobile_verified_at',
  'profile',
  'registration',
  'status',
  'avatar',
  'avatar_type',
  'password_changed_at',
  'password_change_required',
  'first_login_done',
  'last_login_ip',
  'last_login_at',
  'language',
  'created_at',
] as const;

export type MemberRow = NonNullable<Awaited<ReturnType<typeof selectMemberById>>>;

export async function selectMemberById(db: Kysely<Database>, id: bigint) {
  return db.selectFrom('members').select(MEMBER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Accounts are unique per merchant regardless of letter case (index members_account_per_merchant). */
export async function selectMemberByAccount(db: Kysely<Database>, merchantCode: string, account: string, forUpdate = false) {
  let query = db
    .selectFrom('members')
    .select(MEMBER_COLUMNS)
    .where('merchant_code', '=', merchantCode)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase());
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function lockMember(db: Kysely<Database>, id: bigint) {
  return db.selectFrom('members').select(MEMBER_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function selectMemberByPhone(db: Kysely<Database>, merchantCode: string, dialCode: string, mobile: string) {
  return db
    .selectFrom('members')
    .select(MEMBER_COLUMNS)
    .where('merchant_code', '=', merchantCode)
    .where('dial_code', '=', dialCode)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

export async function mobileExists(db: Kysely<Database>, merchantCode: string, dialCode: string, mobile: string) {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .where('dial_code', '=', dialCode)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewMemberRow {
  merchantCode: string;
  account: string;
  passwordHash: string | null;
  nickname: string | null;
  agentType: number;
  parentId: bigint | null;
  mobile: string | null;
  dialCode: string | null;
  email: string | null;
  mobileVerified: boolean;
  emailVerified: boolean;
  profile: Record<string, string>;
  registration: Record<string, string>;
}

export async function insertMember(db: Kysely<Database>, member: NewMemberRow): Promise<bigint> {
  const row = await db
    .insertInto('members')
    .values({
      merchant_code: member.merchantCode,
      account: member.account,
      password_hash: member.passwordHash,
      nickname: member.nickname,
      agent_type: member.agentType,
      parent_id: member.parentId,
      mobile: member.mobile,
      dial_code: member.dialCode,
      email: member.email,
      mobile_verified_at: member.mobileVerified ? new Date() : null,
      email_verified_at: member.emailVerified ? new Date() : null,
      profile: JSON.stringify(member.profile),
      registration: JSON.stringify(member.registration),
      password_changed_at: member.passwordHash ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function recordLogin(db: Kysely<Database>, id: bigint, ip: string) {
  await db
    .updateTable('members')
    .set({ last_login_ip: ip, last_login_at: new Date(), first_login_done: true })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(db: Kysely<Database>, id: bigint, passwordHash: string, changedAt = new Date()) {
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, password_changed_at: changedAt, password_change_required: false })
    .where('id', '=', id)
    .execute();
}

export async function requirePasswordChange(db: Kysely<Database>, id: bigint) {
  await db.updateTable('members').set({ password_change_required: true }).where('id', '=', id).execute();
}

export async function updateParent(db: Kysely<Database>, id: bigint, parentId: bigint | null) {
  await db.updateTable('members').set({ parent_id: parentId }).where('id', '=', id).execute();
}

export async function updateAgentType(db: Kysely<Database>, id: bigint, agentType: number) {
  await db.updateTable('members').set({ agent_type: agentType }).where('id', '=', id).execute();
}

export async function updateStatus(db: Kysely<Database>, id: bigint, status: 'active' | 'frozen') {
  await db.updateTable('members').set({ status }).where('id', '=', id).execute();
}

export async function updateNickname(db: Kysely<Database>, id: bigint, nickname: string) {
  await db.updateTable('members').set({ nickname }).where('id', '=', id).execute();
}

export async function updateLanguage(db: Kysely<Database>, id: bigint, language: string) {
  await db.updateTable('members').set({ language }).where('id', '=', id).execute();
}

export async function listMembers(db: Kysely<Database>, merchantCode: string, agentType: number | undefined, limit: number) {
  let query = db.selectFrom('members').select(MEMBER_COLUMNS).where('merchant_code', '=', merchantCode);
  if (agentType !== undefined) query = query.where('agent_type', '=', agentType);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function selectAffiliate(db: Kysely<Database>, merchantCode: string, code: string) {
  return db
    .selectFrom('affiliate_codes')
    .innerJoin('members', 'members.id', 'affiliate_codes.agent_id')
    .select([
      'affiliate_codes.code',
      'affiliate_codes.agent_id',
      'affiliate_codes.domain',
      'members.agent_type',
      'members.status',
    ])
    .where('affiliate_codes.merchant_code', '=', merchantCode)
    .where('affiliate_codes.code', '=', code)
    .where('affiliate_codes.disabled_at', 'is', null)
    .executeTakeFirst();
}

export async function insertAffiliateCode(db: Kysely<Database>, merchantCode: string, code: string, agentId: bigint) {
  await db
    .insertInto('affiliate_codes')
    .values({ merchant_code: merchantCode, code, agent_id: agentId, domain: null, disabled_at: null })
    .execute();
}

export async function selectAffiliateCodes(db: Kysely<Database>, agentId: bigint) {
  return db
    .selectFrom('affiliate_codes')
    .select(['code', 'domain', 'disabled_at'])
    .where('agent_id', '=', agentId)
    .orderBy('created_at')
    .execute();
}

/**
 * Recent failures of an account (from this address, from any) and of this address (on any account, the
 * password-spraying count).
 */
export async function countFailures(db: Kysely<Database>, merchantCode: string, accountKey: string, ip: string, since: Date) {
  const address = await db
    .selectFrom('login_failures')
    .select([sql<string>`count(*)`.as('from_address'), sql<Date | null>`max(failed_at)`.as('last_from_address')])
    .where('merchant_code', '=', merchantCode)
    .where('ip', '=', ip)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<string>`count(*) FILTER (WHERE ip = ${ip})`.as('from_ip'),
      sql<string>`count(*)`.as('all_ips'),
      sql<Date | null>`max(failed_at) FILTER (WHERE ip = ${ip})`.as('last_from_ip'),
    ])
    .where('merchant_code', '=', merchantCode)
    .where('account_key', '=', accountKey)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    fromIp: Number(row.from_ip),
    allIps: Number(row.all_ips),
    lastFromIp: row.last_from_ip ? new Date(row.last_from_ip) : null,
    fromAddress: Number(address.from_address),
    lastFromAddress: address.last_from_address ? new Date(address.last_from_address) : null,
  };
}

export async function insertFailure(db: Kysely<Database>, merchantCode: string, accountKey: string, ip: string) {
  await db.insertInto('login_failures').values({ merchant_code: merchantCode, account_key: accountKey, ip }).execute();
}

/** Failures older than the counting window no longer matter. */
export async function sweepFailures(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}

export async function deleteFailures(db: Kysely<Database>, merchantCode: string, accountKey: string, ip?: string) {
  let query = db.deleteFrom('login_failures').where('merchant_code', '=', merchantCode).where('account_key', '=', accountKey);
  if (ip !== undefined) query = query.where('ip', '=', ip);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertGrant(
  db: Kysely<Database>,
  grant: { tokenHash: Buffer; memberId: bigint; purpose: 'change' | 'reset'; expiresAt: Date },
) {
  await db
    .insertInto('password_grants')
    .values({
      token_hash: grant.tokenHash,
      member_id: grant.memberId,
      purpose: grant.purpose,
      expires_at: grant.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks a live grant used and returns its member; undefined when unknown, used, expired or of another purpose. */
export async function consumeGrant(db: Kysely<Database>, tokenHash: Buffer, purpose: 'change' | 'reset') {
  return db
    .updateTable('password_grants')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('member_id')
    .executeTakeFirst();
}

export type MemberAuditAction =
  | 'create'
  | 'set-password'
  | 'set-type'
  | 'unlock'
  | 'freeze'
  | 'unfreeze'
  | 'require-password-change';

export async function insertAudit(
  db: Kysely<Database>,
  entry: { merchantCode: string; memberId: bigint; action: MemberAuditAction; detail: Record<string, unknown>; actor: string },
) {
  await db
    .insertInto('member_audit')
    .values({
      merchant_code: entry.merchantCode,
      member_id: entry.memberId,
      action: entry.action,
      detail: JSON.stringify(entry.detail),
      actor: entry.actor,
    })
    .execute();
}

export async function selectAudit(db: Kysely<Database>, merchantCode: string, limit: number) {
  return db
    .selectFrom('member_audit')
    .innerJoin('members', 'members.id', 'member_audit.member_id')
    .select([
      'member_audit.id',
      'members.account',
      'member_audit.action',
      'member_audit.detail',
      'member_audit.actor',
      'member_audit.at',
    ])
    .where('member_audit.merchant_code', '=', merchantCode)
    .orderBy('member_audit.id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateProfileValues(db: Kysely<Database>, id: bigint, profile: Record<string, string>) {
  await db
    .updateTable('members')
    .set({ profile: JSON.stringify(profile) })
    .where('id', '=', id)
    .execute();
}
