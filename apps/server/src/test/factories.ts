import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DEMO_MERCHANT } from '../db/seed/demo-merchant.js';
import { createMember, type NewMember } from '../modules/accounts/members.js';

export interface TestMember {
  id: bigint;
  account: string;
  password: string;
  merchantCode: string;
}

export const TEST_PASSWORD = 'Secret123';

/** A fresh member of the demo merchant (password TEST_PASSWORD unless given), created through the accounts service. */
export async function newMember(
  db: Kysely<Database>,
  overrides: Partial<Omit<NewMember, 'password'>> & { password?: string } = {},
): Promise<TestMember> {
  const account = overrides.account ?? `m${randomBytes(5).toString('hex')}`;
  const password = overrides.password ?? TEST_PASSWORD;
  const merchantCode = overrides.merchantCode ?? DEMO_MERCHANT;
  const id = await createMember(db, { ...overrides, merchantCode, account, password });
  return { id, account, password, merchantCode };
}

/** A fresh agent (type 1 unless given), with an affiliate code, optionally under a parent agent. */
export async function newAgent(
  db: Kysely<Database>,
  overrides: Partial<Omit<NewMember, 'password'>> & { password?: string; parent?: TestMember } = {},
): Promise<TestMember & { affiliateCode: string }> {
  const { parent, ...rest } = overrides;
  const agent = await newMember(db, { agentType: 1, ...rest, parentId: parent?.id ?? rest.parentId ?? null });
  const code = await db.selectFrom('affiliate_codes').select('code').where('agent_id', '=', agent.id).executeTakeFirstOrThrow();
  return { ...agent, affiliateCode: code.code };
}
