import { splitTopLevel } from '../lib/phoenix/bindings.ts';
import type { PhoenixMessage } from '../lib/phoenix/frames.ts';
import { bindingId, EVENTS, errorReply, push, reply, subTopic } from '../lib/phoenix/messages.ts';
import { AuthorizationBusy, budgeted, canRead } from './authorization.ts';
import type { ChannelCost } from './budget.ts';
import { Channel } from './channel.ts';
import { QueueFull } from './fair-queue.ts';
import { LIMITS } from './limits.ts';
import { subscribe } from './rebind.ts';
import type { JoiningSocket, RealtimeServices } from './services.ts';

export type { JoiningSocket, RealtimeServices } from './services.ts';

type Json = Record<string, unknown>;
const object = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** realtime: `access_token` (or legacy `user_token`) from the payload, else the socket's apikey. */
function tokenOf(payload: Json, apiKey: string): string {
  const token = payload.access_token ?? payload.user_token;
  return typeof token === 'string' && !token.startsWith('sb_') ? token : apiKey;
}

/**
 * realtime has no bound on bindings per join; each costs the stack catalog queries and every
 * later change a match, so a join carries at most LIMITS.bindingsPerJoin bindings and
 * LIMITS.filtersPerJoin filter segments (ADR 008). Checked before any query.
 */
function tooManyBindings(params: Json[]): string | undefined {
  if (params.length > LIMITS.bindingsPerJoin) {
    return `TooManyBindings: at most ${LIMITS.bindingsPerJoin} postgres_changes bindings per channel`;
  }
  let filters = 0;
  for (const p of params)
    if (typeof p.filter === 'string') filters += splitTopLevel(p.filter).length;
  if (filters > LIMITS.filtersPerJoin) {
    return `TooManyFilters: at most ${LIMITS.filtersPerJoin} filters per channel`;
  }
  return undefined;
}

/** Checks made before any work: realtime's own refusals, then the stack's bounds (ADR 008, 018). */
function refusal(socket: JoiningSocket, topic: string, params: Json[]): string | undefined {
  if (topic === 'realtime:') return 'TopicNameRequired: You must provide a topic name';
  if (Buffer.byteLength(subTopic(topic)) > LIMITS.topicBytes) {
    return `TopicNameTooLong: a topic name may be at most ${LIMITS.topicBytes} bytes`;
  }
  if (!socket.channels.has(topic) && socket.channels.size >= LIMITS.channels) {
    return 'ChannelRateLimitReached: Too many channels';
  }
  return tooManyBindings(params);
}

/** A socket's channels keep at most LIMITS.channelBytes of join frames between them. */
function socketBytes(socket: JoiningSocket, topic: string): number {
  let bytes = 0;
  for (const [joined, channel] of socket.channels) if (joined !== topic) bytes += channel.joinBytes;
  return bytes;
}

/**
 * `phx_join` as RealtimeWeb.RealtimeChannel.join/3 answers it. The bindings are subscribed before
 * the reply, so a client that saw SUBSCRIBED misses no later change; the `system` message follows.
 * The channel's cost (its join frame, its bindings) is taken from the stack's budget before any
 * database work and given back when the channel ends or the join fails.
 */
export async function joinChannel(
  socket: JoiningSocket,
  message: PhoenixMessage,
  bytes: number,
  services: RealtimeServices,
): Promise<void> {
  const { topic } = message;
  if (!topic.startsWith('realtime:')) return socket.send(errorReply(message, 'unmatched topic'));
  // realtime's limit_joins, here per socket (limits.ts).
  if (!socket.joins.take()) {
    socket.send(errorReply(message, 'ClientJoinRateLimitReached: Too many joins per second'));
    return socket.close(1008, 'Too many joins per second');
  }
  const payload = object(message.payload);
  const config = object(payload.config);
  const params = (Array.isArray(config.postgres_changes) ? config.postgres_changes : [])
    .filter((p) => p !== null && p !== undefined)
    .map(object);
  const refused = refusal(socket, topic, params);
  if (refused) return socket.send(errorReply(message, refused));
  const cost: ChannelCost = { bytes, bindings: params.length };
  if (socketBytes(socket, topic) + bytes > LIMITS.channelBytes) {
    return socket.send(errorReply(message, 'ChannelRateLimitReached: Too many channels'));
  }
  // Phoenix closes a topic's previous channel when the same topic is joined again.
  socket.channels.get(topic)?.close();
  const overBudget = services.budget.takeChannel(cost);
  if (overBudget) return socket.send(errorReply(message, overBudget));
  let released = false;
  const release = () => {
    if (!released) services.budget.releaseChannel(cost);
    released = true;
  };
  let channel: Channel | undefined;
  try {
    channel = await openChannel(socket, message, config, params, release, services);
    if (channel) channel.joinBytes = bytes;
  } catch (error) {
    if (!(error instanceof QueueFull || error instanceof AuthorizationBusy)) throw error;
    socket.send(errorReply(message, error.message));
  } finally {
    // A channel that opened gives its cost back when it ends.
    if (!channel) release();
  }
}

async function openChannel(
  socket: JoiningSocket,
  message: PhoenixMessage,
  config: Json,
  params: Json[],
  release: () => void,
  services: RealtimeServices,
): Promise<Channel | undefined> {
  const { topic } = message;
  const token = tokenOf(object(message.payload), socket.apiKey);
  const check = await services.tokens.check(token);
  if (!check.ok) return void socket.send(errorReply(message, `${check.code}: ${check.message}`));
  const identity = check.identity;
  const isPrivate = config.private === true;
  const sub = subTopic(topic);
  if (
    isPrivate &&
    !(await socket.authorizations.get(sub, token, () =>
      budgeted(services.budget, socket, () => canRead(services.pool, identity, sub)),
    ))
  ) {
    const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`;
    return void socket.send(errorReply(message, reason));
  }

  const broadcast = object(config.broadcast);
  const channel = new Channel(
    socket,
    topic,
    message.joinRef ?? message.ref,
    {
      selfBroadcast: broadcast.self === true,
      ackBroadcast: broadcast.ack === true,
      private: isPrivate,
    },
    token,
    identity,
  );
  channel.onDispose = () => {
    services.dispatcher.remove(channel);
    services.hub.remove(channel);
    release();
  };
  channel.params = params;
  let system: PhoenixMessage | undefined;
  try {
    system = await subscribe(channel, services);
  } catch (error) {
    channel.dispose();
    throw error;
  }
  // The socket may have gone while the bindings were being subscribed.
  if (!socket.isOpen) {
    channel.dispose();
    return channel;
  }

  socket.channels.set(topic, channel);
  services.hub.add(channel);
  channel.expireAt(check.exp);
  socket.send(
    reply(message, 'ok', { postgres_changes: params.map((p) => ({ ...p, id: bindingId(p) })) }),
  );
  if (object(config.presence).enabled === true)
    socket.send(push(topic, EVENTS.presenceState, {}, channel.joinRef));
  if (system) socket.send(system);
  return channel;
}
