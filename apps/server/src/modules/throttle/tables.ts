export interface ThrottleTables {
  rate_marks: RateMarkTable;
}

/** The last time something happened for a (scope, key): one row per throttled subject, shared by all instances. */
export interface RateMarkTable {
  scope: string;
  key: string;
  last_at: Date;
}
