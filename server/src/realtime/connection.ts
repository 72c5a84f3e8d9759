import WebSocket, { type RawData } from 'ws';
import {
  encodeText,
  FrameError,
  type PhoenixMessage,
  type UserBroadcast,
  type Vsn,
} from '../lib/phoenix/frames.ts';
import { EVENTS, errorReply, PHOENIX_TOPIC, reply, subTopic } from '../lib/phoenix/messages.ts';
import { budgeted, canWrite } from './authorization.ts';
import { AuthorizationCache } from './authorization-cache.ts';
import type { Pausable } from './budget.ts';
import type { Channel } from './channel.ts';
import { BINARY_PUSH, decodeFrame, rawBytes, type Incoming } from './incoming.ts';
import { joinChannel } from './join.ts';
import { refreshToken } from './rebind.ts';
import type { JoiningSocket, RealtimeServices } from './services.ts';
import { LARGE_FRAME_BYTES, LIMITS, RateWindow } from './limits.ts';

/** A socket this far behind while every socket's backlog is over the total is dropped first. */
const SLOW_READER_BYTES = 1024 * 1024;
/** RFC 6455 1008: the peer broke a policy (here: a rate limit of ADR 008). */
const POLICY_VIOLATION = 1008;

/**
 * One realtime-js socket: decodes its frames (vsn 1.0.0 objects, 2.0.0 arrays and binary
 * broadcasts), answers heartbeats, and routes channel events, one message at a time so a join
 * and the events after it keep their order. Frames it cannot read close the socket, as a
 * Phoenix socket crashes on them. Frames wait in a bounded queue: when it is full the socket is
 * no longer read (TCP pushes back on the sender), and a socket over its rate is closed before
 * its frames are even parsed (ADR 008).
 */
