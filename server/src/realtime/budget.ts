import { FairQueue } from './fair-queue.ts';
import { RateWindow, type Budgets } from './limits.ts';

/** What a channel holds of the whole: its join frame's bytes and its bindings. */
export interface ChannelCost {
  bytes: number;
  bindings: number;
}

/** A socket the budget may pause while every socket's queued frames are over the total. */
export interface Pausable {
  pauseForBudget(): void;
  resumeForBudget(): void;
}

/**
 * Everything all realtime sockets together hold, counted in one place (ADR 018): sockets per
 * address and in all, channels, bindings and the join frames they keep, frames queued in and
 * out, and the one queue for database work. Each socket adds what it takes and gives it back when
 * it lets go, so each figure is always the live total.
 */
export class Budget {
  readonly queue: FairQueue;
  readonly authorizations: RateWindow;
  readonly largeFrames: RateWindow;
  sockets = 0;
  channels = 0;
  bindings = 0;
  channelBytes = 0;
  queuedBytes = 0;
  outgoingBytes = 0;
  private readonly addresses = new Map<string, number>();
  private readonly paused = new Set<Pausable>();

  constructor(readonly limits: Budgets) {
    this.queue = new FairQueue(limits.concurrentJoins, limits.joinQueue, limits.joinQueuePerSocket);
    this.authorizations = new RateWindow(limits.authorizationsPerSecond);
    this.largeFrames = new RateWindow(limits.largeFrameBytesPerSecond);
  }

  /** Takes a socket for `address`, or says which cap refuses it. */
  admitSocket(address: string): 'ok' | 'total' | 'address' {
    if (this.sockets >= this.limits.sockets) return 'total';
    const held = this.addresses.get(address) ?? 0;
    if (held >= this.limits.socketsPerAddress) return 'address';
    this.addresses.set(address, held + 1);
    this.sockets++;
    return 'ok';
  }

  releaseSocket(address: string): void {
    const held = (this.addresses.get(address) ?? 1) - 1;
    if (held > 0) this.addresses.set(address, held);
    else this.addresses.delete(address);
    this.sockets--;
  }

  /** Takes a channel's cost, or returns realtime's reason for refusing the join. */
  takeChannel(cost: ChannelCost): string | undefined {
    if (
      this.channels >= this.limits.channels ||
      this.channelBytes + cost.bytes > this.limits.channelBytes
    ) {
      return 'ChannelRateLimitReached: Too many channels';
    }
    if (this.bindings + cost.bindings > this.limits.bindings) {
      return 'TooManyBindings: the stack holds as many postgres_changes bindings as it may';
    }
    this.channels++;
    this.bindings += cost.bindings;
    this.channelBytes += cost.bytes;
    return undefined;
  }

  releaseChannel(cost: ChannelCost): void {
    this.channels--;
    this.bindings -= cost.bindings;
    this.channelBytes -= cost.bytes;
  }

  /**
   * A frame was queued by `socket`: past the total, that socket stops being read until every
   * socket's queue has drained to half the total (TCP then pushes back on its sender).
   */
  queued(socket: Pausable, bytes: number): void {
    this.queuedBytes += bytes;
    if (this.queuedBytes >= this.limits.queuedBytes && !this.paused.has(socket)) {
      this.paused.add(socket);
      socket.pauseForBudget();
    }
  }

  handled(bytes: number): void {
    this.queuedBytes -= bytes;
    if (this.paused.size > 0 && this.queuedBytes < this.limits.queuedBytes / 2) {
      const resumed = [...this.paused];
      this.paused.clear();
      for (const socket of resumed) socket.resumeForBudget();
    }
  }

  /** A socket is gone: it no longer waits to be resumed. */
  forget(socket: Pausable): void {
    this.paused.delete(socket);
  }

  /** Whether the bytes sent and not yet written, over all sockets, are past the total. */
  get outgoingFull(): boolean {
    return this.outgoingBytes > this.limits.outgoingBytes;
  }
}
