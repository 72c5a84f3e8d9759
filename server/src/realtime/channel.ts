import type { Ref, Vsn } from '../lib/phoenix/frames.ts';
import {
  closeMessage,
  EVENTS,
  push,
  pushEnvelope,
  systemMessage,
} from '../lib/phoenix/messages.ts';
import type { Subscriber } from './dispatcher.ts';
import type { QueueOwner } from './fair-queue.ts';
import type { CompiledBinding } from './subscribe.ts';
import type { Identity } from './visibility.ts';

/** What a channel needs of its socket (whose turn it is for database work, too). */
export interface ChannelSocket extends QueueOwner {
  readonly vsn: Vsn;
  send(message: ReturnType<typeof push>): void;
  sendFrame(frame: Buffer, binary: boolean): void;
  forget(channel: Channel): void;
}

export interface ChannelOptions {
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  /** Joined with `config.private`: authorized by the policies on realtime.messages. */
  private: boolean;
}

/** setTimeout's ceiling (~24.8 days); a later expiry is re-armed when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One joined topic on one socket: its token (and so its identity for row-level security), its
 * postgres_changes bindings and its broadcast options. It leaves the dispatcher and the broadcast
 * hub through `onDispose`, which the route sets when it registers the channel.
 */
export class Channel implements Subscriber {
  /** The join's `config.postgres_changes`, subscribed again when the token changes. */
  params: Array<Record<string, unknown>> = [];
  bindings: CompiledBinding[] = [];
  onDispose: (() => void) | undefined;
  disposed = false;
  /** The bytes of the join frame it keeps (topic, params, token), counted against its socket. */
  joinBytes = 0;
  /** A private channel's broadcast write right, checked once as realtime caches its policies. */
  writable: Promise<boolean> | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private envelope: { head: Buffer; tail: Buffer } | undefined;

  constructor(
    readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: Ref,
    readonly options: ChannelOptions,
    public token: string,
    public identity: Identity,
  ) {}

  get vsn(): Vsn {
    return this.socket.vsn;
  }

  /** A postgres_changes push: the shared payload between this topic's envelope (made once). */
  deliver(payload: Buffer): void {
    if (this.disposed) return;
    const { head, tail } = (this.envelope ??= pushEnvelope(
      this.vsn,
      this.topic,
      EVENTS.postgresChanges,
    ));
    const frame = Buffer.concat([head, payload, tail], head.length + payload.length + tail.length);
    this.socket.sendFrame(frame, false);
  }

  /**
   * realtime re-checks the token when it expires and shuts the channel down if it was not
   * refreshed (`confirm_token`); realtime-js sends fresh tokens with `access_token` before that.
   */
  expireAt(exp: number): void {
    clearTimeout(this.expiry);
    const delay = exp * 1000 - Date.now();
    this.expiry = setTimeout(
      () => {
        if (delay > MAX_TIMER_MS) return this.expireAt(exp);
        const seconds = Math.max(0, Math.floor(Date.now() / 1000 - exp));
        this.shutdown(`Token has expired ${seconds} seconds ago`);
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    this.expiry.unref();
  }

  /** realtime's `shutdown_response`: a `system` error, then the channel closes. */
  shutdown(message: string): void {
    this.socket.send(systemMessage(this.topic, this.joinRef, 'system', 'error', message));
    this.close();
  }

  /**
   * `phx_error`, as Phoenix sends when a channel process crashes: realtime-js reports
   * CHANNEL_ERROR and joins again by itself, and its SUBSCRIBED after that is the app's cue to
   * re-read what it may have missed.
   */
  rejoin(): void {
    if (this.disposed) return;
    this.socket.send(push(this.topic, EVENTS.error, {}, this.joinRef));
    this.dispose();
  }

  /** Phoenix ends a channel (left, replaced, shut down) with `phx_close` to the client. */
  close(): void {
    if (this.disposed) return;
    this.socket.send(closeMessage(this.topic, this.joinRef));
    this.dispose();
  }

  /** Stops all delivery to this channel without telling the client (its socket is gone). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.expiry);
    this.onDispose?.();
    this.socket.forget(this);
  }
}
