import pg from 'pg';

/** One connection to the throwaway cluster's admin database (scripts/test.sh), for creating and dropping databases. */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits until no session is connected to the database (a closed pool's connections finish disconnecting
 * asynchronously), then drops it or, with `drop: false`, leaves it ready to be copied as a template.
 */
export async function releaseDatabase(adminUrl: string, name: string, { drop }: { drop: boolean }): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (drop) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
