import type { PaymentPasswordBody } from '@tessera/contract/api/security-centre';
import type { FieldError } from '@tessera/contract/envelope';
import type { RegisterRule, RegisterRules } from '@tessera/contract/settings';
import { validateField } from '@tessera/contract/validation/validate-field';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { CONFIRMATION_MISMATCH_KEY, fieldError } from '../../platform/field-error.js';
import { checkPassword, hashPassword } from '../../platform/passwords.js';
import { takeTurn } from '../throttle/service.js';

/** Five wrong payment passwords in a row lock it for 5 minutes (spec §9 "too-many-requests lock 5 minutes"). */
export const PAYMENT_PASSWORD_POLICY = { lockAfter: 5, lockMs: 5 * 60_000, setAttemptIntervalMs: 2000 } as const;

/** The merchant's paymentPassword register rule, always required here; six digits when the merchant has none. */
const FALLBACK_RULE: RegisterRule = {
  shown: true,
  required: true,
  acceptedPattern: '*',
  patternId: 6,
  minLength: 6,
  maxLength: 6,
};
const ruleOf = (rules: RegisterRules): RegisterRule => ({
  ...(rules.paymentPassword ?? FALLBACK_RULE),
  shown: true,
  required: true,
});

export const SECURITY_FIELD_KEYS = {
  loginPasswordWrong: 'security.errors.login_password_wrong',
  sameAsLoginPassword: 'security.errors.same_as_login_password',
} as const;

/** How long a check waits for the member's other checks in flight to finish before it gives up. */
const IN_FLIGHT_WAIT_MS = 5000;

/**
 * Checks a member's payment password. Throws `not.exists.payment.password` when none is set,
 * `payment.pw.locked` while locked, `invalid.payment.pw` for a wrong one.
 *
 * Each attempt is counted before the (slow) hash check, in one guarded statement that admits at most
 * `lockAfter` uncounted-or-wrong attempts, so parallel guesses cannot slip past the limit. A check that finds
 * every place taken by checks still in flight waits for them rather than counting as a guess: the right
 * password sent by many requests at once (a double tap, a retrying client) must not lock it. A right answer
 * resets the count and lifts a lock set while it was in flight; a wrong one locks when the count, read after
 * the others' outcomes, reaches the limit. A check that never finishes (a crash) stays counted as a guess.
 * Member transfers, withdrawals and points redemption all call this.
 */
export async function verifyPaymentPassword(
  db: Kysely<Database>,
  merchant: string,
  memberId: bigint,
  password: string,
): Promise<void> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const attempt = await sql<{ failures: number; password_hash: string }>`
      UPDATE payment_passwords p SET failures = p.failures + 1
      FROM members m
      WHERE p.member_id = m.id AND m.id = ${memberId} AND m.merchant_code = ${merchant}
        AND (p.locked_until IS NULL OR p.locked_until <= now()) AND p.failures < ${PAYMENT_PASSWORD_POLICY.lockAfter}
      RETURNING p.failures, p.password_hash`.execute(db);
    const row = attempt.rows[0];
    if (row) return settleAttempt(db, memberId, row.password_hash, password);
    const state = await db
      .selectFrom('payment_passwords as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select(['p.locked_until', 'p.failures'])
      .where('p.member_id', '=', memberId)
      .where('m.merchant_code', '=', merchant)
      .executeTakeFirst();
    if (!state) throw new AppError('not.exists.payment.password');
    if (state.locked_until && state.locked_until.getTime() > Date.now()) throw new AppError('payment.pw.locked');
    if (Date.now() > deadline) {
      await lock(db, memberId);
      throw new AppError('payment.pw.locked');
    }
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
}

async function settleAttempt(db: Kysely<Database>, memberId: bigint, passwordHash: string, password: string) {
  if (await checkPassword(passwordHash, password)) {
    await db
      .updateTable('payment_passwords')
      .set({ failures: 0, locked_until: null })
      .where('member_id', '=', memberId)
      .execute();
    return;
  }
  const until = `${PAYMENT_PASSWORD_POLICY.lockMs} milliseconds`;
  const locked = await sql`
    UPDATE payment_passwords SET failures = 0, locked_until = now() + ${until}::interval
    WHERE member_id = ${memberId} AND failures >= ${PAYMENT_PASSWORD_POLICY.lockAfter}
    RETURNING member_id`.execute(db);
  if (locked.rows.length) throw new AppError('payment.pw.locked');
  throw new AppError('invalid.payment.pw');
}

async function lock(db: Kysely<Database>, memberId: bigint) {
  const until = `${PAYMENT_PASSWORD_POLICY.lockMs} milliseconds`;
  await sql`UPDATE payment_passwords SET failures = 0, locked_until = now() + ${until}::interval WHERE member_id = ${memberId}`.execute(
    db,
  );
}

export async function hasPaymentPassword(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('payment_passwords as p')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .select('p.member_id')
    .where('p.member_id', '=', memberId)
    .where('m.merchant_code', '=', merchant)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the first payment password (proved by the login password, so a stolen session alone cannot) or changes
 * it (proved by the current payment password, which counts towards its lock). The new one follows the
 * merchant's paymentPassword register rule and may not equal the login password.
 */
export async function setPaymentPassword(
  db: Kysely<Database>,
  ctx: { merchant: string; memberId: bigint; rules: RegisterRules },
  body: PaymentPasswordBody,
): Promise<void> {
  const newPassword = body.newPassword.trim();
  const errors: FieldError[] = [];
  const message = validateField(ruleOf(ctx.rules), newPassword);
  if (message) errors.push(fieldError('newPassword', message.key, message.params));
  else if (body.confirmPassword.trim() !== newPassword) {
    errors.push(fieldError('confirmPassword', CONFIRMATION_MISMATCH_KEY));
  }
  const isSet = await hasPaymentPassword(db, ctx.merchant, ctx.memberId);
  if (isSet && !body.oldPassword?.trim()) errors.push(fieldError('oldPassword', 'validation.required'));
  if (!isSet && !body.loginPassword?.trim()) errors.push(fieldError('loginPassword', 'validation.required'));
  if (errors.length) throw new AppError('request.invalid', { fields: errors });

  const member = await db
    .selectFrom('members')
    .select('password_hash')
    .where('id', '=', ctx.memberId)
    .where('merchant_code', '=', ctx.merchant)
    .executeTakeFirst();
  if (!member) throw new AppError('login.not.session');
  if (isSet) {
    await verifyPaymentPassword(db, ctx.merchant, ctx.memberId, (body.oldPassword ?? '').trim());
  } else {
    // A login-password guess costs a turn: a hijacked session cannot use this form to brute-force it.
    if (!(await takeTurn(db, 'payment-password:set', String(ctx.memberId), PAYMENT_PASSWORD_POLICY.setAttemptIntervalMs))) {
      throw new AppError('rate.limited');
    }
    if (!(await checkPassword(member.password_hash, (body.loginPassword ?? '').trim()))) {
      throw new AppError('request.invalid', { fields: [fieldError('loginPassword', SECURITY_FIELD_KEYS.loginPasswordWrong)] });
    }
  }
  if (await checkPassword(member.password_hash, newPassword)) {
    throw new AppError('request.invalid', { fields: [fieldError('newPassword', SECURITY_FIELD_KEYS.sameAsLoginPassword)] });
  }
  const passwordHash = await hashPassword(newPassword);
  await db
    .insertInto('payment_passwords')
    .values({ member_id: ctx.memberId, password_hash: passwordHash })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ password_hash: passwordHash, failures: 0, locked_until: null, updated_at: new Date() }),
    )
    .execute();
}
