import pg from 'pg';
import { applyBootstrap } from './bootstrap.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { migrate } from './migrate.ts';
import { createPools, type Pools } from './pools.ts';
import { loginUrls, roleSecret, type RoleUrls } from './roles.ts';

export interface Database {
  /** The superuser URL: bootstrap only (and the change capture's event trigger). */
  adminUrl: string;
  /** Where each part of the stack logs in (ADR 010). */
  urls: RoleUrls;
  /** One bounded pool per service, so one cannot starve another. */
  pools: Pools;
  /** Why a role fell back to the superuser, if one did (older data dirs, foreign roles). */
  warnings: string[];
  stop(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Where embedded PostgreSQL keeps its files (and, with `databaseUrl`, a role secret if needed). */
  dataDir: string;
  /** An existing server (a superuser URL) instead of the embedded one. */
  databaseUrl?: string;
  /** The lottery timezone (IANA), written to public.lottery_settings. */
  timezone: string;
  /** Port for the embedded server; a free one by default. */
  port?: number;
}

export interface PreparedDatabase {
  applied: string[];
  urls: RoleUrls;
  warnings: string[];
}

// Two stacks starting against one database must not bootstrap or migrate at the same time.
const migrationLock = 7_324_024;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Bootstraps as the superuser, then migrates as `postgres` (not a superuser, as on hosted
 * Supabase: a migration that needs more fails here too), and sets the lottery timezone.
 */
export async function prepareDatabase(
  adminUrl: string,
  timezone: string,
  options: { dataDir?: string; migrationsDir?: string } = {},
): Promise<PreparedDatabase> {
  const admin = await connect(adminUrl);
  try {
    await admin.query('select pg_advisory_lock($1)', [migrationLock]);
    await applyBootstrap(admin);
    const { urls, warnings } = await loginUrls(
      admin,
      adminUrl,
      roleSecret(adminUrl, options.dataDir),
    );
    const owner = await connect(urls.owner);
    try {
      const applied = await migrate(owner, options.migrationsDir);
      await owner.query(
        `insert into "public"."lottery_settings" ("id", "timezone") values (true, $1)
         on conflict ("id") do update set "timezone" = excluded."timezone"
         where "lottery_settings"."timezone" is distinct from excluded."timezone"`,
        [timezone],
      );
      return { applied, urls, warnings };
    } finally {
      await owner.end();
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
    await admin.end();
  }
}

/** Starts embedded PostgreSQL 17 in `dataDir` (or connects to `databaseUrl`) and prepares it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let cluster: Cluster | undefined;
  if (!options.databaseUrl)
    cluster = await startCluster({ dataDir: options.dataDir, port: options.port });
  const adminUrl = options.databaseUrl ?? (cluster as Cluster).url;
  let pools: Pools | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await pools?.end();
      await cluster?.stop();
    })());
  try {
    const prepared = await prepareDatabase(adminUrl, options.timezone, {
      dataDir: options.dataDir,
    });
    pools = await createPools(prepared.urls);
    return {
      adminUrl,
      urls: prepared.urls,
      pools,
      warnings: prepared.warnings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
