// What scripts/serve-for-e2e.sh tells the specs about the server under test.
export const e2eEnv = {
  baseURL: required('E2E_BASE_URL'),
  /** DATA_DIR of the server (embedded PGlite lives there); the operator CLI needs the same. */
  dataDir: required('E2E_DATA_DIR'),
  port: required('E2E_PORT'),
  /** Set when the server runs on PostgreSQL. */
  databaseUrl: process.env.E2E_DATABASE_URL || undefined,
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: start the server with scripts/serve-for-e2e.sh (npm test does it)`);
  return value;
}
