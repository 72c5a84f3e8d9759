import pg from 'pg';
import { applyBootstrap } from './bootstrap.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { migrate } from './migrate.ts';

export interface Database {
  url: string;
  pool: pg.Pool;
  stop(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Where embedded PostgreSQL keeps its files (ignored with `databaseUrl`). */
  dataDir: string;
  /** An existing server (a superuser URL) instead of the embedded one. */
  databaseUrl?: string;
  /** The lottery timezone (IANA), written to public.lottery_settings. */
  timezone: string;
  /** Port for the embedded server; a free one by default. */
  port?: number;
  poolSize?: number;
}

// Two stacks starting against one server must not bootstrap or migrate at the same time.
const migrationLock = 7_324_024;

/** Bootstraps, migrates and sets the lottery timezone: everything a fresh or old database needs. */
export async function prepareDatabase(pool: pg.Pool, timezone: string): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    await applyBootstrap(client);
    const applied = await migrate(client);
    await client.query(
      `insert into "public"."lottery_settings" ("id", "timezone") values (true, $1)
       on conflict ("id") do update set "timezone" = excluded."timezone"
       where "lottery_settings"."timezone" is distinct from excluded."timezone"`,
      [timezone],
    );
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
    client.release();
  }
}

/** Starts embedded PostgreSQL 17 in `dataDir` (or connects to `databaseUrl`) and prepares it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let cluster: Cluster | undefined;
  if (!options.databaseUrl)
    cluster = await startCluster({ dataDir: options.dataDir, port: options.port });
  const url = options.databaseUrl ?? (cluster as Cluster).url;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20 });
  // An idle client dies when the server stops or a test database is dropped; that is not fatal.
  pool.on('error', () => undefined);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await pool.end();
      await cluster?.stop();
    })());
  try {
    await prepareDatabase(pool, options.timezone);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pool, stop };
}