export class Connection implements JoiningSocket, Pausable {
  readonly channels = new Map<string, Channel>();
  readonly authorizations = new AuthorizationCache();
  lastSeen = Date.now();
  served = 0;
  readonly joins = new RateWindow(LIMITS.joinsPerSecond);
  private readonly queue: Incoming[] = [];
  private queuedBytes = 0;
  private working = false;
  private paused = false;
  private pausedForBudget = false;
  /** Bytes handed to ws and not yet written to the TCP socket. */
  private outgoing = 0;
  private readonly frameRate = new RateWindow(LIMITS.framesPerSecond);
  private readonly byteRate = new RateWindow(LIMITS.bytesPerSecond);

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiKey: string,
    readonly address: string,
    private readonly services: RealtimeServices,
  ) {
    ws.on('message', (data, isBinary) => this.received(data, isBinary));
    ws.on('close', () => this.closed());
    ws.on('error', () => ws.terminate());
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: PhoenixMessage): void {
    this.sendFrame(Buffer.from(encodeText(this.vsn, message)), false);
  }

  sendFrame(frame: Buffer, binary: boolean): void {
    if (!this.isOpen) return;
    // A client that stopped reading must not make the server buffer without bound; dropped, it
    // reconnects and rejoins as after any network failure. Past the total over all sockets, the
    // ones far behind go first (ADR 018).
    const budget = this.services.budget;
    if (
      this.outgoing > LIMITS.outgoingBytes ||
      (budget.outgoingFull && this.outgoing > SLOW_READER_BYTES)
    ) {
      return this.terminate();
    }
    const bytes = frame.length;
    this.outgoing += bytes;
    budget.outgoingBytes += bytes;
    this.ws.send(frame, { binary }, () => this.written(bytes));
  }

  private written(bytes: number): void {
    if (this.outgoing === 0) return;
    this.outgoing -= bytes;
    this.services.budget.outgoingBytes -= bytes;
  }

  forget(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /** Closes with `code` and drops the socket if it does not finish closing in time. */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  terminate(): void {
    this.ws.terminate();
  }

  private received(data: RawData, isBinary: boolean): void {
    if (!this.isOpen) return;
    this.lastSeen = Date.now();
    const bytes = rawBytes(data);
    if (!this.frameRate.take() || !this.byteRate.take(bytes.length)) return this.overLimit();
    const large = bytes.length > LARGE_FRAME_BYTES;
    if (large && !this.services.budget.largeFrames.take(bytes.length)) return this.overLimit();
    let incoming: Incoming;
    try {
      incoming = decodeFrame(this.vsn, bytes, isBinary);
    } catch (error) {
      return this.close(1007, error instanceof FrameError ? error.message : 'invalid frame');
    }
    this.queue.push(incoming);
    this.queuedBytes += incoming.bytes;
    if (this.queue.length >= LIMITS.queuedFrames || this.queuedBytes >= LIMITS.queuedBytes) {
      this.paused = true;
      this.ws.pause();
    }
    this.services.budget.queued(this, incoming.bytes);
    if (!this.working) void this.work();
  }

  /** Handles queued frames one at a time, reading the socket again once the queue has room. */
  private async work(): Promise<void> {
    this.working = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        this.queuedBytes -= next.bytes;
        if (this.paused && this.queue.length < LIMITS.queuedFrames / 2) {
          this.paused = false;
          if (!this.pausedForBudget) this.ws.resume();
        }
        this.services.budget.handled(next.bytes);
        if (!this.isOpen) continue;
        await (next.kind === 'message'
          ? this.handle(next.message, next.bytes)
          : this.broadcastBinary(next.broadcast));
      }
    } catch {
      this.close(1011, 'internal error');
    } finally {
      this.working = false;
    }
  }

  /**
   * realtime shuts a channel down with "Too many messages per second" when its tenant's rate is
   * exceeded; here the rate is the socket's, so every channel of it is shut down and the socket
   * closed: nothing it sends is read any more.
   */
  private overLimit(): void {
    for (const channel of [...this.channels.values()])
      channel.shutdown('Too many messages per second');
    this.dropQueue();
    this.close(POLICY_VIOLATION, 'Too many messages per second');
  }

  pauseForBudget(): void {
    this.pausedForBudget = true;
    this.ws.pause();
  }

  resumeForBudget(): void {
    this.pausedForBudget = false;
    if (!this.paused && this.isOpen) this.ws.resume();
  }

  /** Gives the queue's bytes back to the budget: they will never be handled. */
  private dropQueue(): void {
    this.services.budget.handled(this.queuedBytes);
    this.queue.length = 0;
    this.queuedBytes = 0;
  }

  private async handle(message: PhoenixMessage, bytes: number): Promise<void> {
    const { topic, event } = message;
    if (message.tooDeep) {
      return this.send(errorReply(message, `Payload nesting exceeds ${LIMITS.jsonDepth} levels`));
    }
    if (topic === PHOENIX_TOPIC && event === EVENTS.heartbeat)
      return this.send(reply(message, 'ok'));
    if (event === EVENTS.join) return joinChannel(this, message, bytes, this.services);
    if (event === BINARY_PUSH) {
      return this.send(errorReply(message, 'binary pushes are not supported by the local stack'));
    }
    const channel = this.channels.get(topic);
    if (!channel) {
      // Phoenix: leaving a topic that is not joined is fine; anything else is unmatched.
      if (event === EVENTS.leave) return this.send(reply(message, 'ok'));
      return this.send(errorReply(message, 'unmatched topic'));
    }
    switch (event) {
      case EVENTS.leave:
        this.send(reply({ ...message, joinRef: channel.joinRef }, 'ok'));
        return channel.close();
      case EVENTS.accessToken:
        return refreshToken(channel, message.payload, this.services);
      case EVENTS.broadcast:
        return this.relay(channel, message, () =>
          this.services.hub.relayJson(channel, message.payload),
        );
      case EVENTS.presence:
        this.send(errorReply(message, 'Presence is not supported by the local stack'));
        return;
      default:
        // realtime logs and ignores events it does not know.
        return;
    }
  }

  private broadcastBinary(broadcast: UserBroadcast): Promise<void> | void {
    const channel = this.channels.get(broadcast.topic);
    const request = { topic: broadcast.topic, ref: broadcast.ref, joinRef: broadcast.joinRef };
    if (!channel) return this.send(errorReply(request, 'unmatched topic'));
    return this.relay(channel, request, () => this.services.hub.relayBinary(channel, broadcast));
  }

  /**
   * realtime's BroadcastHandler: on a private channel the caller's write right comes from the
   * policies on realtime.messages, checked once per channel; a broadcast it may not send is
   * dropped without a reply, as realtime drops it.
   */
  private async relay(
    channel: Channel,
    request: Pick<PhoenixMessage, 'topic' | 'ref' | 'joinRef'>,
    send: () => void,
  ): Promise<void> {
    if (channel.options.private) {
      const { pool, budget } = this.services;
      const check = () => canWrite(pool, channel.identity, subTopic(channel.topic));
      channel.writable ??= budgeted(budget, this, check);
      // Over the rate of checks or the queue: this broadcast is dropped and the next one asks again.
      const allowed = await channel.writable.catch(() => (channel.writable = undefined));
      if (!allowed || channel.disposed) return;
    }
    send();
    if (channel.options.ackBroadcast) this.send(reply(request, 'ok'));
  }

  private closed(): void {
    for (const channel of [...this.channels.values()]) channel.dispose();
    this.channels.clear();
    this.dropQueue();
    this.services.budget.forget(this);
    this.services.budget.outgoingBytes -= this.outgoing;
    this.outgoing = 0;
  }
}
