import pg from 'pg';
import type { Change } from '../lib/phoenix/postgres-changes.ts';
import { CAPTURE_CHANNEL, CAPTURE_SCHEMA, CATALOG_CHANGED } from './capture.ts';

interface Captured {
  schema: string;
  table: string;
  type: Change['type'];
  record: Change['record'];
  old_record: Change['oldRecord'];
}

/** Queued (oversized) changes are read once by every listener, then swept after a while. */
const SWEEP_EVERY_MS = 60_000;
const MAX_RETRY_MS = 5_000;
export const LISTENER_NAME = 'lotto24 realtime listener';

/**
 * Follows the capture's NOTIFY channel on one dedicated connection (LISTEN needs a session of
 * its own, not a pooled one) and reconnects with backoff when it drops. Changes are emitted in
 * the order PostgreSQL delivered them, including the oversized ones fetched from the queue.
 * NOTIFY keeps nothing for a session that was not listening, so changes committed while the
 * connection was down are lost to it: `onResume` runs once it listens again, for subscribers to
 * catch up. `onCatalog` runs when a DDL statement commits (a grant, a publication change).
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retries = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private lastSweep = 0;
  private listened = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onChange: (change: Change) => void,
    private readonly onResume: () => void = () => {},
    private readonly onCatalog: () => void = () => {},
  ) {}

  /** Resolves once listening, so a channel joined after start sees every later change. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.chain;
  }

  private async connect(): Promise<void> {
    // Named, so an operator (or a test) can find it in pg_stat_activity.
    const client = new pg.Client({ ...this.pool.options, application_name: LISTENER_NAME });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', ({ channel, payload }) => {
      if (channel === CAPTURE_CHANNEL && payload) this.receive(payload);
    });
    try {
      await client.connect();
      await client.query(`listen "${CAPTURE_CHANNEL}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retries = 0;
    if (this.listened) this.onResume();
    this.listened = true;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.reconnect();
  }

  private reconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(MAX_RETRY_MS, 100 * 2 ** this.retries++);
    this.retryTimer = setTimeout(() => {
      this.connect().catch(() => this.reconnect());
    }, delay);
  }

  private receive(payload: string): void {
    // A DDL statement committed (capture.ts): the catalog answers kept for joins are stale now.
    if (payload === CATALOG_CHANGED) return this.onCatalog();
    // The notification arrives right after the commit: its arrival is the commit time.
    const commitTimestamp = new Date().toISOString();
    this.chain = this.chain
      .then(async () => {
        const message = JSON.parse(payload) as Captured | { queued: number };
        const captured = 'queued' in message ? await this.fetchQueued(message.queued) : message;
        if (!captured) return;
        this.onChange({
          schema: captured.schema,
          table: captured.table,
          type: captured.type,
          record: captured.record,
          oldRecord: captured.old_record,
          commitTimestamp,
        });
      })
      .catch(() => undefined);
  }

  private async fetchQueued(id: number): Promise<Captured | undefined> {
    const { rows } = await this.pool.query<{ payload: Captured }>(
      `select "payload" from "${CAPTURE_SCHEMA}"."queued_changes" where "id" = $1`,
      [id],
    );
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.pool.query(
        `delete from "${CAPTURE_SCHEMA}"."queued_changes" where "created_at" < now() - interval '5 minutes'`,
      );
    }
    return rows[0]?.payload;
  }
}
