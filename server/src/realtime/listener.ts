import type pg from 'pg';
import { NotifyFollower } from '../db/notify-follower.ts';
import type { Change } from '../lib/phoenix/postgres-changes.ts';
import { CAPTURE_CHANNEL, CAPTURE_SCHEMA, CATALOG_CHANGED } from '../db/capture.ts';

interface Captured {
  schema: string;
  table: string;
  type: Change['type'];
  record: Change['record'];
  old_record: Change['oldRecord'];
}

/** Queued (oversized) changes are read once by every listener, then swept after a while. */
const SWEEP_EVERY_MS = 60_000;
export const LISTENER_NAME = 'lotto24 realtime listener';

/**
 * Follows the capture's NOTIFY channel (db/notify-follower.ts: its own connection, reconnected
 * with backoff). Changes are emitted in the order PostgreSQL delivered them, including the
 * oversized ones fetched from the queue. Changes committed while the connection was down are
 * lost to it: `onResume` runs once it listens again, for subscribers to catch up. `onCatalog`
 * runs when a DDL statement commits (a grant, a publication change).
 */
export class ChangeListener {
  private readonly follower: NotifyFollower;
  private chain: Promise<void> = Promise.resolve();
  private lastSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onChange: (change: Change) => void,
    onResume: () => void = () => {},
    private readonly onCatalog: () => void = () => {},
  ) {
    this.follower = new NotifyFollower(pool, {
      channel: CAPTURE_CHANNEL,
      applicationName: LISTENER_NAME,
      onNotify: (payload) => {
        if (payload) this.receive(payload);
      },
      onResume,
    });
  }

  /** Resolves once listening, so a channel joined after start sees every later change. */
  async start(): Promise<void> {
    await this.follower.start();
  }

  async stop(): Promise<void> {
    await this.follower.stop();
    await this.chain;
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
