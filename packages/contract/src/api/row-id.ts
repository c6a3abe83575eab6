import { Type } from 'typebox';
import { INT8_MAX, positiveDecimalUpTo } from '../validation/decimal-range.js';

/**
 * A row's id as a client sends it back: a decimal string (a bigint does not fit a JSON number) within the bigint
 * range, so an id no row can have is refused as bad input before it reaches a query.
 */
export const RowId = Type.String({ pattern: positiveDecimalUpTo(INT8_MAX), description: 'Row id, a positive decimal' });
