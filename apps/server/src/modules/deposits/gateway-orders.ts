/** The durable job that expires a hosted-channel order the player did not pay in time. */
export const DEPOSIT_EXPIRY_JOB = 'deposit.expire';

/**
 * The job runs this long after the deadline the provider was given: a callback sent at the last second is in
 * flight for a moment, and crediting it beats recording it as late.
 */
export const EXPIRY_GRACE_MS = 60_000;

export const expiryRunAt = (expiresAt: Date) => new Date(expiresAt.getTime() + EXPIRY_GRACE_MS);

/** The provider's fee on an amount: hundredths of a percent rounded half up, plus the fixed part. */
export function feeOf(channel: { fee_bps: number; fee_fixed_minor: bigint }, amountMinor: bigint): bigint {
  return (amountMinor * BigInt(channel.fee_bps) + 5_000n) / 10_000n + channel.fee_fixed_minor;
}
