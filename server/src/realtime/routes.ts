import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { parseVsn } from '../lib/phoenix/frames.ts';
import { Dispatcher } from './dispatcher.ts';
import { ChangeListener } from './listener.ts';
import type { StackContext } from '../context.ts';
import { BroadcastHub } from './broadcast.ts';
import { Connection } from './connection.ts';
import { Budget } from './budget.ts';
import { BindingCache } from './binding-cache.ts';
import { TokenCache } from './token-cache.ts';
import { httpBroadcastRoutes } from './http-broadcast.ts';
import { LIMITS, resolveBudgets } from './limits.ts';
// The client address is the gateway's one rule (TRUST_PROXY), shared by every per-address limit.
import { clientAddress } from '../gateway/client-address.ts';

const PATH = '/realtime/v1/websocket';
/** Phoenix drops a socket that has sent nothing (not even a heartbeat) for 60 s. */
const IDLE_TIMEOUT_MS = 60_000;

function refuse(socket: Duplex, status: number, reason: string, body: unknown): void {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/**
 * realtime's words when a tenant's `max_concurrent_users` is reached (ConnectionRateLimitReached),
 * sent where Kong would answer a rate limit: as a 429 with a JSON body (ADR 018).
 */
function tooMany(cap: 'total' | 'address') {
  return {
    message:
      cap === 'total'
        ? 'ConnectionRateLimitReached: Too many connected users'
        : 'ConnectionRateLimitReached: Too many connections from this address',
  };
}

/**
 * Realtime at `/realtime/v1/websocket`: Phoenix channels over `ws` in noServer mode on the
 * Fastify server's `upgrade` event (upgrades bypass Fastify's routing and hooks, so the gateway's
 * API key check is repeated here with Kong's bodies). Changes come from the capture's listener
 * and fan out through one dispatcher; everything closes with the stack.
 */
export async function realtimeRoutes(app: FastifyInstance, ctx: StackContext): Promise<void> {
  const dispatcher = new Dispatcher(ctx.pools.realtime);
  const hub = new BroadcastHub();
  const bindings = new BindingCache();
  const listener = new ChangeListener(
    ctx.pools.realtime,
    (change) => dispatcher.push(change),
    () => {
      // Whatever changed while the listener was away (DDL included) is unknown: start afresh.
      bindings.clear();
      void dispatcher.rejoinAll();
    },
    () => bindings.clear(),
  );
  await listener.start();
  const budget = new Budget(resolveBudgets());
  const services = {
    pool: ctx.pools.realtime,
    jwtSecret: ctx.config.jwtSecret,
    dispatcher,
    hub,
    budget,
    tokens: new TokenCache(ctx.config.jwtSecret),
    bindings,
  };
  const addressOf = (request: IncomingMessage) => clientAddress(request, ctx.config.trustProxy);
  httpBroadcastRoutes(app, { ...services, addressOf: (request) => addressOf(request.raw) });
  const connections = new Set<Connection>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: LIMITS.frameBytes,
    // phoenix.js offers the `phoenix` subprotocol when it carries a token in the protocol list.
    handleProtocols: (protocols) => (protocols.has('phoenix') ? 'phoenix' : false),
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== PATH && url.pathname !== `${PATH}/`) {
      // Nobody else takes upgrades: answer rather than leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1)
        refuse(socket, 404, 'Not Found', { message: 'no Route matched with those values' });
      return;
    }
    const header = request.headers.apikey;
    const apiKey =
      url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined);
    if (!apiKey)
      return refuse(socket, 401, 'Unauthorized', { message: 'No API key found in request' });
    if (apiKey !== ctx.keys.anon && apiKey !== ctx.keys.serviceRole) {
      return refuse(socket, 401, 'Unauthorized', { message: 'Invalid API key' });
    }
    const vsn = parseVsn(url.searchParams.get('vsn'));
    if (!vsn) return refuse(socket, 403, 'Forbidden', { error: 'Unsupported serializer version' });
    // Descriptors are finite: past either cap the upgrade is refused before a websocket exists.
    const address = addressOf(request);
    const admitted = budget.admitSocket(address);
    if (admitted !== 'ok') return refuse(socket, 429, 'Too Many Requests', tooMany(admitted));
    // The TCP socket closes once, whether the handshake failed or the websocket ended.
    socket.once('close', () => budget.releaseSocket(address));
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, vsn, apiKey, address, services);
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    });
  };
  app.server.on('upgrade', onUpgrade);

  const sweeper = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const connection of connections) if (connection.lastSeen < cutoff) connection.terminate();
  }, IDLE_TIMEOUT_MS / 4);
  sweeper.unref();

  ctx.onClose(async () => {
    app.server.off('upgrade', onUpgrade);
    clearInterval(sweeper);
    await listener.stop();
    // 1001 "going away": realtime-js reconnects by itself when the stack is back.
    for (const connection of connections) connection.close(1001, 'server shutting down');
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    for (const connection of connections) connection.terminate();
    await dispatcher.idle();
  });
}
