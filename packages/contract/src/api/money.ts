import { Type } from 'typebox';

/*
 * Money travels as a decimal string of integer minor units (e.g. "12550" is ৳125.50 when the currency has 2 minor
 * digits): exact in every language, never a float. Every amount in the contract is one of these.
 */

/** Any integer amount, for a field that says what its sign means (a ledger entry, a profit). */
export const signedMinorAmount = (description: string) => Type.String({ pattern: '^(0|-?[1-9][0-9]{0,18})$', description });

/** An amount the server reports: a balance, a stake, a limit. */
export const MinorAmount = signedMinorAmount('Integer minor units');

/** An amount of zero or more a client may send as well as receive (a deposit limit, a cashback). */
export const NonNegativeMinorAmount = Type.String({
  pattern: '^[0-9]{1,18}$',
  description: 'Integer minor units as a decimal string',
});

/** A positive amount a client asks to move. */
export const PositiveMinorAmount = Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'Integer minor units, > 0' });
