import { readFileSync } from 'node:fs';

/**
 * What one realtime socket may cost the stack (ADR 008). supabase/realtime's defaults are per
 * tenant (`max_events_per_second` 100, `max_joins_per_second` 100, `max_channels_per_client`
 * 100, 5 MB frames); the local stack has one tenant that every visitor shares, so a per-tenant
 * budget would let one visitor exhaust it for all. The same figures apply per socket instead, and
 * the ones that cost database work (joins, bindings, filters) are tighter.
 */
export const LIMITS = {
  /** ws `maxPayload`: a larger frame closes the socket with 1009 before it is buffered whole. */
  frameBytes: 1024 * 1024,
  /** Frames of any kind (heartbeats included) in one second: realtime's max_events_per_second. */
  framesPerSecond: 100,
  /** Bytes received in one second: one full-size frame. */
  bytesPerSecond: 1024 * 1024,
  /** Frames received but not yet handled; past this the socket stops being read. */
  queuedFrames: 64,
  queuedBytes: 2 * 1024 * 1024,
  /** Channels joined at once: realtime's max_channels_per_client. */
  channels: 100,
  /** Joins in one second: half the frame rate, as each join costs catalog queries. */
  joinsPerSecond: 50,
  /**
   * A topic's bytes after `realtime:` (ADR 018). Realtime has no bound of its own (its topics live
   * in a process per channel); here every joined topic is kept, relayed and, on a private channel,
   * written into a probe row, so it stays far below PostgreSQL's 2 KB TOAST threshold.
   */
  topicBytes: 255,
  /** A broadcast's event name over REST (a path segment), bounded as topics are. */
  eventBytes: 255,
  /** Join frames' bytes a socket's channels may keep (topic, params, token) over all of them. */
  channelBytes: 4 * 1024 * 1024,
  /** Bytes sent to a socket and not yet written out; past this the socket is dropped. */
  outgoingBytes: 16 * 1024 * 1024,
  /** postgres_changes bindings in one join, and filter segments over all of them. */
  bindingsPerJoin: 100,
  filtersPerJoin: 100,
  /** Nesting of arrays and objects in a frame; deeper frames are answered without parsing. */
  jsonDepth: 64,
} as const;

/**
 * What all realtime sockets together may cost (ADR 018): the per-socket bounds above times any
 * number of sockets is no bound at all. Every total is counted once, in `Budget` (budget.ts).
 */
/** A frame past this counts against TOTALS.largeFrameBytesPerSecond. */
export const LARGE_FRAME_BYTES = 64 * 1024;

export const TOTALS = {
  /** realtime's default tenant: 200 users x 100 channels. */
  channels: 20_000,
  bindings: 20_000,
  /** Join frames kept by every channel of every socket. */
  channelBytes: 64 * 1024 * 1024,
  /** Frames received and not yet handled, over all sockets; past it, sockets are paused. */
  queuedBytes: 64 * 1024 * 1024,
  /** Frames sent and not yet written out, over all sockets; past it, the slowest are dropped. */
  outgoingBytes: 256 * 1024 * 1024,
  /** Joins waiting for database work: per socket, and over all sockets. */
  joinQueuePerSocket: 4,
  joinQueue: 1_000,
  /** Database work (joins, token refreshes, authorization checks) running at once. */
  concurrentJoins: 2,
  /**
   * Bytes of large frames (over LARGE_FRAME_BYTES) handled per second over all sockets: each is
   * parsed on the event loop before any other budget can refuse it, so 900 KB join frames from 20
   * addresses slowed every visitor's live delivery 30x. An honest page sends frames of a few
   * hundred bytes; past the total, the sending socket is closed as over its rate (ADR 018).
   */
  largeFrameBytesPerSecond: 4 * 1024 * 1024,
  /** Private-channel authorization checks per second, each a rolled-back probe row (ADR 018). */
  authorizationsPerSecond: 200,
  /** A socket's authorization answers kept per topic and token (realtime keeps one per channel). */
  authorizationCache: 200,
  authorizationTtlMs: 5 * 60_000,
} as const;

/** Descriptors kept for HTTP, the database pools, the data files and logs. */
const RESERVED_DESCRIPTORS = 512;
/** Where no RLIMIT_NOFILE can be read: Linux's usual soft limit. */
const DEFAULT_OPEN_FILES = 1024;
const MAX_SOCKETS = 10_000;

/** The process's soft RLIMIT_NOFILE (Node raises it to the hard limit at start), if readable. */
export function openFilesLimit(read = () => readFileSync('/proc/self/limits', 'utf8')): number {
  try {
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(read())?.[1];
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    if (soft) return Number(soft);
  } catch {
    // No /proc (macOS, Windows): the documented default.
  }
  return DEFAULT_OPEN_FILES;
}

/** The totals in force: TOTALS with the environment's overrides, and the socket caps. */
export type Budgets = { -readonly [K in keyof typeof TOTALS]: number } & {
  sockets: number;
  socketsPerAddress: number;
};

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of at least 1.`);
  return n;
}

/**
 * `REALTIME_MAX_SOCKETS` (default: half the descriptors left after RESERVED_DESCRIPTORS, at most
 * 10,000) and `REALTIME_MAX_SOCKETS_PER_IP` (default: a quarter of the total, so one address never
 * holds it all and a NAT of honest visitors is not refused early); `REALTIME_MAX_CHANNELS`,
 * `REALTIME_MAX_BINDINGS` and `REALTIME_MAX_QUEUED_BYTES` override TOTALS.
 */
export function resolveBudgets(
  env: NodeJS.ProcessEnv = process.env,
  openFiles = openFilesLimit(),
): Budgets {
  const derived = Math.min(
    MAX_SOCKETS,
    Math.max(16, Math.floor((openFiles - RESERVED_DESCRIPTORS) / 2)),
  );
  const sockets = positive('REALTIME_MAX_SOCKETS', env.REALTIME_MAX_SOCKETS) ?? derived;
  const perAddress =
    positive('REALTIME_MAX_SOCKETS_PER_IP', env.REALTIME_MAX_SOCKETS_PER_IP) ??
    Math.max(1, Math.floor(sockets / 4));
  return {
    ...TOTALS,
    channels: positive('REALTIME_MAX_CHANNELS', env.REALTIME_MAX_CHANNELS) ?? TOTALS.channels,
    bindings: positive('REALTIME_MAX_BINDINGS', env.REALTIME_MAX_BINDINGS) ?? TOTALS.bindings,
    queuedBytes:
      positive('REALTIME_MAX_QUEUED_BYTES', env.REALTIME_MAX_QUEUED_BYTES) ?? TOTALS.queuedBytes,
    sockets,
    socketsPerAddress: Math.min(perAddress, sockets),
  };
}

/** Counts events in fixed one-second windows. */
export class RateWindow {
  private started = 0;
  private used = 0;

  constructor(private readonly limit: number) {}

  /** Adds `amount`; false once the window's total passes the limit. */
  take(amount = 1, now = Date.now()): boolean {
    if (now - this.started >= 1000) {
      this.started = now;
      this.used = 0;
    }
    this.used += amount;
    return this.used <= this.limit;
  }
}
