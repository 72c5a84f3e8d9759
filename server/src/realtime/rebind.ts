import type pg from 'pg';
import { parseBinding } from '../lib/phoenix/bindings.ts';
import type { PhoenixMessage } from '../lib/phoenix/frames.ts';
import { bindingId, SUBSCRIBED_MESSAGE, systemMessage } from '../lib/phoenix/messages.ts';
import type { Channel } from './channel.ts';
import { QueueFull } from './fair-queue.ts';
import type { RealtimeServices } from './services.ts';
import {
  CatalogCache,
  compileBinding,
  SubscriptionError,
  type CompiledBinding,
} from './subscribe.ts';

type Json = Record<string, unknown>;
const object = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Subscribes the channel's bindings for its current identity and reports it in `system`. */
export async function subscribe(
  channel: Channel,
  services: RealtimeServices,
): Promise<PhoenixMessage | undefined> {
  if (channel.params.length === 0) return undefined;
  try {
    // On a token change the previous bindings keep delivering until these replace them.
    const { role } = channel.identity;
    let compiled = false;
    channel.bindings = await services.bindings.get(role, channel.params, () => {
      compiled = true;
      return services.budget.queue.run(channel.socket, () =>
        compileAll(services.pool, channel.params, role),
      );
    });
    // A kept answer costs no database work, but still takes its turn in the fair queue (one
    // event-loop turn): when many sockets join at once, least-served first decides who goes next,
    // so a socket re-joining in a loop cannot crowd out a new visitor's join (ADR 018).
    if (!compiled) await services.budget.queue.run(channel.socket, nextTurn);
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
  const check = await services.tokens.check(token);
  if (!check.ok) return channel.shutdown(check.message);
  channel.token = token;
  channel.identity = check.identity;
  // Row-level security follows the new identity from the next change on, before its bindings
  // are compiled again (the previous ones keep delivering until then).
  services.dispatcher.update(channel);
  // Broadcast rights were decided for the previous identity (broadcast.ts).
  channel.writable = undefined;
  channel.expireAt(check.exp);
  try {
    const system = await subscribe(channel, services);
    if (system && !channel.disposed) channel.socket.send(system);
  } catch (error) {
    // Bindings still subscribed for the previous identity must not outlive it.
    if (!(error instanceof QueueFull)) throw error;
    channel.shutdown(error.message);
  }
}
