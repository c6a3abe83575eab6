/**
 * Bound payout accounts a member may keep, per type. A plain constant with no schema library, so the web app
 * imports it without pulling TypeBox into its bundle.
 */
export const PAYOUT_ACCOUNT_LIMITS = { bank: 3, ewallet: 3 } as const;
