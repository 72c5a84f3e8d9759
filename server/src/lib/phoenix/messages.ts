import { type PhoenixMessage, type Ref, type Vsn } from './frames.ts';

/** The events Phoenix and supabase/realtime exchange with realtime-js. */
export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  system: 'system',
  broadcast: 'broadcast',
  presence: 'presence',
  presenceState: 'presence_state',
  postgresChanges: 'postgres_changes',
} as const;

/** Heartbeats travel on this topic, outside every channel. */
export const PHOENIX_TOPIC = 'phoenix';

/** `phx_reply`: `{status, response}` addressed by the request's ref and the channel's join_ref. */
export function reply(
  request: Pick<PhoenixMessage, 'topic' | 'ref' | 'joinRef'>,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {},
): PhoenixMessage {
  return {
    joinRef: request.joinRef,
    ref: request.ref,
    topic: request.topic,
    event: EVENTS.reply,
    payload: { status, response },
  };
}

/** A join or channel error as realtime renders it: `{reason: "Code: message"}`. */
export function errorReply(
  request: Pick<PhoenixMessage, 'topic' | 'ref' | 'joinRef'>,
  reason: string,
): PhoenixMessage {
  return reply(request, 'error', { reason });
}

/** A server push on a channel (no ref: nothing answers it). */
export function push(
  topic: string,
  event: string,
  payload: unknown,
  joinRef: Ref = null,
): PhoenixMessage {
  return { joinRef, ref: null, topic, event, payload };
}

/**
 * realtime's `push_system_message`: `{extension, status, message, channel}` where `channel` is
 * the sub-topic (the topic without `realtime:`). `Subscribed to PostgreSQL` follows every
 * successful postgres_changes subscription; errors end a channel when it is shut down.
 */
export function systemMessage(
  topic: string,
  joinRef: Ref,
  extension: 'system' | 'postgres_changes',
  status: 'ok' | 'error',
  message: string,
): PhoenixMessage {
  return push(
    topic,
    EVENTS.system,
    { extension, status, message, channel: subTopic(topic) },
    joinRef,
  );
}

export const SUBSCRIBED_MESSAGE = 'Subscribed to PostgreSQL';

/** Phoenix closes a channel (left, replaced or shut down) with an empty `phx_close`. */
export function closeMessage(topic: string, joinRef: Ref): PhoenixMessage {
  return push(topic, EVENTS.close, {}, joinRef);
}

export function subTopic(topic: string): string {
  return topic.replace(/^realtime:/, '');
}

/** JSON with object keys sorted, so equal parameters hash equally whatever their order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * realtime answers each postgres_changes binding with `id: :erlang.phash2(params)`, an integer
 * in [0, 2^27) derived from the binding's parameters; realtime-js only matches ids it was given.
 * FNV-1a over the canonical JSON gives the same properties (stable, same range).
 */
export function bindingId(params: Record<string, unknown>): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(canonical(params), 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff;
}

/**
 * The bytes of a server push (no refs) around its payload, exactly as `encodeText` writes them:
 * a payload serialized once for many topics (dispatcher.ts) becomes each topic's frame with two
 * copies instead of one serialization per socket.
 */
export function pushEnvelope(
  vsn: Vsn,
  topic: string,
  event: string,
): { head: Buffer; tail: Buffer } {
  const [t, e] = [JSON.stringify(topic), JSON.stringify(event)];
  return vsn === '2.0.0'
    ? { head: Buffer.from(`[null,null,${t},${e},`), tail: Buffer.from(']') }
    : {
        head: Buffer.from(`{"topic":${t},"event":${e},"payload":`),
        tail: Buffer.from(',"ref":null}'),
      };
}
