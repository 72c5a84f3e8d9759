/** The supervisor pings each ready worker this often over IPC. */
export const PING_MS = 1_000;
/** A worker that leaves a ping unanswered this long is hung (`LOTTO24_UNRESPONSIVE_MS`). */
export const DEFAULT_UNRESPONSIVE_MS = 30_000;

export function unresponsiveMs(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.LOTTO24_UNRESPONSIVE_MS);
  return Number.isInteger(configured) && configured >= 2 * PING_MS
    ? configured
    : DEFAULT_UNRESPONSIVE_MS;
}

/**
 * Whether a worker's event loop still comes round. A hung worker (an endless loop, a regular
 * expression gone catastrophic, a stopped process) answers nothing and never exits: without this
 * it would keep its group's connections, or the draws, until someone restarted the stack. Each
 * tick sends a ping; a ping left unanswered for `limitMs` calls `hung`, and the slot kills the
 * worker, which is then restarted as any dead one is. The limit is far above any work a worker
 * does in one go, so a busy worker is never taken for a hung one.
 */
export class Liveness {
  private timer: NodeJS.Timeout | undefined;
  /** When the oldest ping still unanswered was sent. */
  private unansweredSince: number | undefined;
  private lastTick = 0;

  constructor(
    private readonly ping: () => void,
    private readonly hung: (silentMs: number) => void,
    private readonly limitMs = unresponsiveMs(),
  ) {}

  start(): void {
    this.stop();
    this.unansweredSince = undefined;
    this.lastTick = Date.now();
    this.timer = setInterval(() => this.tick(), PING_MS);
    this.timer.unref();
  }

  answered(): void {
    this.unansweredSince = undefined;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const now = Date.now();
    // This process's own loop was held up: the answer may be here, still unread. Judge nothing.
    if (now - this.lastTick > 2 * PING_MS) this.unansweredSince = undefined;
    this.lastTick = now;
    if (this.unansweredSince !== undefined && now - this.unansweredSince >= this.limitMs) {
      this.stop();
      return this.hung(now - this.unansweredSince);
    }
    this.unansweredSince ??= now;
    this.ping();
  }
}
