import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import type { TestMember } from '../../../test/factories.js';
import { Ledger } from '../../ledger/service.js';
import { setPaymentPassword } from '../../security-centre/payment-password.js';

export const PAY_PASSWORD = '246810';

/** Gives a test member a payment password and `amount` in the main wallet (a deposit from a test channel). */
export async function fundedWithPassword(db: Kysely<Database>, member: TestMember, amount: bigint): Promise<void> {
  await setPaymentPassword(
    db,
    { merchant: member.merchantCode, memberId: member.id, rules: {} },
    { newPassword: PAY_PASSWORD, confirmPassword: PAY_PASSWORD, loginPassword: member.password },
  );
  if (amount > 0n) {
    await new Ledger(db).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'channel_in', channel: 'test' },
      to: { kind: 'member_main', memberId: member.id },
      amount,
      kind: 'deposit',
      cause: { type: 'operator', id: 'test' },
    });
  }
}
