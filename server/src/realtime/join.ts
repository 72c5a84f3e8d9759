import type pg from 'pg';
import { parseBinding, splitTopLevel } from '../lib/phoenix/bindings.ts';
import type { PhoenixMessage } from '../lib/phoenix/frames.ts';
import {
  bindingId,
  EVENTS,
  errorReply,
  push,
  reply,
  subTopic,
  SUBSCRIBED_MESSAGE,
  systemMessage,
} from '../lib/phoenix/messages.ts';
import { canRead } from './authorization.ts';
import type { Dispatcher } from './dispatcher.ts';
import {
  CatalogCache,
  compileBinding,
  SubscriptionError,
  type CompiledBinding,
} from './subscribe.ts';
import { identityOf } from './visibility.ts';
import type { BroadcastHub } from './broadcast.ts';
import { Channel, type ChannelSocket } from './channel.ts';
import { Gate, LIMITS, type RateWindow } from './limits.ts';
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
  readonly joins: RateWindow;
  close(code: number, reason: string): void;
}

type Json = Record<string, unknown>;
/** Joins and token refreshes query the catalog: a flood of them waits here, not in the pool. */
const databaseWork = new Gate(LIMITS.concurrentJoins);
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
  // Bindings on the same table share its catalog queries: a join costs per table, not per binding.
  const catalog = new CatalogCache();
  for (const p of params) {
    const parsed = parseBinding(p);
    if (!parsed.ok) throw new SubscriptionError(parsed.error);
    compiled.push(await compileBinding(pool, bindingId(p), parsed.value, role, catalog));
  }
  return compiled;
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

/** Subscribes the channel's bindings for its current identity and reports it in `system`. */
async function subscribe(
  channel: Channel,
  services: RealtimeServices,
): Promise<PhoenixMessage | undefined> {
  if (channel.params.length === 0) return undefined;
  try {
    // On a token change the previous bindings keep delivering until these replace them.
    channel.bindings = await databaseWork.run(() =>
      compileAll(services.pool, channel.params, channel.identity.role),
    );
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
  // realtime's limit_joins and limit_channels, here per socket (limits.ts).
  if (!socket.joins.take()) {
    socket.send(errorReply(message, 'ClientJoinRateLimitReached: Too many joins per second'));
    return socket.close(1008, 'Too many joins per second');
  }
  if (!socket.channels.has(topic) && socket.channels.size >= LIMITS.channels) {
    return socket.send(errorReply(message, 'ChannelRateLimitReached: Too many channels'));
  }
  const payload = object(message.payload);
  const config = object(payload.config);
  const params = (Array.isArray(config.postgres_changes) ? config.postgres_changes : [])
    .filter((p) => p !== null && p !== undefined)
    .map(object);
  const excess = tooManyBindings(params);
  if (excess) return socket.send(errorReply(message, excess));
  // Phoenix closes a topic's previous channel when the same topic is joined again.
  socket.channels.get(topic)?.close();

  const token = tokenOf(payload, socket.apiKey);
  const check = await checkToken(token, services.jwtSecret);
  if (!check.ok) return socket.send(errorReply(message, `${check.code}: ${check.message}`));
  const identity = identityOf(check.claims);
  const isPrivate = config.private === true;
  const sub = subTopic(topic);
  if (isPrivate && !(await databaseWork.run(() => canRead(services.pool, identity, sub)))) {
    const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(topic)}`;
    return socket.send(errorReply(message, reason));
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
  };
  channel.params = params;
  const system = await subscribe(channel, services);
  // The socket may have gone while the bindings were being subscribed.
  if (!socket.isOpen) return channel.dispose();

  socket.channels.set(topic, channel);
  services.hub.add(channel);
  channel.expireAt(check.exp);
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
  // Broadcast rights were decided for the previous identity (broadcast.ts).
  channel.writable = undefined;
  channel.expireAt(check.exp);
  const system = await subscribe(channel, services);
  if (system && !channel.disposed) channel.socket.send(system);
}
