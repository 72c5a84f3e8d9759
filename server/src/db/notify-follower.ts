import pg from 'pg';

const MAX_RETRY_MS = 5_000;

export interface NotifyFollowerOptions {
  /** The NOTIFY channel to LISTEN on. */
  channel: string;
  /** Shown in pg_stat_activity, so an operator (or a test) can find the connection. */
  applicationName: string;
  onNotify: (payload: string) => void;
  /**
   * Runs when the connection listens again after a drop. NOTIFY keeps nothing for a session that
   * was not listening, so whatever was sent meanwhile is lost: the follower's owner catches up.
   */
  onResume?: () => void;
}

/**
 * LISTEN on one dedicated connection (LISTEN needs a session of its own, not a pooled one),
 * reconnecting with backoff when it drops. Payloads are handed over in the order PostgreSQL
 * delivered them, that is commit order.
 */
export class NotifyFollower {
  private client: pg.Client | undefined;
  private stopped = false;
  private retries = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private listened = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: NotifyFollowerOptions,
  ) {}

  /** Resolves once listening, so whatever commits after it is seen. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Whether a connection listens now; while not, notifications are being missed. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { channel, applicationName, onNotify } = this.options;
    const client = new pg.Client({ ...this.pool.options, application_name: applicationName });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      // PostgREST's `NOTIFY pgrst` means "reload" with no payload at all.
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
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
    if (this.listened) this.options.onResume?.();
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
}
