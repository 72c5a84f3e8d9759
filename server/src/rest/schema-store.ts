import type pg from 'pg';
import { NotifyFollower } from '../db/notify-follower.ts';
import {
  buildSchemaCache,
  SCHEMA_CACHE_SQL,
  type SchemaCache,
} from '../lib/postgrest/schema-cache/schema-cache.ts';
import { rowsOf } from '../db/pipeline.ts';
import { transaction } from '../db/transaction.ts';

export const SCHEMA_LISTENER_NAME = 'lotto24 schema listener';

/** After a miss, the cache is reloaded at most this often: bad names cannot flood the catalog. */
const MIN_RELOAD_INTERVAL_MS = 100;

/**
 * The schema cache of one stack: loaded at start, reloaded on `NOTIFY pgrst, 'reload schema'`
 * (PostgREST's channel) and when a request names a table or function it does not know, so
 * tables created after start (tests, migrations) are found without a restart.
 */
export class SchemaStore {
  current!: SchemaCache;
  private loading?: Promise<SchemaCache>;
  private loadedAt = 0;
  /** Whether the last load was caused by a miss: only those are rate-limited. */
  private lastLoadAfterMiss = false;
  private listener?: NotifyFollower;

  constructor(
    private readonly pool: pg.Pool,
    readonly schema = 'public',
  ) {}

  /** Loads (or joins a load in flight). An empty search_path makes format_type() qualify types. */
  load(afterMiss = false): Promise<SchemaCache> {
    this.loading ??= (async () => {
      try {
        const started = Date.now();
        // One implicit transaction, so the empty search_path holds for the catalog query only.
        const results = await transaction(this.pool, [
          { text: "select set_config('search_path', '', true)", values: [] },
          { text: SCHEMA_CACHE_SQL, values: [this.schema] },
        ]);
        const json = rowsOf(results[1]!)[0]?.cache ?? '{}';
        this.current = buildSchemaCache(this.schema, json);
        this.loadedAt = started;
        this.lastLoadAfterMiss = afterMiss;
        return this.current;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /**
   * Reloads after a miss, unless the last load was itself a miss-reload that started very
   * recently; true when the cache may have changed. The first miss after any load always
   * reloads, so a table created right after start is found.
   */
  async reloadAfterMiss(): Promise<boolean> {
    if (this.loading) {
      await this.loading;
      return true;
    }
    if (this.lastLoadAfterMiss && Date.now() - this.loadedAt < MIN_RELOAD_INTERVAL_MS) return false;
    await this.load(true);
    return true;
  }

  /**
   * LISTEN on a connection of its own (not the pool's), as PostgREST's db-channel, reconnected
   * when it drops; a notification missed meanwhile is made up by reloading once back.
   */
  async listen(): Promise<void> {
    const reload = () => void this.load().catch(() => undefined);
    this.listener = new NotifyFollower(this.pool, {
      channel: 'pgrst',
      applicationName: SCHEMA_LISTENER_NAME,
      onNotify: (payload) => {
        if (payload === '' || payload === 'reload schema') reload();
      },
      onResume: reload,
    });
    await this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener?.stop();
    this.listener = undefined;
  }
}
