import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { groupForPath, type ServiceGroup } from '../services.ts';
import type { ConnectionMessage } from './messages.ts';
import { stopReading } from './socket-io.ts';

/**
 * A connection from the supervisor: the HTTP server takes it as if it had accepted it, then
 * reads the bytes the supervisor already read (the pattern of @socket.io/sticky). Node's parser
 * carries on with whatever the kernel still holds: the rest of a body, pipelined requests.
 */
export function acceptConnection(server: Server, message: ConnectionMessage, socket: Socket): void {
  server.emit('connection', socket);
  socket.emit('data', Buffer.from(message.head, 'base64'));
  socket.resume();
}

/**
 * A request for another group's path on a connection this worker holds (a client keeping a
 * connection alive across paths): 307 to the same URL and the connection closed, so the client
 * asks again on a new connection, which the supervisor routes right. Realtime serves no HTTP of
 * its own today, so this is rare by construction.
 */
export function misdirected(group: ServiceGroup) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (groupForPath(request.url) === group) return;
    await reply
      .code(307)
      .header('location', request.url)
      .header('connection', 'close')
      .send({ message: 'Ask again on a new connection.' });
  };
}

function rawHead(request: IncomingMessage, rest: Buffer): Buffer {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), rest]);
}

/**
 * The `http` worker's upgrades: a websocket asked for on a connection that began with an HTTP
 * request here goes back to the supervisor, which hands it to the realtime worker (browsers and
 * `ws` open a fresh connection for a websocket, so this is for other clients); any other path
 * has no websocket: 404 with Kong's body, as the single process answered.
 */
export function upgradeElsewhere(group: ServiceGroup) {
  return (request: IncomingMessage, socket: Duplex, rest: Buffer) => {
    if (groupForPath(request.url ?? '/') !== group && process.send) {
      stopReading(socket);
      process.send(
        { type: 'reroute', head: rawHead(request, rest).toString('base64') },
        socket as Socket,
      );
      return;
    }
    const body = JSON.stringify({ message: 'no Route matched with those values' });
    socket.end(
      `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}
