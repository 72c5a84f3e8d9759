import { encodeText, encodeUserBroadcast, type UserBroadcast } from '../lib/phoenix/frames.ts';
import { nestsDeeperThan } from '../lib/json-depth.ts';
import { EVENTS, push } from '../lib/phoenix/messages.ts';
import type { Channel } from './channel.ts';
import { LIMITS } from './limits.ts';

/** Private and public channels of one name are different topics, as in realtime's tenant_topic. */
const keyOf = (topic: string, isPrivate: boolean) =>
  `${isPrivate ? 'private' : 'public'}\u0000${topic}`;
const topicKey = (channel: Channel) => keyOf(channel.topic, channel.options.private);

/** Where a broadcast comes from: a joined channel, or the REST API (no channel, no self). */
export type Origin = Channel | { topic: string; private: boolean };

/**
 * Broadcast, relayed between the sockets of this stack as realtime's
 * BroadcastHandler relays them between a tenant's subscribers: to everyone on the topic but the
 * sender (unless it joined with `broadcast.self`). realtime-js ≥ 2.75 sends broadcasts as binary
 * frames on vsn 2.0.0; they go out as binary "user broadcast" frames to vsn 2.0.0 sockets and as
 * JSON to vsn 1.0.0 sockets, which cannot receive binary (binary user payloads are then dropped,
 * as realtime drops them).
 */
export class BroadcastHub {
  private readonly topics = new Map<string, Set<Channel>>();

  add(channel: Channel): void {
    let members = this.topics.get(topicKey(channel));
    if (!members) this.topics.set(topicKey(channel), (members = new Set()));
    members.add(channel);
  }

  remove(channel: Channel): void {
    const members = this.topics.get(topicKey(channel));
    members?.delete(channel);
    if (members?.size === 0) this.topics.delete(topicKey(channel));
  }

  private *receivers(from: Origin): Iterable<Channel> {
    const key = 'options' in from ? topicKey(from) : keyOf(from.topic, from.private);
    for (const channel of this.topics.get(key) ?? []) {
      if (channel !== from || channel.options.selfBroadcast) yield channel;
    }
  }

  /** A JSON broadcast: `{type: 'broadcast', event, payload}` goes out as sent. */
  relayJson(from: Origin, payload: unknown): void {
    const frames = new Map<string, Buffer>();
    for (const channel of this.receivers(from)) {
      let frame = frames.get(channel.vsn);
      if (!frame) {
        frame = Buffer.from(encodeText(channel.vsn, push(from.topic, EVENTS.broadcast, payload)));
        frames.set(channel.vsn, frame);
      }
      channel.socket.sendFrame(frame, false);
    }
  }

  relayBinary(
    from: Origin,
    broadcast: Pick<UserBroadcast, 'userEvent' | 'encoding' | 'payload'>,
  ): void {
    let binary: Buffer | undefined;
    let json: Buffer | null | undefined;
    for (const channel of this.receivers(from)) {
      if (channel.vsn === '2.0.0') {
        binary ??= encodeUserBroadcast({ ...broadcast, topic: from.topic });
        channel.socket.sendFrame(binary, true);
        continue;
      }
      if (json === undefined) json = jsonFallback(from.topic, broadcast);
      if (json) channel.socket.sendFrame(json, false);
    }
  }
}

function jsonFallback(
  topic: string,
  broadcast: Pick<UserBroadcast, 'userEvent' | 'encoding' | 'payload'>,
): Buffer | null {
  if (broadcast.encoding !== 'json') return null;
  const text = Buffer.from(broadcast.payload).toString('utf8');
  // Re-encoding walks the payload recursively: a deeply nested one is not relayed as JSON.
  if (nestsDeeperThan(text, LIMITS.jsonDepth)) return null;
  try {
    const payload: unknown = JSON.parse(text);
    return Buffer.from(
      encodeText(
        '1.0.0',
        push(topic, EVENTS.broadcast, { type: 'broadcast', event: broadcast.userEvent, payload }),
      ),
    );
  } catch {
    return null;
  }
}
