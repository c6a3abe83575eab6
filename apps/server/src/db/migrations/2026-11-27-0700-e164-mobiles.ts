import { type Kysely, sql } from 'kysely';
import { toE164 } from '../../modules/sms/mobile-number.js';

interface StoredMobile {
  id: string;
  merchant_code: string;
  dial_code: string;
  mobile: string;
}

/**
 * Mobiles were stored as typed, trunk prefix included ("01712…" for +880 1712…); lookups now use the national
 * significant number, so stored ones take that form. A number another account already holds in that form stays
 * as it was rather than break the one-account-per-mobile rule; an SMS still reaches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<StoredMobile>`
    SELECT id::text AS id, merchant_code, dial_code, mobile FROM members
    WHERE mobile IS NOT NULL AND dial_code IS NOT NULL ORDER BY id`.execute(db);
  for (const row of rows) {
    const phone = toE164(row.dial_code, row.mobile);
    if (!phone || (phone.dialCode === row.dial_code && phone.mobile === row.mobile)) continue;
    await sql`
      UPDATE members SET dial_code = ${phone.dialCode}, mobile = ${phone.mobile}
      WHERE id = ${row.id}::bigint AND NOT EXISTS (
        SELECT 1 FROM members other
        WHERE other.merchant_code = ${row.merchant_code} AND other.dial_code = ${phone.dialCode} AND other.mobile = ${phone.mobile}
      )`.execute(db);
  }
}

/** The typed form is gone; the normalised one is what every lookup expects. */
export async function down(): Promise<void> {}
