import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { newMember, type TestMember } from '../../../test/factories.js';
import { Ledger } from '../../ledger/service.js';
import { setPaymentPassword } from '../../security-centre/payment-password.js';
import { SecurityCentreService } from '../../security-centre/service.js';
import { startSession } from '../../sessions/service.js';
import { DEFAULT_REGISTER_RULES } from '../../site-settings/defaults.js';
import { payoutAccountInUse } from '../service.js';

export const PAYMENT_PASSWORD = '482916';

export interface Player {
  member: TestMember;
  headers: { authorization: string };
  accountId: string;
}

/** A member with a session, a payment password, a bound bank account and `balanceMinor` in the main wallet. */
export async function playerWithBalance(db: Kysely<Database>, balanceMinor: bigint): Promise<Player> {
  const member = await newMember(db);
  const headers = { authorization: await startSession(db, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.3.0.1' }) };
  await setPaymentPassword(
    db,
    { merchant: DEMO_MERCHANT, memberId: member.id, rules: DEFAULT_REGISTER_RULES },
    { loginPassword: member.password, newPassword: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD },
  );
  const account = await new SecurityCentreService(db, payoutAccountInUse).bind(DEMO_MERCHANT, member.id, {
    type: 'bank',
    provider: 'Sonali Bank',
    holderName: 'Karim Ahmed',
    accountNumber: '9876543210',
  });
  if (balanceMinor > 0n) {
    await new Ledger(db).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'adjustments' },
      to: { kind: 'member_main', memberId: member.id },
      amount: balanceMinor,
      kind: 'adjustment',
      cause: { type: 'operator', id: 'test' },
    });
  }
  return { member, headers, accountId: account.id };
}

export const availableOf = async (db: Kysely<Database>, memberId: bigint) =>
  (await new Ledger(db).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId })).available;
export const balanceOf = async (db: Kysely<Database>, memberId: bigint) =>
  (await new Ledger(db).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId })).balance;
