import { Type } from 'typebox';

/** The last instant a JavaScript Date can hold (±100,000,000 days from 1970): beyond it a time is not a time. */
const LAST_DATE_MS = 8_640_000_000_000_000;

/** A point in time a client sends, in epoch milliseconds. */
export const EpochMs = (description: string) => Type.Integer({ minimum: 0, maximum: LAST_DATE_MS, description });
