import WebSocket, { type RawData } from 'ws';
import {
  decodeBinary,
  decodeText,
  encodeText,
  FrameError,
  type PhoenixMessage,
  type UserBroadcast,
  type Vsn,
} from '../../lib/phoenix/frames.ts';
import { EVENTS, errorReply, PHOENIX_TOPIC, reply } from '../../lib/phoenix/messages.ts';
import type { Channel } from './channel.ts';
import { joinChannel, refreshToken, type JoiningSocket, type RealtimeServices } from './join.ts';

const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const BINARY_PUSH = '\u0000binary push';

type Incoming =
  | { kind: 'message'; message: PhoenixMessage }
  | { kind: 'userBroadcast'; broadcast: UserBroadcast };

function rawBytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/**
 * One realtime-js socket: decodes its frames (vsn 1.0.0 objects, 2.0.0 arrays and binary
 * broadcasts), answers heartbeats, and routes channel events, one message at a time so a join
 * and the events after it keep their order. Frames it cannot read close the socket, as a
 * Phoenix socket crashes on them.
 */
export class Connection implements JoiningSocket {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private work: Promise<void> = Promise.resolve();

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

  private decode(data: RawData, isBinary: boolean): Incoming {
    const bytes = rawBytes(data);
    if (!isBinary)
      return { kind: 'message', message: decodeText(this.vsn, bytes.toString('utf8')) };
    if (this.vsn === '1.0.0') throw new FrameError('vsn 1.0.0 has no binary frames');
    const frame = decodeBinary(bytes);
    if (frame.kind === 'userBroadcastPush')
      return { kind: 'userBroadcast', broadcast: frame.broadcast };
    // Binary pushes (kind 0) carry raw bytes no handler here takes; realtime-js never sends them.
    return { kind: 'message', message: { ...frame.message, event: BINARY_PUSH } };
  }

  private received(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let incoming: Incoming;
    try {
      incoming = this.decode(data, isBinary);
    } catch (error) {
      return this.close(1007, error instanceof FrameError ? error.message : 'invalid frame');
    }
    this.work = this.work
      .then(() =>
        incoming.kind === 'message'
          ? this.handle(incoming.message)
          : this.broadcastBinary(incoming.broadcast),
      )
      .catch(() => this.close(1011, 'internal error'));
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    const { topic, event } = message;
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
        this.services.hub.relayJson(channel, message.payload);
        if (channel.options.ackBroadcast) this.send(reply(message, 'ok'));
        return;
      case EVENTS.presence:
        this.send(errorReply(message, 'Presence is not supported by the local stack'));
        return;
      default:
        // realtime logs and ignores events it does not know.
        return;
    }
  }

  private broadcastBinary(broadcast: UserBroadcast): void {
    const channel = this.channels.get(broadcast.topic);
    const request = { topic: broadcast.topic, ref: broadcast.ref, joinRef: broadcast.joinRef };
    if (!channel) return this.send(errorReply(request, 'unmatched topic'));
    this.services.hub.relayBinary(channel, broadcast);
    if (channel.options.ackBroadcast) this.send(reply(request, 'ok'));
  }

  private closed(): void {
    for (const channel of [...this.channels.values()]) channel.dispose();
    this.channels.clear();
  }
}
