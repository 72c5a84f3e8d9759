import type pg from 'pg';
import { parseBinding } from '../../lib/phoenix/bindings.ts';
import type { PhoenixMessage } from '../../lib/phoenix/frames.ts';
import {
  bindingId,
  EVENTS,
  errorReply,
  push,
  reply,
  subTopic,
  SUBSCRIBED_MESSAGE,
  systemMessage,
} from '../../lib/phoenix/messages.ts';
import type { Dispatcher } from '../../realtime/dispatcher.ts';
import {
  compileBinding,
  SubscriptionError,
  type CompiledBinding,
} from '../../realtime/subscribe.ts';
import { identityOf } from '../../realtime/visibility.ts';
import type { BroadcastHub } from './broadcast.ts';
import { Channel, type ChannelSocket } from './channel.ts';
import { checkToken } from './token.ts';

export interface RealtimeServices {
  pool: pg.Pool;
  jwtSecret: string;
  dispatcher: Dispatcher;
  hub: BroadcastHub;
}

export interface JoiningSocket extends ChannelSocket {
  readonly apiKey: string;
  readonly channels: Map<string, Channel>;
  readonly isOpen: boolean;
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** realtime: `access_token` (or legacy `user_token`) from the payload, else the socket's apikey. */
function tokenOf(payload: Json, apiKey: string): string {
  const token = payload.access_token ?? payload.user_token;
  return typeof token === 'string' && !token.startsWith('sb_') ? token : apiKey;
}

/** All bindings or none, as realtime creates a channel's subscriptions in one transaction. */
async function compileAll(pool: pg.Pool, params: Json[], role: string): Promise<CompiledBinding[]> {
  const compiled: CompiledBinding[] = [];
  for (const p of params) {
    const parsed = parseBinding(p);
    if (!parsed.ok) throw new SubscriptionError(parsed.error);
    compiled.push(await compileBinding(pool, bindingId(p), parsed.value, role));
  }
  return compiled;
}

/** Subscribes the channel's bindings for its current identity and reports it in `system`. */
async function subscribe(
  channel: Channel,
  services: RealtimeServices,
): Promise<PhoenixMessage | undefined> {
  if (channel.params.length === 0) return undefined;
  try {
    // On a token change the previous bindings keep delivering until these replace them.
    channel.bindings = await compileAll(services.pool, channel.params, channel.identity.role);
  } catch (error) {
    if (!(error instanceof SubscriptionError)) throw error;
    services.dispatcher.remove(channel);
    channel.bindings = [];
    return systemMessage(
      channel.topic,
      channel.joinRef,
      'postgres_changes',
      'error',
      error.message,
    );
  }
  if (!channel.disposed) services.dispatcher.add(channel);
  return systemMessage(
    channel.topic,
    channel.joinRef,
    'postgres_changes',
    'ok',
    SUBSCRIBED_MESSAGE,
  );
}

/**
 * `phx_join` as RealtimeWeb.RealtimeChannel.join/3 answers it. The bindings are subscribed before
 * the reply, so a client that saw SUBSCRIBED misses no later change; the `system` message follows.
 */
export async function joinChannel(
  socket: JoiningSocket,
  message: PhoenixMessage,
  services: RealtimeServices,
): Promise<void> {
  const { topic } = message;
  if (!topic.startsWith('realtime:')) return socket.send(errorReply(message, 'unmatched topic'));
  if (topic === 'realtime:') {
    return socket.send(errorReply(message, 'TopicNameRequired: You must provide a topic name'));
  }
  // Phoenix closes a topic's previous channel when the same topic is joined again.
  socket.channels.get(topic)?.close();

  const payload = object(message.payload);
  const config = object(payload.config);
  if (config.private === true) {
    // Private channels are authorized by policies on realtime.messages, which this stack lacks.
    const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}`;
    return socket.send(errorReply(message, reason));
  }
  const token = tokenOf(payload, socket.apiKey);
  const check = await checkToken(token, services.jwtSecret);
  if (!check.ok) return socket.send(errorReply(message, `${check.code}: ${check.message}`));

  const broadcast = object(config.broadcast);
  const channel = new Channel(
    socket,
    topic,
    message.joinRef ?? message.ref,
    { selfBroadcast: broadcast.self === true, ackBroadcast: broadcast.ack === true },
    token,
    identityOf(check.claims),
  );
  channel.onDispose = () => {
    services.dispatcher.remove(channel);
    services.hub.remove(channel);
  };
  channel.params = (Array.isArray(config.postgres_changes) ? config.postgres_changes : [])
    .filter((p) => p !== null && p !== undefined)
    .map(object);
  const system = await subscribe(channel, services);
  // The socket may have gone while the bindings were being subscribed.
  if (!socket.isOpen) return channel.dispose();

  socket.channels.set(topic, channel);
  services.hub.add(channel);
  channel.expireAt(check.exp);
  const params = channel.params;
  socket.send(
    reply(message, 'ok', { postgres_changes: params.map((p) => ({ ...p, id: bindingId(p) })) }),
  );
  if (object(config.presence).enabled === true)
    socket.send(push(topic, EVENTS.presenceState, {}, channel.joinRef));
  if (system) socket.send(system);
}

/**
 * `access_token`: realtime ignores API keys (`sb_…`), a missing token and the current one;
 * otherwise it verifies the new token (shutting the channel down if it fails), adopts its claims
 * for row-level security and subscribes the bindings again.
 */
export async function refreshToken(
  channel: Channel,
  payload: unknown,
  services: RealtimeServices,
): Promise<void> {
  const token = object(payload).access_token;
  if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
  const check = await checkToken(token, services.jwtSecret);
  if (!check.ok) return channel.shutdown(check.message);
  channel.token = token;
  channel.identity = identityOf(check.claims);
  channel.expireAt(check.exp);
  const system = await subscribe(channel, services);
  if (system && !channel.disposed) channel.socket.send(system);
}
