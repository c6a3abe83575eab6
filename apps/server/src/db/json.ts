import type { ColumnType } from 'kysely';

/** jsonb: written as a JSON string, read back parsed. */
export type Json = ColumnType<unknown, string, string>;
