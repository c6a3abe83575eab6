import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface JobTables {
  jobs: JobTable;
}

/** One scheduled piece of work; open while `done_at` is null. Written only by modules/jobs. */
export interface JobTable {
  id: Generated<bigint>;
  kind: string;
  run_at: Date;
  payload: Json;
  /** At most one job per key, ever: scheduling the same key again is a no-op. */
  dedupe_key: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** The instance holding the lease, until `locked_until`; after that any instance may claim the job. */
  locked_by: string | null;
  locked_until: Date | null;
  done_at: Date | null;
  last_error: string | null;
  created_at: ColumnType<Date, never, never>;
}
