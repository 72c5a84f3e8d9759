import WebSocket, { type RawData } from 'ws';
import {
  decodeBinary,
  decodeText,
  encodeText,
  FrameError,
  type PhoenixMessage,
  type UserBroadcast,
  type Vsn,
} from '../lib/phoenix/frames.ts';
import { EVENTS, errorReply, PHOENIX_TOPIC, reply, subTopic } from '../lib/phoenix/messages.ts';
import { canWrite } from './authorization.ts';
import type { Channel } from './channel.ts';
import { joinChannel, refreshToken, type JoiningSocket, type RealtimeServices } from './join.ts';
import { LIMITS, RateWindow } from './limits.ts';

const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** RFC 6455 1008: the peer broke a policy (here: a rate limit of ADR 008). */
const POLICY_VIOLATION = 1008;
const BINARY_PUSH = '\u0000binary push';

type Incoming = (
  { kind: 'message'; message: PhoenixMessage } | { kind: 'userBroadcast'; broadcast: UserBroadcast }
) & { bytes: number };

function rawBytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/**
 * One realtime-js socket: decodes its frames (vsn 1.0.0 objects, 2.0.0 arrays and binary
 * broadcasts), answers heartbeats, and routes channel events, one message at a time so a join
 * and the events after it keep their order. Frames it cannot read close the socket, as a
 * Phoenix socket crashes on them. Frames wait in a bounded queue: when it is full the socket is
 * no longer read (TCP pushes back on the sender), and a socket over its rate is closed before
 * its frames are even parsed (ADR 008).
 */
export class Connection implements JoiningSocket {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  readonly joins = new RateWindow(LIMITS.joinsPerSecond);
  private readonly queue: Incoming[] = [];
  private queuedBytes = 0;
  private working = false;
  private paused = false;
  private readonly frameRate = new RateWindow(LIMITS.framesPerSecond);
  private readonly byteRate = new RateWindow(LIMITS.bytesPerSecond);

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiKey: string,
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
    // reconnects and rejoins as after any network failure.
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return this.terminate();
    this.ws.send(frame, { binary });
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

  private decode(bytes: Buffer, isBinary: boolean): Incoming {
    const size = bytes.length;
    if (!isBinary) {
      const message = decodeText(this.vsn, bytes.toString('utf8'), LIMITS.jsonDepth);
      return { kind: 'message', message, bytes: size };
    }
    if (this.vsn === '1.0.0') throw new FrameError('vsn 1.0.0 has no binary frames');
    const frame = decodeBinary(bytes);
    if (frame.kind === 'userBroadcastPush')
      return { kind: 'userBroadcast', broadcast: frame.broadcast, bytes: size };
    // Binary pushes (kind 0) carry raw bytes no handler here takes; realtime-js never sends them.
    return { kind: 'message', message: { ...frame.message, event: BINARY_PUSH }, bytes: size };
  }

  private received(data: RawData, isBinary: boolean): void {
    if (!this.isOpen) return;
    this.lastSeen = Date.now();
    const bytes = rawBytes(data);
    if (!this.frameRate.take() || !this.byteRate.take(bytes.length)) return this.overLimit();
    let incoming: Incoming;
    try {
      incoming = this.decode(bytes, isBinary);
    } catch (error) {
      return this.close(1007, error instanceof FrameError ? error.message : 'invalid frame');
    }
    this.queue.push(incoming);
    this.queuedBytes += incoming.bytes;
    if (this.queue.length >= LIMITS.queuedFrames || this.queuedBytes >= LIMITS.queuedBytes) {
      this.paused = true;
      this.ws.pause();
    }
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
          this.ws.resume();
        }
        if (!this.isOpen) continue;
        await (next.kind === 'message'
          ? this.handle(next.message)
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
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.close(POLICY_VIOLATION, 'Too many messages per second');
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    const { topic, event } = message;
    if (message.tooDeep) {
      return this.send(errorReply(message, `Payload nesting exceeds ${LIMITS.jsonDepth} levels`));
    }
    if (topic === PHOENIX_TOPIC && event === EVENTS.heartbeat)
      return this.send(reply(message, 'ok'));
    if (event === EVENTS.join) return joinChannel(this, message, this.services);
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
      channel.writable ??= canWrite(this.services.pool, channel.identity, subTopic(channel.topic));
      if (!(await channel.writable) || channel.disposed) return;
    }
    send();
    if (channel.options.ackBroadcast) this.send(reply(request, 'ok'));
  }

  private closed(): void {
    for (const channel of [...this.channels.values()]) channel.dispose();
    this.channels.clear();
  }
}
